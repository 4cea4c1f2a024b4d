import { FormattedMessage } from 'react-intl';

/** Finds kept on this device while offline: how many wait, or how many went out once the connection returned. */
export function KeptNotice({ waiting, sent }: { waiting: number; sent: number }) {
  return waiting > 0 ? (
    <div data-testid="find-kept" className="rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900">
      <p className="font-semibold">
        <FormattedMessage id="findForm.kept.title" />
      </p>
      <p>
        <FormattedMessage id="findForm.kept.text" values={{ count: waiting }} />
      </p>
    </div>
  ) : sent > 0 ? (
    <p data-testid="find-kept-sent" className="rounded-lg border border-green-300 bg-green-50 p-3 text-sm text-green-900">
      <FormattedMessage id="findForm.sent" values={{ count: sent }} />
    </p>
  ) : null;
}
