import { formatGermanDate } from '../../../shared/dates';
import type { MessageId } from '../../../shared/i18n/message-ids';
import type { OperatorPayment } from '../../../shared/operator-types';
import { FormattedMessage, useIntl } from '../../lib/intl-react';

/** Stripe's dispute statuses as the operator reads them; the warnings (an inquiry before a chargeback) read alike. */
const DISPUTE_TEXTS: Record<string, MessageId> = {
  needs_response: 'operator.payments.status.needs_response',
  warning_needs_response: 'operator.payments.status.needs_response',
  under_review: 'operator.payments.status.under_review',
  warning_under_review: 'operator.payments.status.under_review',
  won: 'operator.payments.status.won',
  lost: 'operator.payments.status.lost',
  warning_closed: 'operator.payments.status.closed',
};

/**
 * What was paid for a stone, in the operator's edit dialog: each order with its features and amount, a refund's
 * running total and a dispute with Stripe's status, and the PaymentIntent to look up in Stripe.
 */
export function OperatorPayments({ payments }: { payments: OperatorPayment[] }) {
  const intl = useIntl();
  const money = (cents: number, currency: string) =>
    intl.formatNumber(cents / 100, { style: 'currency', currency: currency.toUpperCase() });
  return (
    <section className="space-y-2" data-testid="operator-payments">
      <h3 className="text-sm font-medium text-stone-800">
        <FormattedMessage id="operator.payments.title" />
      </h3>
      {payments.length === 0 ? (
        <p className="text-sm text-stone-600">
          <FormattedMessage id="operator.payments.none" />
        </p>
      ) : (
        <ul className="divide-y divide-stone-100 text-sm">
          {payments.map((payment) => {
            const status = payment.disputeStatus ?? '';
            return (
              <li key={payment.orderId} className="space-y-1 py-2">
                <p>
                  <span className="font-medium">
                    <FormattedMessage id={payment.upgrade ? 'operator.payments.upgrade' : 'operator.payments.created'} />
                  </span>
                  {' · '}
                  {[
                    payment.hasPhotos ? intl.formatMessage({ id: 'operator.table.photos' }) : null,
                    payment.hasStory ? intl.formatMessage({ id: 'operator.table.story' }) : null,
                  ]
                    .filter(Boolean)
                    .join(', ')}
                  {' · '}
                  <FormattedMessage
                    id="operator.payments.paid"
                    values={{ amount: money(payment.amountCents, payment.currency), date: formatGermanDate(payment.paidAt) }}
                  />
                </p>
                {payment.refundedCents > 0 && payment.refundedAt ? (
                  <p className="text-amber-900">
                    <FormattedMessage
                      id="operator.payments.refunded"
                      values={{
                        amount: money(payment.refundedCents, payment.currency),
                        total: money(payment.amountCents, payment.currency),
                        date: formatGermanDate(payment.refundedAt),
                      }}
                    />
                  </p>
                ) : null}
                {payment.disputedAt ? (
                  <p className="text-red-800">
                    <FormattedMessage
                      id="operator.payments.disputed"
                      values={{
                        date: formatGermanDate(payment.disputedAt),
                        status: intl.formatMessage({ id: DISPUTE_TEXTS[status] ?? 'operator.payments.status.other' }, { status }),
                      }}
                    />
                  </p>
                ) : null}
                {payment.paymentIntentId ? (
                  <p className="break-all font-mono text-xs text-stone-600">
                    <FormattedMessage id="operator.payments.intent" values={{ id: payment.paymentIntentId }} />
                  </p>
                ) : null}
              </li>
            );
          })}
        </ul>
      )}
      {payments.some((payment) => payment.refundedCents > 0 || payment.disputedAt) ? (
        <p className="text-xs text-stone-600">
          <FormattedMessage id="operator.payments.rule" />
        </p>
      ) : null}
    </section>
  );
}
