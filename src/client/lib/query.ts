import {
  createContext,
  createElement,
  type ReactNode,
  useCallback,
  useContext,
  useEffect,
  useRef,
  useState,
  useSyncExternalStore,
} from 'react';

/**
 * The app's read cache: what the screens need of a query library and no more (decision record 018). A read is
 * named by a key (an array, compared by its JSON with object keys sorted; a shorter key matches every key it
 * starts), fetched once however many components read it at the same time, and kept until invalidated.
 * Spec §9 defaults: data never goes stale, nothing refetches on focus or on an interval, nothing is retried —
 * a read says otherwise (the statistics: every 30 s, 3 retries, stale after 10 s).
 */

export type QueryKey = readonly unknown[];
type Status = 'pending' | 'success' | 'error';
type StaleTime<T> = number | ((query: { state: { data: T | undefined } }) => number);

export interface QueryOptions<T> {
  queryKey: QueryKey;
  queryFn: () => Promise<T>;
  /** How long fetched data counts as fresh (ms), or a function of what is cached; default: for ever. */
  staleTime?: StaleTime<T>;
  /** Refetch this often (ms) while a component reads it. */
  refetchInterval?: number | false;
  /** Attempts after a failure (waiting 1 s, 2 s, 4 s … up to 30 s between them); default none. */
  retry?: number | false;
  /** keepPreviousData: while a new key loads, show the last key's data. */
  placeholderData?: typeof keepPreviousData;
}

export interface QueryState<T> {
  status: Status;
  data: T | undefined;
  error: Error | null;
  isFetching: boolean;
}

/** What a component reads; `isPending`, `isError` and `isSuccess` narrow `data` and `error` as TanStack Query's do. */
export type QueryResult<T> = {
  isFetching: boolean;
  isPlaceholderData: boolean;
  refetch: () => Promise<T | undefined>;
} & (
  | { status: 'pending'; isPending: true; isError: false; isSuccess: false; data: undefined; error: null }
  | { status: 'error'; isPending: false; isError: true; isSuccess: false; data: T | undefined; error: Error }
  | { status: 'success'; isPending: false; isError: false; isSuccess: true; data: T; error: null }
);

interface Entry {
  key: QueryKey;
  state: QueryState<unknown>;
  updatedAt: number;
  invalidated: boolean;
  promise: Promise<unknown> | null;
  options: QueryOptions<unknown> | null;
  observers: number;
  listeners: Set<() => void>;
}

/** Marks a query that keeps showing the previous key's data while the next one loads. */
export function keepPreviousData<T>(previous: T | undefined): T | undefined {
  return previous;
}

const sortedKeys = (_: string, value: unknown) =>
  value && typeof value === 'object' && !Array.isArray(value)
    ? Object.fromEntries(Object.entries(value).sort(([a], [b]) => (a < b ? -1 : 1)))
    : value;

const hashKey = (key: QueryKey) => JSON.stringify(key, sortedKeys);

