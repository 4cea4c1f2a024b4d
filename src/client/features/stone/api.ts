import { queries } from '../../../shared/queries';
import type { StoneView } from '../../../shared/types';
import { specQuery } from '../../lib/queries';
import { useQuery } from '../../lib/query';

export const stoneQuery = (code: string) => ({
  ...specQuery(queries.stone(code)),
  // A stone that exists stays fresh (spec: never stale); "no such stone" is asked again next time.
  staleTime: ({ state }: { state: { data: StoneView | null | undefined } }) => (state.data === null ? 0 : Infinity),
});

/** The stone, or null when no stone has this code (a 404 is an answer, not a failure). */
export function useStone(code: string) {
  return useQuery(stoneQuery(code));
}
