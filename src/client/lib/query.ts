/**
 * The app's read cache and its React hooks, in one import for the screens (decision record 018): the cache itself
 * (lib/query-cache.ts), reads for components (lib/query-hooks.ts) and writes (lib/mutation.ts).
 */

export { type MutationOptions, type MutationResult, useMutation } from './mutation';
export { keepPreviousData, QueryClient, type QueryKey, type QueryOptions, type QueryState } from './query-cache';
export { QueryClientProvider, type QueryResult, useQuery, useQueryClient } from './query-hooks';