/** Whether `key` starts with `prefix`, element by element. */
const matches = (key: QueryKey, prefix: QueryKey) => prefix.every((part, i) => hashKey([part]) === hashKey([key[i]]));

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export class QueryClient {
  private entries = new Map<string, Entry>();
  private listeners = new Set<() => void>();

  /** The entry of a key, made on first use. */
  entry(key: QueryKey): Entry {
    const hash = hashKey(key);
    let entry = this.entries.get(hash);
    if (!entry) {
      entry = {
        key,
        state: { status: 'pending', data: undefined, error: null, isFetching: false },
        updatedAt: 0,
        invalidated: false,
        promise: null,
        options: null,
        observers: 0,
        listeners: new Set(),
      };
      this.entries.set(hash, entry);
    }
    return entry;
  }

  private update(entry: Entry, change: Partial<QueryState<unknown>>): void {
    entry.state = { ...entry.state, ...change };
    for (const listener of entry.listeners) listener();
    for (const listener of this.listeners) listener();
  }

  /** Called on every change of any read (the page head waits for its screen's reads). */
  subscribe(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  getQueryState<T>(key: QueryKey): QueryState<T> | undefined {
    return this.entries.get(hashKey(key))?.state as QueryState<T> | undefined;
  }

  getQueryData<T>(key: QueryKey): T | undefined {
    return this.getQueryState<T>(key)?.data;
  }

  /** Puts data in the cache; an updater that returns undefined changes nothing. */
  setQueryData<T>(key: QueryKey, next: T | ((old: T | undefined) => T | undefined)): void {
    const entry = this.entry(key);
    const data = typeof next === 'function' ? (next as (old: T | undefined) => T | undefined)(entry.state.data as T | undefined) : next;
    if (data === undefined) return;
    entry.updatedAt = Date.now();
    entry.invalidated = false;
    this.update(entry, { status: 'success', data, error: null });
  }

  /** Fetches the entry now, or joins the fetch already under way. */
  fetch<T>(entry: Entry, options: QueryOptions<T>): Promise<T> {
    entry.options = options as QueryOptions<unknown>;
    if (entry.promise) return entry.promise as Promise<T>;
    const retries = options.retry || 0;
    const run = async (): Promise<T> => {
      for (let failures = 0; ; failures++) {
        try {
          return await options.queryFn();
        } catch (error) {
          if (failures >= retries) throw error;
          await wait(Math.min(1000 * 2 ** failures, 30_000));
        }
      }
    };
    this.update(entry, { isFetching: true });
    const promise = run().then(
      (data) => {
        entry.promise = null;
        entry.updatedAt = Date.now();
        entry.invalidated = false;
        this.update(entry, { status: 'success', data, error: null, isFetching: false });
        return data;
      },
      (error: unknown) => {
        entry.promise = null;
        this.update(entry, { status: 'error', error: error instanceof Error ? error : new Error(String(error)), isFetching: false });
        throw error;
      },
    );
    entry.promise = promise;
    return promise;
  }

  /** Whether the entry's data is missing, invalidated or older than its staleTime. */
  isStale<T>(entry: Entry, staleTime: StaleTime<T> = Number.POSITIVE_INFINITY): boolean {
    const fresh = typeof staleTime === 'function' ? staleTime({ state: entry.state as QueryState<T> }) : staleTime;
    return entry.state.status !== 'success' || entry.invalidated || Date.now() - entry.updatedAt >= fresh;
  }

  /** The data of a read: from the cache while fresh, fetched otherwise (a failure rejects). */
  fetchQuery<T>(options: QueryOptions<T>): Promise<T> {
    const entry = this.entry(options.queryKey);
    if (!this.isStale(entry, options.staleTime)) return Promise.resolve(entry.state.data as T);
    return this.fetch(entry, options);
  }

  prefetchQuery<T>(options: QueryOptions<T>): Promise<void> {
    return this.fetchQuery(options).then(
      () => undefined,
      () => undefined,
    );
  }

  /** Marks the reads under `queryKey` stale and fetches again those a component shows. */
  invalidateQueries({ queryKey }: { queryKey: QueryKey }): Promise<void> {
    const refetches: Promise<unknown>[] = [];
    for (const entry of this.entries.values()) {
      if (!matches(entry.key, queryKey)) continue;
      entry.invalidated = true;
      if (entry.observers > 0 && entry.options) refetches.push(this.fetch(entry, entry.options).catch(() => undefined));
    }
    return Promise.all(refetches).then(() => undefined);
  }

  /** Forgets the reads under `queryKey` (an operator who logs out leaves nothing of theirs behind). */
  removeQueries({ queryKey }: { queryKey: QueryKey }): void {
    for (const [hash, entry] of this.entries) {
      if (!matches(entry.key, queryKey)) continue;
      this.entries.delete(hash);
      for (const listener of entry.listeners) listener();
    }
  }
}

const QueryClientContext = createContext<QueryClient | null>(null);

export function QueryClientProvider({ client, children }: { client: QueryClient; children: ReactNode }) {
  return createElement(QueryClientContext.Provider, { value: client }, children);
}

export function useQueryClient(): QueryClient {
  const client = useContext(QueryClientContext);
  if (!client) throw new Error('useQueryClient outside QueryClientProvider');
  return client;
}

/** A read for a component: the cache's data, fetched on mount when missing or stale. */
export function useQuery<T>(options: QueryOptions<T>): QueryResult<T> {
  const client = useQueryClient();
  const entry = client.entry(options.queryKey);
  const latest = useRef(options);
  latest.current = options;
  const subscribe = useCallback(
    (listener: () => void) => {
      entry.listeners.add(listener);
      return () => entry.listeners.delete(listener);
    },
    [entry],
  );
  const state = useSyncExternalStore(
    subscribe,
    () => entry.state,
    () => entry.state,
  ) as QueryState<T>;
  const { refetchInterval } = options;
  useEffect(() => {
    entry.observers += 1;
    entry.options = latest.current as QueryOptions<unknown>;
    const refetch = () => void client.fetch(entry, latest.current).catch(() => undefined);
    if (client.isStale(entry, latest.current.staleTime) && !entry.promise) refetch();
    const timer = refetchInterval ? setInterval(refetch, refetchInterval) : undefined;
    return () => {
      entry.observers -= 1;
      clearInterval(timer);
    };
  }, [client, entry, refetchInterval]);

  const previous = useRef<T | undefined>(undefined);
  const placeholder = state.data === undefined && options.placeholderData ? previous.current : undefined;
  if (state.data !== undefined) previous.current = state.data;
  const shown: QueryState<T> = placeholder === undefined ? state : { ...state, status: 'success', data: placeholder };
  return {
    ...shown,
    isPending: shown.status === 'pending',
    isSuccess: shown.status === 'success',
    isError: shown.status === 'error',
    isPlaceholderData: placeholder !== undefined,
    refetch: () => client.fetch(entry, latest.current).catch(() => undefined),
  } as QueryResult<T>;
}

export interface MutationOptions<T, V> {
  mutationFn: (variables: V) => Promise<T>;
  onSuccess?: (data: T, variables: V) => unknown;
  onError?: (error: Error, variables: V) => unknown;
  onSettled?: (data: T | undefined, error: Error | null, variables: V) => unknown;
}

type MutationState<T> =
  | { status: 'idle' | 'pending'; data: undefined; error: null }
  | { status: 'success'; data: T; error: null }
  | { status: 'error'; data: undefined; error: Error };

/** What a component reads of a write; the flags narrow `data` and `error`. */
export type MutationResult<T, V> = {
  mutate: (variables: V) => void;
  mutateAsync: (variables: V) => Promise<T>;
  reset: () => void;
} & (
  | { status: 'idle'; isIdle: true; isPending: false; isSuccess: false; isError: false; data: undefined; error: null }
  | { status: 'pending'; isIdle: false; isPending: true; isSuccess: false; isError: false; data: undefined; error: null }
  | { status: 'success'; isIdle: false; isPending: false; isSuccess: true; isError: false; data: T; error: null }
  | { status: 'error'; isIdle: false; isPending: false; isSuccess: false; isError: true; data: undefined; error: Error }
);

/**
 * A write for a component. It runs whether or not the browser thinks it is online (a find without a connection is
 * then kept on the device). Like TanStack Query's, a mutation counts as pending until its onSuccess or onError
 * (and onSettled) have finished, awaited if they return a promise.
 */
export function useMutation<T, V = void>(options: MutationOptions<T, V>): MutationResult<T, V> {
  const [state, setState] = useState<MutationState<T>>({ status: 'idle', data: undefined, error: null });
  const latest = useRef(options);
  latest.current = options;
  const mounted = useRef(false);
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);
  const set = useCallback((next: MutationState<T>) => {
    if (mounted.current) setState(next);
  }, []);
  const mutateAsync = useCallback(
    async (variables: V): Promise<T> => {
      const { mutationFn, onSuccess, onError, onSettled } = latest.current;
      set({ status: 'pending', data: undefined, error: null });
      try {
        const data = await mutationFn(variables);
        await onSuccess?.(data, variables);
        await onSettled?.(data, null, variables);
        set({ status: 'success', data, error: null });
        return data;
      } catch (caught) {
        const error = caught instanceof Error ? caught : new Error(String(caught));
        try {
          await onError?.(error, variables);
          await onSettled?.(undefined, error, variables);
        } finally {
          set({ status: 'error', data: undefined, error });
        }
        throw error;
      }
    },
    [set],
  );
  const mutate = useCallback((variables: V) => void mutateAsync(variables).catch(() => undefined), [mutateAsync]);
  const reset = useCallback(() => set({ status: 'idle', data: undefined, error: null }), [set]);
  return {
    ...state,
    isIdle: state.status === 'idle',
    isPending: state.status === 'pending',
    isSuccess: state.status === 'success',
    isError: state.status === 'error',
    mutate,
    mutateAsync,
    reset,
  } as MutationResult<T, V>;
}
