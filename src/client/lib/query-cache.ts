/**
 * The app's read cache (decision record 018), without React: a read is named by a key (an array, compared by its
 * JSON with object keys sorted; a shorter key matches every key it starts), fetched once however many components
 * read it at the same time, and kept until invalidated — or, where the client is given a `gcTime`, until no
 * component has shown it for that long. The defaults: data never goes stale, nothing refetches on focus or on an
 * interval, nothing is retried — a read says otherwise (the statistics: every 30 s, 3 retries, stale after 10 s).
 * The React side is lib/query-hooks.ts and lib/mutation.ts; screens import all of it from lib/query.ts.
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

export interface Entry {
  key: QueryKey;
  hash: string;
  state: QueryState<unknown>;
  updatedAt: number;
  invalidated: boolean;
  promise: Promise<unknown> | null;
  options: QueryOptions<unknown> | null;
  /** Mounted components that show the entry (useQuery); while there is one, it is never evicted. */
  observers: number;
  listeners: Set<() => void>;
  eviction: ReturnType<typeof setTimeout> | undefined;
}

export interface QueryClientOptions {
  /** Forget an entry this long (ms) after the last component showing it went away; default: never. */
  gcTime?: number;
}

/** Marks a query that keeps showing the previous key's data while the next one loads. */
export function keepPreviousData<T>(previous: T | undefined): T | undefined {
  return previous;
}

/** What was thrown, as an Error (the state's `error` is always one). */
export const toError = (thrown: unknown): Error => (thrown instanceof Error ? thrown : new Error(String(thrown)));

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
  private readonly gcTime: number;

  constructor({ gcTime = Number.POSITIVE_INFINITY }: QueryClientOptions = {}) {
    this.gcTime = gcTime;
  }

  /** The entry of a key, made on first use. */
  entry(key: QueryKey): Entry {
    const hash = hashKey(key);
    let entry = this.entries.get(hash);
    if (!entry) {
      entry = {
        key,
        hash,
        state: { status: 'pending', data: undefined, error: null, isFetching: false },
        updatedAt: 0,
        invalidated: false,
        promise: null,
        options: null,
        observers: 0,
        listeners: new Set(),
        eviction: undefined,
      };
      this.entries.set(hash, entry);
      this.scheduleEviction(entry);
    }
    return entry;
  }

  /** A component shows the entry until the returned function is called; the last one gone starts its eviction. */
  observe(entry: Entry): () => void {
    entry.observers += 1;
    this.scheduleEviction(entry);
    return () => {
      entry.observers -= 1;
      this.scheduleEviction(entry);
    };
  }

  /**
   * Forgets the entry `gcTime` after it became unused: no component shows it and no fetch of it is under way (a
   * fetch that ends unobserved starts the wait again). A long session keeps only what its screens still show.
   */
  private scheduleEviction(entry: Entry): void {
    clearTimeout(entry.eviction);
    entry.eviction = undefined;
    if (entry.observers > 0 || entry.promise || this.gcTime === Number.POSITIVE_INFINITY) return;
    entry.eviction = setTimeout(() => {
      entry.eviction = undefined;
      // A fetch started since (fetchQuery, prefetchQuery) starts the wait again when it ends.
      if (entry.observers > 0 || entry.promise || this.entries.get(entry.hash) !== entry) return;
      this.entries.delete(entry.hash);
    }, this.gcTime);
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
        this.scheduleEviction(entry);
        return data;
      },
      (error: unknown) => {
        entry.promise = null;
        this.update(entry, { status: 'error', error: toError(error), isFetching: false });
        this.scheduleEviction(entry);
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
      clearTimeout(entry.eviction);
      for (const listener of entry.listeners) listener();
    }
  }
}
