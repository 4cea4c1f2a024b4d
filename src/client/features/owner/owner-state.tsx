import { ownerStoneAddress } from '../../../shared/api-routes';
import { formatGermanDate } from '../../../shared/dates';
import type { OwnerStoneView } from '../../../shared/types';
import { api } from '../../lib/api';
import { FormattedMessage, useIntl } from '../../lib/intl-react';
import { useMutation } from '../../lib/query';
import { Button } from '../../ui/button';
import { TitledCard } from '../../ui/titled-card';
import { useToast } from '../../ui/toast';

/**
 * The stone's state as its page shows it, and the one change its owner may make: mark it missing (its page then
 * asks finders to log it), or travelling again. Resting is a finder's word; the owner can only end it either way.
 */
export function OwnerState({ token, stone, onSaved }: { token: string; stone: OwnerStoneView; onSaved: (next: OwnerStoneView) => void }) {
  const intl = useIntl();
  const toast = useToast();
  const next = stone.status === 'missing' ? 'travelling' : 'missing';
  const save = useMutation({
    mutationFn: (status: 'missing' | 'travelling') => api(ownerStoneAddress(token), { method: 'PATCH', json: { status } }),
    onSuccess: (view) => {
      onSaved(view);
      toast({ title: intl.formatMessage({ id: `owner.state.saved.${view.status}` }) });
    },
    onError: () => toast({ title: intl.formatMessage({ id: 'owner.updateFailed' }), variant: 'error' }),
  });
  // Dates in the German locale, whatever the interface language.
  const since = formatGermanDate(stone.statusSince);
  return (
    <TitledCard id="owner-state-title" title={<FormattedMessage id="owner.state.title" />}>
      <p className="mt-3" data-testid="owner-state" data-status={stone.status}>
        <strong>
          <FormattedMessage id={`owner.state.${stone.status}`} />
        </strong>{' '}
        <FormattedMessage id="owner.state.since" values={{ date: since }} />
      </p>
      <p className="mt-1 text-sm text-stone-600">
        <FormattedMessage id={`owner.state.hint.${next}`} />
      </p>
      <Button className="mt-3" variant="secondary" disabled={save.isPending} onClick={() => save.mutate(next)}>
        <FormattedMessage id={`owner.state.mark.${next}`} />
      </Button>
    </TitledCard>
  );
}
