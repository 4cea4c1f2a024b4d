import { useQuery } from '@tanstack/react-query';
import type { StoneView } from '../../../shared/types';
import { ApiRequestError, api } from '../../lib/api';
import { queryKeys } from '../../lib/query-keys';

/** The stone, or null when no stone has this code (a 404 is an answer, not a failure). */
export async function fetchStone(code: string): Promise<StoneView | null> {
  try {
    return await api<StoneView>(`/api/stones/${encodeURIComponent(code)}`);
  } catch (error) {
    if (error instanceof ApiRequestError && error.status === 404) return null;
    throw error;
  }
}

export const stoneQuery = (code: string) => ({
  queryKey: queryKeys.stone(code),
  queryFn: () => fetchStone(code),
  // A stone that exists stays fresh (spec: never stale); "no such stone" is asked again next time.
  staleTime: ({ state }: { state: { data: StoneView | null | undefined } }) => (state.data === null ? 0 : Infinity),
});

export function useStone(code: string) {
  return useQuery(stoneQuery(code));
}
