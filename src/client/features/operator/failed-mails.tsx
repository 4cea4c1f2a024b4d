import { failedMailsAddress, resendMailAddress } from '../../../shared/api-routes';
import { formatGermanDate } from '../../../shared/dates';
import { apiErrorMessage } from '../../lib/api';
import { FormattedMessage, useIntl } from '../../lib/intl-react';
import { useMutation, useQuery, useQueryClient } from '../../lib/query';
import { Button } from '../../ui/button';
import { Card } from '../../ui/card';
import { useToast } from '../../ui/toast';
import { operatorApi, operatorList } from './session';

/** Mails that could not be delivered, each with a resend. */
export function FailedMails() {
  const intl = useIntl();
  const toast = useToast();
  const queryClient = useQueryClient();
  const mails = useQuery({ queryKey: ['operator', 'mails'], queryFn: () => operatorList(failedMailsAddress()) });
  const resend = useMutation({
    mutationFn: (id: string) => operatorApi(resendMailAddress(id), { method: 'POST' }),
    onSuccess: () => {
      toast({ title: intl.formatMessage({ id: 'operator.mails.resent' }) });
      void queryClient.invalidateQueries({ queryKey: ['operator', 'mails'] });
    },
    onError: (error) =>
      toast({
        title: intl.formatMessage({ id: 'operator.mails.resendFailed' }),
        description: apiErrorMessage(error) ?? undefined,
        variant: 'error',
      }),
  });
  return (
    <Card aria-labelledby="admin-mails-title" className="space-y-4">
      <h2 id="admin-mails-title" className="text-xl font-semibold">
        <FormattedMessage id="operator.mails.title" />
      </h2>
      {mails.isPending ? (
        <p className="text-stone-600">
          <FormattedMessage id="operator.mails.loading" />
        </p>
      ) : mails.isError || mails.data.items.length === 0 ? (
        <p className="text-stone-600">
          <FormattedMessage id="operator.mails.empty" />
        </p>
      ) : (
        <ul className="divide-y divide-stone-100" aria-label={intl.formatMessage({ id: 'operator.mails.title' })}>
          {mails.data.items.map((mail) => (
            <li key={mail.id} className="flex flex-wrap items-start justify-between gap-3 py-3 text-sm">
              <div className="min-w-0 space-y-1">
                <p className="font-medium">{mail.subject}</p>
                <p className="break-all text-stone-600">
                  <FormattedMessage id="operator.mails.to" />: {mail.recipient} · {formatGermanDate(mail.createdAt)} ·{' '}
                  <FormattedMessage id="operator.mails.attempts" />: {mail.attempts}
                </p>
                {mail.lastError ? (
                  <p className="break-all text-red-700">
                    <FormattedMessage id="operator.mails.error" />: {mail.lastError}
                  </p>
                ) : null}
              </div>
              <Button variant="secondary" disabled={resend.isPending} onClick={() => resend.mutate(mail.id)}>
                <FormattedMessage id="operator.mails.resend" />
              </Button>
            </li>
          ))}
        </ul>
      )}
      {mails.data && mails.data.total > mails.data.items.length ? (
        <p className="text-sm text-stone-600">
          <FormattedMessage id="operator.mails.more" values={{ shown: mails.data.items.length, total: mails.data.total }} />
        </p>
      ) : null}
    </Card>
  );
}
