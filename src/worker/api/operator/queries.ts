import { and, asc, count, desc, eq, gte } from 'drizzle-orm';
import type { FailedMail, OperatorCounters, OperatorPayment } from '../../../shared/operator-types';
import type { Db } from '../../db/client';
import { emailOutbox, finds, orders, siteTotals, stones } from '../../db/schema';

/** "This week" is a 7-day window. */
const WEEK_MS = 7 * 24 * 60 * 60 * 1000;

/** The three counters: two from the kept totals, the week's from the creation-date index (only that week's rows). */
export async function operatorCounters(db: Db, now = new Date()): Promise<OperatorCounters> {
  const [totals, week] = await db.batch([
    db.select({ total: siteTotals.stoneCount, premium: siteTotals.premiumCount }).from(siteTotals).where(eq(siteTotals.id, 1)),
    db
      .select({ n: count() })
      .from(stones)
      .where(gte(stones.createdAt, new Date(now.getTime() - WEEK_MS))),
  ]);
  return { total: totals[0]?.total ?? 0, premium: totals[0]?.premium ?? 0, lastWeek: week[0]?.n ?? 0 };
}

/** The stone an operator route names by id, with what its changes need. */
export async function stoneById(db: Db, id: string) {
  const row = await db
    .select({ id: stones.id, code: stones.code, hasPhotos: stones.hasPhotos, hasStory: stones.hasStory })
    .from(stones)
    .where(eq(stones.id, id))
    .get();
  return row ?? null;
}

/** Empties a find's comment (the operator's moderation). False if the stone has no such find. */
export async function clearFindComment(db: Db, stoneId: string, findId: string): Promise<boolean> {
  const changed = await db
    .update(finds)
    .set({ comment: '' })
    .where(and(eq(finds.id, findId), eq(finds.stoneId, stoneId)))
    .returning({ id: finds.id });
  return changed.length > 0;
}

/** How many failed mails the list shows at once (newest first); the total is given alongside. */
export const FAILED_MAILS_LISTED = 100;

/** Mails that failed for good, newest first. */
export async function failedMails(db: Db): Promise<{ rows: FailedMail[]; total: number }> {
  const failed = eq(emailOutbox.status, 'failed');
  const [rows, total] = await db.batch([
    db
      .select({
        id: emailOutbox.id,
        kind: emailOutbox.kind,
        recipient: emailOutbox.recipient,
        subject: emailOutbox.subject,
        attempts: emailOutbox.attempts,
        lastError: emailOutbox.lastError,
        createdAt: emailOutbox.createdAt,
      })
      .from(emailOutbox)
      .where(failed)
      .orderBy(desc(emailOutbox.createdAt))
      .limit(FAILED_MAILS_LISTED),
    db.select({ n: count() }).from(emailOutbox).where(failed),
  ]);
  return { rows: rows.map((row) => ({ ...row, createdAt: row.createdAt.toISOString() })), total: total[0]?.n ?? 0 };
}

/** A failed mail back to pending with fresh attempts, to queue; `missing` if none, `not-failed` if not (or no longer) failed. */
export async function retryMail(db: Db, id: string, now = new Date()): Promise<'queued' | 'missing' | 'not-failed'> {
  const [changed, existing] = await db.batch([
    db
      .update(emailOutbox)
      .set({ status: 'pending', attempts: 0, lastError: null, queuedAt: now, claimedAt: null })
      .where(and(eq(emailOutbox.id, id), eq(emailOutbox.status, 'failed')))
      .returning({ id: emailOutbox.id }),
    db.select({ id: emailOutbox.id }).from(emailOutbox).where(eq(emailOutbox.id, id)),
  ]);
  if (changed.length > 0) return 'queued';
  return existing.length > 0 ? 'not-failed' : 'missing';
}

/** The creator's address of the stone `code`, which the operator's view shows and the public one never does. */
export async function creatorEmailOf(db: Db, code: string): Promise<string | null> {
  return (await db.select({ creatorEmail: stones.creatorEmail }).from(stones).where(eq(stones.code, code)).get())?.creatorEmail ?? null;
}

const isoOrNull = (at: Date | null) => (at ? at.toISOString() : null);

/** The paid orders of a stone, oldest first, with their refunds and disputes (by the orders' stone index). */
export async function paymentsOf(db: Db, stoneId: string): Promise<OperatorPayment[]> {
  const rows = await db
    .select({
      orderId: orders.id,
      paymentIntentId: orders.paymentIntentId,
      upgradeStoneId: orders.upgradeStoneId,
      hasPhotos: orders.hasPhotos,
      hasStory: orders.hasStory,
      amountCents: orders.amountCents,
      currency: orders.currency,
      paidAt: orders.createdAt,
      refundedCents: orders.refundedCents,
      refundedAt: orders.refundedAt,
      disputedAt: orders.disputedAt,
      disputeStatus: orders.disputeStatus,
    })
    .from(orders)
    .where(eq(orders.stoneId, stoneId))
    .orderBy(asc(orders.createdAt), asc(orders.id));
  return rows.map(({ upgradeStoneId, paidAt, refundedAt, disputedAt, ...row }) => ({
    ...row,
    upgrade: upgradeStoneId !== null,
    paidAt: paidAt.toISOString(),
    refundedAt: isoOrNull(refundedAt),
    disputedAt: isoOrNull(disputedAt),
  }));
}
