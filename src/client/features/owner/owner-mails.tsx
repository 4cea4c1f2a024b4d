import { useState } from 'react';
import { ownerStoneAddress } from '../../../shared/api-routes';
import type { OwnerStoneView } from '../../../shared/types';
import { api } from '../../lib/api';
import { FormattedMessage, useIntl } from '../../lib/intl-react';
import { useMutation } from '../../lib/query';
import { TitledCard } from '../../ui/titled-card';
import { useToast } from '../../ui/toast';

/** Whether the owner gets a mail for each find. */
export function OwnerMails({ token, stone, onSaved }: { token: string; stone: OwnerStoneView; onSaved: (next: OwnerStoneView) => void }) {
  const intl = useIntl();
  const toast = useToast();
  // What the owner just chose shows at once (in the same render as the click); the saved value takes over when
  // the answer comes, and a failure falls back to it.
  const [chosen, setChosen] = useState<boolean | null>(null);
  const save = useMutation({
    mutationFn: (notifyOnFind: boolean) => api(ownerStoneAddress(token), { method: 'PATCH', json: { notifyOnFind } }),
    onSuccess: (next) => {
      onSaved(next);
      toast({ title: intl.formatMessage({ id: next.notifyOnFind ? 'owner.mails.on' : 'owner.mails.off' }) });
    },
    onError: () => toast({ title: intl.formatMessage({ id: 'owner.updateFailed' }), variant: 'error' }),
    onSettled: () => setChosen(null),
  });
  return (
    <TitledCard id="owner-mails-title" title={<FormattedMessage id="owner.mails.title" />}>
      <label className="mt-3 flex items-center gap-3">
        <input
          type="checkbox"
          checked={chosen ?? stone.notifyOnFind}
          disabled={chosen !== null}
          onChange={(event) => {
            setChosen(event.target.checked);
            save.mutate(event.target.checked);
          }}
        />
        <FormattedMessage id="owner.mails.notify" />
      </label>
    </TitledCard>
  );
}
