import { reportAddress } from '../../../../shared/api-routes';
import { formatGermanDate } from '../../../../shared/dates';
import { pathTo } from '../../../../shared/routes';
import type { ReportAction } from '../../../../shared/schemas/report';
import type { ReportedFind } from '../../../../shared/types';
import { apiErrorMessage } from '../../../lib/api';
import type { MessageId } from '../../../lib/intl';
import { FormattedMessage, useIntl } from '../../../lib/intl-react';
import { useMutation, useQueryClient } from '../../../lib/query';
import { Button } from '../../../ui/button';
import { useToast } from '../../../ui/toast';
import { operatorApi } from '../session';
import { ReportPhoto } from './report-photo';

/** The moderation list's reads, every page of it. */
export const reportsKey = ['operator', 'reports'] as const;

/** The buttons' texts and what the toast says after each. */
const ACTIONS: Record<ReportAction, { button: MessageId; done: MessageId }> = {
  hide: { button: 'operator.reports.hide', done: 'operator.reports.hidden' },
  'remove-photo': { button: 'operator.reports.removePhoto', done: 'operator.reports.photoRemoved' },
  dismiss: { button: 'operator.reports.dismiss', done: 'operator.reports.dismissed' },
};

/** One reported find: its stone, the find as the public sees it, what reporters said, and the operator's answers. */
export function ReportItem({ item }: { item: ReportedFind }) {
  const intl = useIntl();
  const toast = useToast();
  const queryClient = useQueryClient();
  const resolve = useMutation({
    mutationFn: (action: ReportAction) => operatorApi(reportAddress(item.find.id), { method: 'POST', json: { action } }),
    onSuccess: (_, action) => {
      toast({ title: intl.formatMessage({ id: ACTIONS[action].done }) });
      void queryClient.invalidateQueries({ queryKey: reportsKey });
      // The stone table and an open stone dialog show the find too.
      void queryClient.invalidateQueries({ queryKey: ['operator', 'stones'] });
    },
    onError: (error) =>
      toast({
        title: intl.formatMessage({ id: 'operator.reports.failed' }),
        description: apiErrorMessage(error) ?? undefined,
        variant: 'error',
      }),
  });
  const { find, stone } = item;
  const titleId = `report-${find.id}`;
  const actions: ReportAction[] = find.photo?.url ? ['hide', 'remove-photo', 'dismiss'] : ['hide', 'dismiss'];

  return (
    <li className="space-y-3 py-4 text-sm" aria-labelledby={titleId} data-testid="reported-find">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h3 id={titleId} className="text-base font-semibold">
          {find.location} · {formatGermanDate(find.createdAt)}
        </h3>
        <a href={pathTo('stone', { code: stone.code })} className="text-amber-800 underline" target="_blank" rel="noreferrer">
          {stone.title} ({stone.code})
        </a>
      </div>
      {find.comment ? <p className="whitespace-pre-line text-stone-800">{find.comment}</p> : null}
      {find.hidden ? (
        <p className="font-medium text-stone-600">
          <FormattedMessage id="operator.reports.alreadyHidden" />
        </p>
      ) : null}
      {find.photo ? <ReportPhoto photo={find.photo} /> : null}
      <p>
        <FormattedMessage id="operator.reports.reasons" />:{' '}
        {item.reasons
          .map(({ reason, count }) => `${intl.formatMessage({ id: `operator.reports.reason.${reason}` })} (${count})`)
          .join(', ')}
      </p>
      {item.notes.length > 0 ? (
        <ul className="list-disc space-y-1 pl-5 text-stone-700">
          {item.notes.map((note) => (
            <li key={`${note.createdAt}-${note.note}`} className="whitespace-pre-line">
              {note.note}
            </li>
          ))}
        </ul>
      ) : null}
      <p className="text-stone-600">
        <FormattedMessage
          id="operator.reports.times"
          values={{ count: item.reportCount, first: formatGermanDate(item.firstReportedAt), last: formatGermanDate(item.lastReportedAt) }}
        />
      </p>
      <div className="flex flex-wrap gap-2">
        {actions.map((action) => (
          <Button
            key={action}
            variant={action === 'dismiss' ? 'secondary' : 'primary'}
            disabled={resolve.isPending}
            onClick={() => resolve.mutate(action)}
          >
            <FormattedMessage id={ACTIONS[action].button} />
          </Button>
        ))}
      </div>
    </li>
  );
}
