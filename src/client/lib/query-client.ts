import { QueryClient } from './query';

/**
 * How long the browser keeps a read that no screen has shown (decision record 018): a visitor who comes back to a
 * screen within it sees it at once; a long session keeps only what it still shows.
 */
export const UNUSED_READ_LIFETIME_MS = 5 * 60_000;

/**
 * The global defaults (never stale, no refetch on focus or interval, no retries) are lib/query-cache.ts's own.
 * A server render's client lives for one request: it keeps its reads and leaves no timer behind.
 */
export function createQueryClient(): QueryClient {
  return new QueryClient(typeof document === 'undefined' ? {} : { gcTime: UNUSED_READ_LIFETIME_MS });
}
