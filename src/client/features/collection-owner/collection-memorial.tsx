import { ownerCollectionAddress } from '../../../shared/api-routes';
import type { OwnerCollectionView } from '../../../shared/types';
import { api } from '../../lib/api';
import { MemorialCard, type MemorialTexts } from '../owner/memorial-card';

const TEXTS: MemorialTexts = {
  title: 'collection.memorial.title',
  intro: 'collection.memorial.intro',
  legend: 'collection.memorial.legend',
  day: 'collection.memorial.day',
  month: 'collection.memorial.month',
  none: 'collection.memorial.none',
  incomplete: 'collection.memorial.incomplete',
  anniversary: 'collection.memorial.anniversary',
  letter: 'collection.memorial.letter',
  save: 'collection.memorial.save',
  saving: 'collection.owner.saving',
  remove: 'collection.memorial.remove',
  saved: 'collection.memorial.saved',
  savedNone: 'collection.memorial.savedNone',
  failed: 'collection.owner.saveFailed',
};

/** The collection's day to remember and whether its owner gets the collection's letter of the year on it. */
export function CollectionMemorial({
  token,
  collection,
  onSaved,
}: {
  token: string;
  collection: OwnerCollectionView;
  onSaved: (next: OwnerCollectionView) => void;
}) {
  return (
    <MemorialCard
      id="collection-memorial"
      value={collection}
      createdAt={collection.createdAt}
      texts={TEXTS}
      save={(choice) => api(ownerCollectionAddress(token), { method: 'PATCH', json: choice })}
      onSaved={onSaved}
    />
  );
}
