import { forgetFindClients } from '../api/finds/queries';
import { sweepOrphanObjects } from '../api/owner/photos';
import { deleteAbandonedOrders } from '../api/payments/queries';
import { verifyStatistics } from '../api/statistics/queries';
import { getDb } from '../db/client';
import { forgetOldLoginFailures } from '../lib/operator-auth';
import { maintainOutbox } from '../mail/outbox';

/**
 * Cron (every 5 minutes): mail that lost its queue message is queued again, unconfirmed addresses, expired
 * link tokens, orders that never became a stone and old login failure counts are deleted, finds forget their
 * client after the repeat check's hour; once a day the site totals are checked against a full recount; photo
 * objects that a failed upload or deletion left without a row are removed, one page of the bucket per run.
 */
export async function runCron(env: Env, now = new Date()): Promise<void> {
  const db = getDb(env.DB);
  await maintainOutbox(db, env.EMAIL_QUEUE, now);
  await deleteAbandonedOrders(db, now);
  await forgetOldLoginFailures(db, now);
  await forgetFindClients(db, now);
  await verifyStatistics(db, env.CACHE, now);
  await sweepOrphanObjects(db, env.PHOTOS, env.CACHE, now);
}
