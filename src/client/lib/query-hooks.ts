import { createContext, createElement, type ReactNode, useCallback, useContext, useEffect, useRef, useSyncExternalStore } from 'react';
import type { QueryClient, QueryOptions, QueryState } from './query-cache';

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

const QueryClientContext = createContext<QueryClient | null>(null);

export function QueryClientProvider({ client, children }: { client: QueryClient; children?: ReactNode }) {
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
    const release = client.observe(entry);
    entry.options = latest.current as QueryOptions<unknown>;
    const refetch = () => void client.fetch(entry, latest.current).catch(() => undefined);
    if (client.isStale(entry, latest.current.staleTime) && !entry.promise) refetch();
    const timer = refetchInterval ? setInterval(refetch, refetchInterval) : undefined;
    return () => {
      release();
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
