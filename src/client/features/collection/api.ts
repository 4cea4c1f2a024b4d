import { queries } from '../../../shared/queries';
import type { CollectionView } from '../../../shared/types';
import { specQuery } from '../../lib/queries';
import { useQuery } from '../../lib/query';

/** The collection, or null when no collection has this id (a 404 is an answer, not a failure). */
export function useCollection(id: string) {
  return useQuery({
    ...specQuery(queries.collection(id)),
    staleTime: ({ state }: { state: { data: CollectionView | null | undefined } }) => (state.data === null ? 0 : Infinity),
  });
}
