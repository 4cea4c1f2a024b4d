import { and, eq, inArray, isNull, lt, or, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { collectionSubscriptions, collections, emailOutbox, mailTokens, stones, subscriptions } from '../db/schema';
import type { MailJob } from './jobs';
import { REQUEUE_AFTER_MS, STALE_CLAIM_MS } from './outbox';

/** What the queue consumer and the cron's mail upkeep read and write. */

export type OutboxRow = typeof emailOutbox.$inferSelect;

/** Claims a row for sending: only one consumer can, so a message delivered twice sends one mail. */
export async function claimOutboxRow(db: Db, id: string, now: Date): Promise<OutboxRow | undefined> {
  const [row] = await db
    .update(emailOutbox)
    .set({ status: 'sending', claimedAt: now, attempts: sql`${emailOutbox.attempts} + 1` })
    .where(
      and(
        eq(emailOutbox.id, id),
        or(
          eq(emailOutbox.status, 'pending'),
          and(eq(emailOutbox.status, 'sending'), lt(emailOutbox.claimedAt, new Date(now.getTime() - STALE_CLAIM_MS))),
        ),
      ),
    )
    .returning();
  return row;
}

/** Writes how a claimed row's attempt ended. */
export async function finishOutboxRow(db: Db, id: string, values: Partial<OutboxRow>): Promise<void> {
  await db.update(emailOutbox).set(values).where(eq(emailOutbox.id, id));
}

/**
 * Whether the mail still has its reader when it is sent: the stone or the collection (creation, owner link, unless
 * withdrawn), the
 * stone still missing (the missing mail), the owner's find mails turned on, a confirmed subscription or collection
 * follower (find mails), one not yet confirmed (confirmation).
 */
export async function readerWaits(db: Db, job: MailJob): Promise<boolean> {
  // A mail whose only point is its owner link says nothing once every link was made invalid after it was written.
  if ((job.kind === 'owner-link' || job.kind === 'collection-owner-link') && job.ownerLinkWithdrawn) return false;
  switch (job.kind) {
    case 'stone-created':
    case 'owner-link':
      return Boolean(await db.select({ id: stones.id }).from(stones).where(eq(stones.id, job.stoneId)).get());
    // Still missing: a find or its owner made it travelling again before the mail went out. The owner's find mails
    // being turned off does not matter: this mail is about the stone, not about a find.
    case 'stone-missing': {
      const current = await db.select({ status: stones.status }).from(stones).where(eq(stones.id, job.stoneId)).get();
      return current?.status === 'missing';
    }
    case 'find-owner': {
      const current = await db.select({ on: stones.notifyOnFind }).from(stones).where(eq(stones.id, job.stoneId)).get();
      return Boolean(current?.on);
    }
    case 'find-subscriber':
    case 'confirm': {
      const sub = await db
        .select({ confirmedAt: subscriptions.confirmedAt })
        .from(subscriptions)
        .where(eq(subscriptions.id, job.subscriptionId))
        .get();
      return job.kind === 'confirm' ? Boolean(sub && !sub.confirmedAt) : Boolean(sub?.confirmedAt);
    }
    case 'find-collection':
    case 'collection-confirm': {
      const follower = await db
        .select({ confirmedAt: collectionSubscriptions.confirmedAt })
        .from(collectionSubscriptions)
        .where(eq(collectionSubscriptions.id, job.subscriptionId))
        .get();
      return job.kind === 'collection-confirm' ? Boolean(follower && !follower.confirmedAt) : Boolean(follower?.confirmedAt);
    }
    case 'collection-created':
    case 'collection-owner-link':
      return Boolean(await db.select({ id: collections.id }).from(collections).where(eq(collections.id, job.collectionId)).get());
    // The stone was not deleted since (its order then keeps no address to write to).
    case 'payment':
      return Boolean(await db.select({ id: stones.id }).from(stones).where(eq(stones.code, job.code)).get());
  }
}

/**
 * Sets rows that lost their queue message (pending since REQUEUE_AFTER_MS) or their consumer (claimed
 * STALE_CLAIM_MS ago) pending again as queued now, and returns their ids.
 */
export function requeueStaleMails(db: Db, now: Date) {
  const at = now.getTime();
  // At most a few hundred per run (the next run takes the rest): a queue outage must not make one huge write.
  const due = db
    .select({ id: emailOutbox.id })
    .from(emailOutbox)
    .where(
      or(
        and(eq(emailOutbox.status, 'pending'), lt(emailOutbox.queuedAt, new Date(at - REQUEUE_AFTER_MS))),
        and(eq(emailOutbox.status, 'sending'), lt(emailOutbox.claimedAt, new Date(at - STALE_CLAIM_MS))),
      ),
    )
    .limit(500);
  return db
    .update(emailOutbox)
    .set({ status: 'pending', queuedAt: now })
    .where(inArray(emailOutbox.id, due))
    .returning({ id: emailOutbox.id });
}

/**
 * Deletes, in one batch, subscriptions and collection followers left unconfirmed since `unconfirmedBefore` with their links, expired link
 * tokens, and sent or skipped rows written before `sentBefore`.
 */
export async function deleteExpiredMailData(db: Db, limits: { now: Date; unconfirmedBefore: Date; sentBefore: Date }): Promise<void> {
  const unconfirmedOld = and(isNull(subscriptions.confirmedAt), lt(subscriptions.createdAt, limits.unconfirmedBefore));
  const unconfirmedFollowers = and(
    isNull(collectionSubscriptions.confirmedAt),
    lt(collectionSubscriptions.createdAt, limits.unconfirmedBefore),
  );
  await db.batch([
    // Links of unconfirmed subscriptions and collection followers that are about to go, then those themselves.
    db
      .delete(mailTokens)
      .where(inArray(mailTokens.targetId, db.select({ id: subscriptions.id }).from(subscriptions).where(unconfirmedOld))),
    db.delete(subscriptions).where(unconfirmedOld),
    db
      .delete(mailTokens)
      .where(
        inArray(
          mailTokens.targetId,
          db.select({ id: collectionSubscriptions.id }).from(collectionSubscriptions).where(unconfirmedFollowers),
        ),
      ),
    db.delete(collectionSubscriptions).where(unconfirmedFollowers),
    db.delete(mailTokens).where(lt(mailTokens.expiresAt, limits.now)),
    deleteOldOutboxRows(db, limits.sentBefore),
  ]);
}

/**
 * The outbox rows done before `before`: sent, skipped, and failed too (the operator's list shows a failed one for
 * a month, then its recipient's address goes like the others'), and the find mails a letter told. A range per status of email_outbox_status_created_idx.
 */
export function deleteOldOutboxRows(db: Db, before: Date) {
  return db
    .delete(emailOutbox)
    .where(and(inArray(emailOutbox.status, ['sent', 'skipped', 'failed', 'lettered']), lt(emailOutbox.createdAt, before)));
}
