import { forgetFindClients } from '../api/finds/queries';
import { sweepOrphanObjects } from '../api/owner/photos';
import { deleteAbandonedOrders } from '../api/payments/queries';
import { verifyStatistics } from '../api/statistics/queries';
import { getDb } from '../db/client';
import { describeError, log } from '../lib/logger';
import { forgetOldLoginFailures } from '../lib/operator-auth';
import { maintainOutbox } from '../mail/maintenance';

/** Where the cron keeps its last run for `/healthz` (src/worker/health.ts). */
export const CRON_LAST_RUN_KEY = 'cron:last-run';

/** What `/healthz` learns of the cron's last run. */
export interface CronRun {
  /** ISO time the run started. */
  at: string;
  /** The schedule that triggered it (wrangler.toml `triggers.crons`), so the health check knows when the next is due. */
  cron: string;
  /** Names of the steps that threw. */
  failed: string[];
}

type Step = [name: string, run: (env: Env, now: Date) => Promise<unknown>];

/**
 * The cron's steps, in order: mail that lost its queue message is queued again and unconfirmed addresses and
 * expired link tokens go; orders that never became a stone; old login failure counts; finds forget their client
 * after the repeat check's hour; once a day the site totals are checked against a full recount; photo objects
 * that a failed upload or deletion left without a row are removed, one page of the bucket per run.
 */
export const CRON_STEPS: readonly Step[] = [
  ['mail outbox', (env, now) => maintainOutbox(getDb(env.DB), env.EMAIL_QUEUE, now)],
  ['abandoned orders', (env, now) => deleteAbandonedOrders(getDb(env.DB), now)],
  ['login failures', (env, now) => forgetOldLoginFailures(getDb(env.DB), now)],
  ['find clients', (env, now) => forgetFindClients(getDb(env.DB), now)],
  ['statistics check', (env, now) => verifyStatistics(getDb(env.DB), env.CACHE, now)],
  ['orphan photo sweep', (env, now) => sweepOrphanObjects(getDb(env.DB), env.PHOTOS, env.CACHE, now)],
];

/**
 * Cron (every 5 minutes in production): each step runs on its own, so one that throws is logged with its name
 * and the others still run; the run is recorded in KV for `/healthz`. Returns the names of the failed steps.
 */
export async function runCron(env: Env, now = new Date(), cron = '', steps: readonly Step[] = CRON_STEPS): Promise<string[]> {
  const failed: string[] = [];
  for (const [name, run] of steps) {
    try {
      await run(env, now);
    } catch (error) {
      failed.push(name);
      log.error('cron step failed', { step: name, ...describeError(error) });
    }
  }
  const record: CronRun = { at: now.toISOString(), cron, failed };
  try {
    await env.CACHE.put(CRON_LAST_RUN_KEY, JSON.stringify(record));
  } catch (error) {
    log.error('cron run not recorded', { ...describeError(error) });
  }
  return failed;
}
