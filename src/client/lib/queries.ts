import type { Address } from '../../shared/api-table';
import type { QuerySpec } from '../../shared/queries';
import { ApiRequestError, api } from './api';

/** Fetches a query spec's path: its JSON, or null for a 404 where the spec says a 404 is an answer. */
export async function fetchSpec<T>(spec: QuerySpec<T>): Promise<T> {
  try {
    // The spec's own type says what its path answers (shared/queries.ts reads it off the table of routes).
    return await api(spec.path as Address<never>);
  } catch (error) {
    if (spec.nullOn404 && error instanceof ApiRequestError && error.status === 404) return null as T;
    throw error;
  }
}

/** Read options for a spec: the same key the Worker filled, the same path it read. */
export function specQuery<T>(spec: QuerySpec<T>) {
  return { queryKey: spec.key, queryFn: () => fetchSpec(spec) };
}
