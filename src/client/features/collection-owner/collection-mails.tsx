import { useState } from 'react';
import { ownerCollectionAddress } from '../../../shared/api-routes';
import type { MessageId } from '../../../shared/i18n/message-ids';
import { OWNER_NOTIFY, type OwnerNotify } from '../../../shared/schemas/notify';
import type { OwnerCollectionView } from '../../../shared/types';
import { api } from '../../lib/api';
import { FormattedMessage, useIntl } from '../../lib/intl-react';
import { useMutation } from '../../lib/query';
import { FrequencyChoice } from '../../ui/frequency-choice';
import { TitledCard } from '../../ui/titled-card';
import { useToast } from '../../ui/toast';

const LABELS: Record<OwnerNotify, MessageId> = {
  instant: 'collection.mails.choice.instant',
  daily: 'collection.mails.choice.daily',
  weekly: 'collection.mails.choice.weekly',
  off: 'collection.mails.choice.off',
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
  const intl = useIntl();
  const toast = useToast();
  const [chosen, setChosen] = useState<OwnerNotify | null>(null);
  const save = useMutation({
    mutationFn: (notify: OwnerNotify) => api(ownerCollectionAddress(token), { method: 'PATCH', json: { notify } }),
    onSuccess: (next) => {
      onSaved(next);
      toast({ title: intl.formatMessage({ id: 'collection.mails.saved' }) });
    },
    onError: () => toast({ title: intl.formatMessage({ id: 'collection.mails.failed' }), variant: 'error' }),
    onSettled: () => setChosen(null),
  });
  return (
    <TitledCard id="collection-mails-title" title={<FormattedMessage id="collection.mails.title" />}>
      <FrequencyChoice
        name="collection-notify"
        legend="collection.mails.notify"
        choices={OWNER_NOTIFY}
        labels={LABELS}
        value={chosen ?? collection.notify}
        disabled={chosen !== null}
        onChange={(next) => {
          setChosen(next);
          save.mutate(next);
        }}
      />
    </TitledCard>
  );
}
