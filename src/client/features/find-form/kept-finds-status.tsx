import type { AppIntl } from '../../lib/intl';
import { FormattedMessage } from '../../lib/intl-react';
import type { useToast } from '../../ui/toast';

/**
 * What the find form says about finds kept on this device (features/offline): loaded with the offline code and its
 * texts (namespace find-kept) once the page has loaded, never with the stone page's first JavaScript. Kept finds
 * only exist once that code has run, so nothing here is needed before.
 */
export default function KeptFindsStatus({ waiting, sent }: { waiting: number; sent: number }) {
  if (waiting > 0)
    return (
      <div data-testid="find-kept" className="rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900">
        <p className="font-semibold">
          <FormattedMessage id="find-kept.findForm.kept.title" />
        </p>
        <p>
          <FormattedMessage id="find-kept.findForm.kept.text" values={{ count: waiting }} />
        </p>
      </div>
    );
  if (sent > 0)
    return (
      <p data-testid="find-kept-sent" className="rounded-lg border border-green-300 bg-green-50 p-3 text-sm text-green-900">
        <FormattedMessage id="find-kept.findForm.sent" values={{ count: sent }} />
      </p>
    );
  return null;
}

/** Tells, once kept finds went out, how many were logged and how many the server refused. */
export function announceDelivered(toast: ReturnType<typeof useToast>, intl: AppIntl, sent: number, rejected: number): void {
  if (sent) toast({ title: intl.formatMessage({ id: 'find-kept.findForm.sent' }, { count: sent }) });
  if (rejected) toast({ title: intl.formatMessage({ id: 'find-kept.findForm.rejected' }, { count: rejected }), variant: 'error' });
}
