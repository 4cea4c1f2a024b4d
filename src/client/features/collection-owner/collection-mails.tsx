import { ownerCollectionAddress } from '../../../shared/api-routes';
import type { OwnerCollectionView } from '../../../shared/types';
import { api } from '../../lib/api';
import { NotifyCard, type NotifyTexts } from '../owner/notify-card';

const TEXTS: NotifyTexts = {
  title: 'collection.mails.title',
  legend: 'collection.mails.notify',
  choices: {
    instant: 'collection.mails.choice.instant',
    daily: 'collection.mails.choice.daily',
    weekly: 'collection.mails.choice.weekly',
    off: 'collection.mails.choice.off',
  },
  saved: () => 'collection.mails.saved',
  failed: 'collection.mails.failed',
};

/**
 * How often the collection's owner hears of its stones' finds: one choice for the whole set (a daily letter then
 * tells the finds of all its stones at once). Each stone's own owner page may choose otherwise later.
 */
export function CollectionMails({
  token,
  collection,
  onSaved,
}: {
  token: string;
  collection: OwnerCollectionView;
  onSaved: (next: OwnerCollectionView) => void;
}) {
  return (
    <NotifyCard
      id="collection-mails-title"
      value={collection.notify}
      texts={TEXTS}
      save={(notify) => api(ownerCollectionAddress(token), { method: 'PATCH', json: { notify } })}
      onSaved={onSaved}
    />
  );
}
