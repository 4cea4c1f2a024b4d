import { ownerFindAddress } from '../../../shared/api-routes';
import { formatGermanDate } from '../../../shared/dates';
import { queries } from '../../../shared/queries';
import type { OwnerStoneView } from '../../../shared/types';
import { api, apiErrorMessage } from '../../lib/api';
import { FormattedMessage, useIntl } from '../../lib/intl-react';
import { useMutation, useQueryClient } from '../../lib/query';
import { Button } from '../../ui/button';
import { TitledCard } from '../../ui/titled-card';
import { useToast } from '../../ui/toast';
import { OwnerFindPhoto, type PhotoDecision } from './owner-find-photo';

/**
 * Every find, hidden ones marked, each with hide / show again (spam and bogus places happen); a find the operator hid
 * says so instead, as only the operator can show it again.
 */
export function OwnerFinds({ token, stone, onSaved }: { token: string; stone: OwnerStoneView; onSaved: (next: OwnerStoneView) => void }) {
  const intl = useIntl();
  const toast = useToast();
  const queryClient = useQueryClient();
  const toggle = useMutation({
    mutationFn: ({ id, change }: { id: string; change: { hidden: boolean } | { accept: true } | { photo: PhotoDecision } }) =>
      api(ownerFindAddress(token, id), {
        method: 'PATCH',
        json: change,
      }),
    onSuccess: async (next) => {
      onSaved(next);
      toast({ title: intl.formatMessage({ id: 'owner.finds.changed' }) });
      // The public stone and the totals changed too.
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: queries.stone(stone.code).key }),
        queryClient.invalidateQueries({ queryKey: queries.statistics().key }),
      ]);
    },
    onError: (error) =>
      toast({
        title: intl.formatMessage({ id: 'owner.finds.failed' }),
        description: apiErrorMessage(error) ?? undefined,
        variant: 'error',
      }),
  });
  return (
    <TitledCard id="owner-finds-title" title={<FormattedMessage id="owner.finds.title" />}>
      <p className="mt-1 text-sm text-stone-600">
        <FormattedMessage id="owner.finds.hint" />
      </p>
      {stone.finds.length ? (
        <ol className="mt-4 divide-y divide-stone-200" data-testid="owner-finds">
          {stone.finds.map((find, i) => (
            <li key={find.id} className={`flex flex-wrap items-center justify-between gap-3 py-3 ${find.hidden ? 'text-stone-400' : ''}`}>
              <div>
                <p className="font-medium">
                  {i + 1}. {find.location}{' '}
                  {find.hidden ? (
                    <span className="ml-1 rounded bg-stone-200 px-1.5 py-0.5 text-xs font-semibold text-stone-700">
                      <FormattedMessage id={find.hiddenBy === 'operator' ? 'owner.finds.hiddenByOperator' : 'owner.finds.hidden'} />
                    </span>
                  ) : null}
                </p>
                <p className="text-sm">
                  {formatGermanDate(find.createdAt)}
                  {find.comment ? ` – ${find.comment}` : ''}
                </p>
                {find.flag ? (
                  <p className="text-sm font-medium text-amber-800">
                    <FormattedMessage id={find.flag === 'speed' ? 'owner.finds.flagSpeed' : 'owner.finds.flagRepeat'} />
                    {find.flagAccepted ? (
                      <>
                        {' – '}
                        <FormattedMessage id="owner.finds.accepted" />
                      </>
                    ) : null}
                  </p>
                ) : null}
                <OwnerFindPhoto
                  find={find}
                  busy={toggle.isPending}
                  onDecide={(photo) => toggle.mutate({ id: find.id, change: { photo } })}
                />
              </div>
              {find.hiddenBy === 'operator' ? (
                // The operator hid it (after a report, or on their own): its owner cannot show it again.
                <p className="max-w-xs text-sm text-stone-600" data-testid="owner-find-operator-hidden">
                  <FormattedMessage id="owner.finds.operatorOnly" />
                </p>
              ) : (
                <span className="flex flex-wrap gap-2">
                  {find.pending ? (
                    <Button disabled={toggle.isPending} onClick={() => toggle.mutate({ id: find.id, change: { accept: true } })}>
                      <FormattedMessage id="owner.finds.accept" />
                    </Button>
                  ) : null}
                  <Button
                    variant="secondary"
                    disabled={toggle.isPending}
                    onClick={() => toggle.mutate({ id: find.id, change: { hidden: !find.hidden } })}
                  >
                    <FormattedMessage id={find.hidden ? 'owner.finds.show' : 'owner.finds.hide'} />
                  </Button>
                </span>
              )}
            </li>
          ))}
        </ol>
      ) : (
        <p className="mt-3 text-sm text-stone-600">
          <FormattedMessage id="owner.finds.none" />
        </p>
      )}
    </TitledCard>
  );
}
