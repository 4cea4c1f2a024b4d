import type { Db } from '../db/client';
import { log } from '../lib/logger';
import { queueMails } from './outbox';
import { outboxCounts } from './queries';
import { deleteExpiredMailData, requeueStaleMails } from './send-queries';

/** Unconfirmed subscriptions are deleted after this long. */
export const UNCONFIRMED_TTL_MS = 7 * 24 * 60 * 60 * 1000;
/** Sent, skipped and failed rows are kept this long, then deleted: they hold recipients' addresses. */
export const SENT_RETENTION_MS = 30 * 24 * 60 * 60 * 1000;

/**
 * The cron's share of the mail pipeline: queue again what lost its message (or its consumer), delete
 * unconfirmed addresses after a week, expired link tokens, and old sent rows. Returns how many it re-queued.
 */
export async function maintainOutbox(db: Db, queue: Queue, now = new Date()): Promise<number> {
  const stale = await requeueStaleMails(db, now);
  if (stale.length) {
    log.warn('mail queued again', { count: stale.length });
    await queueMails(
      queue,
      stale.map((row) => row.id),
    );
  }
  const at = now.getTime();
  await deleteExpiredMailData(db, {
    now,
    unconfirmedBefore: new Date(at - UNCONFIRMED_TTL_MS),
    sentBefore: new Date(at - SENT_RETENTION_MS),
  });
  return stale.length;
}

/** The outbox as `/healthz` reports it: how long the oldest unsent mail has waited and how many failed. */
export async function outboxHealth(
  db: Db,
  now = new Date(),
): Promise<{ oldestUnsentSeconds: number | null; failed: number; failedLast24h: number }> {
  const [row] = await outboxCounts(db, now.getTime() - 24 * 60 * 60 * 1000);
  const oldest = row?.oldest ?? null;
  return {
    oldestUnsentSeconds: oldest === null ? null : Math.max(0, Math.round((now.getTime() - oldest) / 1000)),
    failed: row?.failed ?? 0,
    failedLast24h: row?.failedLast24h ?? 0,
  };
}
