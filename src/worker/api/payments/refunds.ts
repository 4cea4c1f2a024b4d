import { eq } from 'drizzle-orm';
import type Stripe from 'stripe';
import type { Db } from '../../db/client';
import { orders, stones } from '../../db/schema';
import { log } from '../../lib/logger';
import { mailDedupe } from '../../mail/builders';
import type { MailJob } from '../../mail/jobs';
import { insertMail } from '../../mail/queries';
import { isDeletedStoneOrder, orderOfIntent } from './queries';

/** The webhook's events about money that comes back: a refund, a dispute opened or closed (decision record 036). */
export const PAYMENT_CHANGES = ['charge.refunded', 'charge.dispute.created', 'charge.dispute.closed'] as const;
export type PaymentChange = (typeof PAYMENT_CHANGES)[number];
export const isPaymentChange = (type: string): type is PaymentChange => (PAYMENT_CHANGES as readonly string[]).includes(type);

const intentOf = (value: string | { id: string } | null) => (typeof value === 'string' ? value : (value?.id ?? null));

/**
 * Records a refund or a dispute on its order and writes the buyer one mail about it (in the order's language): the
 * stone keeps what was paid for. A refund is recorded as Stripe's running total, a dispute with Stripe's status, so
 * an event delivered twice changes nothing; the mail's dedupe key is the order, the kind of change and the amount.
 * Returns the outbox ids to queue.
 */
export async function recordPaymentChange(db: Db, event: Stripe.Event & { type: PaymentChange }, now = new Date()): Promise<string[]> {
  const object = event.data.object as Stripe.Charge | Stripe.Dispute;
  const intentId = intentOf(object.payment_intent);
  const order = intentId ? await orderOfIntent(db, intentId) : null;
  if (!order?.stoneId || isDeletedStoneOrder(order)) {
    log.info('stripe payment change without a stone', { type: event.type, paymentIntentId: intentId });
    return [];
  }
  const stone = await db.select({ code: stones.code, title: stones.title }).from(stones).where(eq(stones.id, order.stoneId)).get();
  const facts = { orderId: order.id, code: stone?.code ?? '', title: stone?.title ?? order.title, currency: order.currency };
  let job: MailJob | null = null;
  if (event.type === 'charge.refunded') {
    const charge = object as Stripe.Charge;
    if (charge.amount_refunded <= order.refundedCents) return [];
    await db
      .update(orders)
      .set({ refundedCents: charge.amount_refunded, refundedAt: order.refundedAt ?? now })
      .where(eq(orders.id, order.id))
      .run();
    job = { kind: 'payment', event: 'refunded', ...facts, amountCents: charge.amount_refunded, full: charge.refunded };
  } else {
    const dispute = object as Stripe.Dispute;
    await db
      .update(orders)
      .set({ disputedAt: order.disputedAt ?? now, disputeStatus: dispute.status })
      .where(eq(orders.id, order.id))
      .run();
    // The buyer hears when a dispute is opened; its end (won or lost) is the operator's to read in the admin.
    if (event.type === 'charge.dispute.created')
      job = { kind: 'payment', event: 'disputed', ...facts, amountCents: dispute.amount, full: false };
  }
  if (!job || !stone) return [];
  const key = mailDedupe.payment(order.id, job.event, job.amountCents);
  const rows = await insertMail(db, job, order.creatorEmail, order.locale, key, now);
  return rows.map((row) => row.id);
}
