import { normalizeCollectionId } from '../../../shared/collection';
import { ApiError } from '../../lib/errors';

export const collectionNotFound = () => new ApiError(404, 'COLLECTION_NOT_FOUND', 'server.api.collectionNotFound');

/** The canonical id of a path parameter (any case), or a 404: an id that cannot be one names no collection. */
export function collectionIdParam(raw: string | undefined): string {
  const id = normalizeCollectionId(raw ?? '');
  if (!id) throw collectionNotFound();
  return id;
}
