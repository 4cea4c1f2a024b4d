import type { FormEvent } from 'react';
import { findReportAddress } from '../../../shared/api-routes';
import { pathTo } from '../../../shared/routes';
import { MAX_REPORT_NOTE_LENGTH, REPORT_REASONS, type ReportReason } from '../../../shared/schemas/report';
import { api, apiErrorMessage } from '../../lib/api';
import type { MessageId } from '../../lib/intl';
import { FormattedMessage } from '../../lib/intl-react';
import { useMutation } from '../../lib/query';
import { useRouter } from '../../lib/router';
import { Button } from '../../ui/button';

/** What the form says after a plain form post came back refused (`?fehler=` names the API's error code). */
const POSTED_ERRORS: Record<string, MessageId> = {
  RATE_LIMITED: 'report.error.rateLimited',
  VALIDATION_ERROR: 'report.error.invalid',
};

/**
 * The report form: the reasons as radio buttons and an optional note. Without JavaScript it is a plain form post
 * that the server answers with the confirmation page (or this page again with the error); with it, the same
 * report goes as JSON and the confirmation page opens without a reload.
 */
export function ReportForm({ code, findId }: { code: string; findId: string }) {
  const { location, navigate } = useRouter();
  const action = findReportAddress(code, findId);
  const mutation = useMutation({
    mutationFn: (input: { reason: ReportReason; note: string }) => api(action, { method: 'POST', json: input }),
    onSuccess: () => navigate(pathTo('findReported', { code, findId })),
  });
  const posted = new URLSearchParams(location.search).get('fehler');

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    // Read from the form itself: a choice made before the page's script arrived is kept.
    const form = new FormData(event.currentTarget);
    const reason = REPORT_REASONS.find((value) => value === form.get('reason'));
    const note = form.get('note');
    if (reason) mutation.mutate({ reason, note: typeof note === 'string' ? note : '' });
  };

  return (
    <form method="post" action={action} onSubmit={submit} className="mt-8 space-y-6" data-testid="report-form">
      <fieldset>
        <legend className="font-medium">
          <FormattedMessage id="report.reason.legend" />
        </legend>
        <div className="mt-3 space-y-2">
          {REPORT_REASONS.map((value) => (
            <label key={value} className="flex items-center gap-3 rounded-lg border border-stone-200 bg-white px-3 py-2">
              <input type="radio" name="reason" value={value} required className="size-4 accent-amber-700" />
              <FormattedMessage id={`report.reason.${value}`} />
            </label>
          ))}
        </div>
      </fieldset>
      <div>
        <label htmlFor="report-note" className="font-medium">
          <FormattedMessage id="report.note.label" />
        </label>
        <p id="report-note-hint" className="text-sm text-stone-600">
          <FormattedMessage id="report.note.hint" values={{ max: MAX_REPORT_NOTE_LENGTH }} />
        </p>
        <textarea
          id="report-note"
          name="note"
          rows={4}
          maxLength={MAX_REPORT_NOTE_LENGTH}
          aria-describedby="report-note-hint"
          className="mt-2 w-full rounded-lg border border-stone-300 p-2"
        />
      </div>
      {mutation.isError || posted ? (
        <p role="alert" className="rounded-lg bg-red-50 p-3 text-red-800">
          {mutation.isError ? (
            (apiErrorMessage(mutation.error) ?? <FormattedMessage id="report.error.failed" />)
          ) : (
            <FormattedMessage id={POSTED_ERRORS[posted ?? ''] ?? 'report.error.failed'} />
          )}
        </p>
      ) : null}
      <Button type="submit" disabled={mutation.isPending}>
        <FormattedMessage id={mutation.isPending ? 'report.pending' : 'report.submit'} />
      </Button>
    </form>
  );
}
