import { ownerStoneAddress } from '../../../shared/api-routes';
import type { OwnerStoneView } from '../../../shared/types';
import { FormattedMessage } from '../../lib/intl-react';
import { DeleteSection, type DeleteTexts } from './delete-section';

const TEXTS: DeleteTexts = {
  title: 'owner.delete.title',
  text: 'owner.delete.text',
  open: 'owner.delete.open',
  dialogTitle: 'owner.delete.dialogTitle',
  confirmLabel: 'owner.delete.confirmLabel',
  confirm: 'owner.delete.confirm',
  deleting: 'owner.delete.deleting',
  failed: 'owner.delete.failed',
  cancel: 'owner.cancel',
};

/**
 * "Stein löschen": the stone with everything about it, after typing its code. A stone of a memorial collection
 * leaves the collection, which stays with its other stones; a paid stone's payment stays only as a receipt.
 */
export function OwnerDelete({ token, stone, onDeleted }: { token: string; stone: OwnerStoneView; onDeleted: () => void }) {
  return (
    <DeleteSection
      id="owner-delete"
      texts={TEXTS}
      values={{ code: stone.code }}
      expected={stone.code}
      path={ownerStoneAddress(token)}
      onDeleted={onDeleted}
      extra={
        stone.collection || stone.isPaid ? (
          <ul className="mt-2 list-disc space-y-1 pl-5 text-sm text-stone-600">
            {stone.collection ? (
              <li>
                <FormattedMessage id="owner.delete.collection" values={{ title: stone.collection.title }} />
              </li>
            ) : null}
            {stone.isPaid ? (
              <li>
                <FormattedMessage id="owner.delete.paid" />
              </li>
            ) : null}
          </ul>
        ) : null
      }
    />
  );
}
