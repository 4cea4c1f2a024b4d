import { useState } from 'react';
import { ownerStoneAddress } from '../../../shared/api-routes';
import type { MessageId } from '../../../shared/i18n/message-ids';
import { OWNER_NOTIFY, type OwnerNotify } from '../../../shared/schemas/notify';
import type { OwnerStoneView } from '../../../shared/types';
import { api } from '../../lib/api';
import { FormattedMessage, useIntl } from '../../lib/intl-react';
import { useMutation } from '../../lib/query';
import { FrequencyChoice } from '../../ui/frequency-choice';
import { TitledCard } from '../../ui/titled-card';
import { useToast } from '../../ui/toast';

const LABELS: Record<OwnerNotify, MessageId> = {
  instant: 'owner.mails.choice.instant',
  daily: 'owner.mails.choice.daily',
  weekly: 'owner.mails.choice.weekly',
  off: 'owner.mails.choice.off',
};
const SAVED: Record<OwnerNotify, MessageId> = {
  instant: 'owner.mails.on',
  daily: 'owner.mails.daily',
  weekly: 'owner.mails.weekly',
  off: 'owner.mails.off',
};

/** How often the owner hears of finds: a mail per find (the default), a daily or weekly letter, or not at all. */
export function OwnerMails({ token, stone, onSaved }: { token: string; stone: OwnerStoneView; onSaved: (next: OwnerStoneView) => void }) {
  const intl = useIntl();
  const toast = useToast();
  // What the owner just chose shows at once (in the same render as the click); the saved value takes over when
  // the answer comes, and a failure falls back to it.
  const [chosen, setChosen] = useState<OwnerNotify | null>(null);
  const save = useMutation({
    mutationFn: (notify: OwnerNotify) => api(ownerStoneAddress(token), { method: 'PATCH', json: { notify } }),
    onSuccess: (next) => {
      onSaved(next);
      toast({ title: intl.formatMessage({ id: SAVED[next.notify] }) });
    },
    onError: () => toast({ title: intl.formatMessage({ id: 'owner.updateFailed' }), variant: 'error' }),
    onSettled: () => setChosen(null),
  });
  return (
    <TitledCard id="owner-mails-title" title={<FormattedMessage id="owner.mails.title" />}>
      <FrequencyChoice
        name="owner-notify"
        legend="owner.mails.notify"
        choices={OWNER_NOTIFY}
        labels={LABELS}
        value={chosen ?? stone.notify}
        disabled={chosen !== null}
        onChange={(next) => {
          setChosen(next);
          save.mutate(next);
        }}
      />
    </TitledCard>
  );
}
