import type { OperatorStoneAddress } from '../../../shared/api-routes';
import { formatGermanDate } from '../../../shared/dates';
import type { OperatorStoneView } from '../../../shared/operator-types';
import { FormattedMessage, useIntl } from '../../lib/intl-react';
import { useMutation } from '../../lib/query';
import { Button } from '../../ui/button';
import { useToast } from '../../ui/toast';
import { operatorApi } from './session';

/** The stone's state in the operator's dialog, and the same change its owner may make: missing, or travelling again. */
export function OperatorStoneState({
  stone,
  path,
  onSaved,
}: {
  stone: OperatorStoneView;
  path: OperatorStoneAddress;
  onSaved: (next: OperatorStoneView) => void;
}) {
  const intl = useIntl();
  const toast = useToast();
  const next = stone.status === 'missing' ? 'travelling' : 'missing';
  const save = useMutation({
    mutationFn: (status: 'missing' | 'travelling') => operatorApi(path, { method: 'PATCH', json: { status } }),
    onSuccess: (view) => {
      onSaved(view);
      toast({ title: intl.formatMessage({ id: `operator.edit.state.saved.${view.status}` }) });
    },
    onError: () => toast({ title: intl.formatMessage({ id: 'operator.edit.saveFailed' }), variant: 'error' }),
  });
  // Dates in the German locale, whatever the interface language.
  const since = formatGermanDate(stone.statusSince);
  return (
    <section className="space-y-2" aria-labelledby="operator-state-title">
      <h3 id="operator-state-title" className="text-sm font-medium text-stone-800">
        <FormattedMessage id="operator.edit.state" />
      </h3>
      <p className="text-sm" data-testid="operator-state" data-status={stone.status}>
        <strong>
          <FormattedMessage id={`operator.edit.state.${stone.status}`} />
        </strong>{' '}
        <FormattedMessage id="operator.edit.state.since" values={{ date: since }} />
      </p>
      <Button variant="secondary" className="px-2 py-1" disabled={save.isPending} onClick={() => save.mutate(next)}>
        <FormattedMessage id={`operator.edit.state.mark.${next}`} />
      </Button>
    </section>
  );
}
