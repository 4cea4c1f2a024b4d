import { QueryClient } from './query';

/** Spec §9 global defaults (never stale, no refetch on focus or interval, no retries) are lib/query.ts's own. */
export function createQueryClient(): QueryClient {
  return new QueryClient();
}
