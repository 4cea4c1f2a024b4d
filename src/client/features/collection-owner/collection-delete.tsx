import { ownerCollectionAddress } from '../../../shared/api-routes';
import type { OwnerCollectionView } from '../../../shared/types';
import { DeleteSection, type DeleteTexts } from '../owner/delete-section';

const TEXTS: DeleteTexts = {
  title: 'collection.owner.delete.title',
  text: 'collection.owner.delete.text',
  open: 'collection.owner.delete.open',
  dialogTitle: 'collection.owner.delete.dialogTitle',
  confirmLabel: 'collection.owner.delete.confirmLabel',
  confirm: 'collection.owner.delete.confirm',
  deleting: 'collection.owner.delete.deleting',
  failed: 'collection.owner.delete.failed',
  cancel: 'collection.owner.cancel',
};

/** "Sammlung löschen": the collection with its stones (they were made for it) and everything about them, after typing its title. */
export function CollectionDelete({
  token,
  collection,
  onDeleted,
}: {
  token: string;
  collection: OwnerCollectionView;
  onDeleted: () => void;
}) {
  return (
    <DeleteSection
      id="collection-delete"
      texts={TEXTS}
      values={{ title: collection.title, count: collection.stones.length }}
      expected={collection.title}
      path={ownerCollectionAddress(token)}
      onDeleted={onDeleted}
    />
  );
}
