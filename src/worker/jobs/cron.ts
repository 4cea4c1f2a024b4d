import { forgetFindClients } from '../api/finds/moderation/queries';
import { expireFindPhotos } from '../api/finds/photos/store';
import { forgetReportClients } from '../api/finds/reports/queries';
import { deleteExpiredOwnerLinks } from '../api/owner/links/queries';
import { deleteAbandonedOrders } from '../api/payments/queries';
import { verifyStatistics } from '../api/statistics/queries';
import { getDb } from '../db/client';
import { describeError, log } from '../lib/logger';
import { forgetOldLoginFailures } from '../lib/operator-auth';
import { writeLetters } from '../mail/letters';
import { maintainOutbox } from '../mail/maintenance';
import { queueMails } from '../mail/outbox';
import { findPhotoPendingDays, missingAfterDays } from '../settings/checks';
import { catchUpShareCards } from '../share/catch-up';
import { reviewCountries } from './country-review';
import { sweepOrphanObjects } from './photo-sweep';
import { reviewPlaces } from './place-review';
import { markMissingStones } from './queries';

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

const DAY_MS = 24 * 60 * 60 * 1000;
/** Stones marked missing per run, the longest unseen first: the next run takes the rest. */
export const MISSING_STONES_PER_RUN = 100;

/**
 * Travelling stones nobody has found for MISSING_AFTER_DAYS become missing, and each owner gets one mail about it
 * (the mail is written with the change, then queued). Answers how many were marked.
 */
export async function markMissing(env: Env, now: Date, limit = MISSING_STONES_PER_RUN): Promise<number> {
  const days = missingAfterDays(env);
  // The settings check refuses such a Worker; a development server is not checked, so say it here too.
  if (days === null) throw new Error('MISSING_AFTER_DAYS is not a positive whole number of days');
  const mailIds = await markMissingStones(getDb(env.DB), now, new Date(now.getTime() - days * DAY_MS), limit);
  if (mailIds.length) {
    log.info('stones marked missing', { count: mailIds.length });
    await queueMails(env.EMAIL_QUEUE, mailIds);
  }
  return mailIds.length;
}

/**
 * Finders' photos their owners left undecided for FIND_PHOTO_PENDING_DAYS are deleted (bytes and key; the row says
 * `expired`). Answers how many.
 */
export async function expireUndecidedPhotos(env: Env, now: Date): Promise<number> {
  const days = findPhotoPendingDays(env);
  // As MISSING_AFTER_DAYS: refused by the settings check, said here too for a development server.
  if (days === null) throw new Error('FIND_PHOTO_PENDING_DAYS is not a positive whole number of days');
  const count = await expireFindPhotos(getDb(env.DB), env.PHOTOS, now, days);
  if (count) log.info('undecided find photos deleted', { count });
  return count;
}

/**
 * The cron's steps, in order: mail that lost its queue message is queued again and unconfirmed addresses and
 * expired link tokens go; after DIGEST_HOUR the day's (and on DIGEST_WEEKDAY the week's) letters are written and
 * queued; owner links mailed more than OWNER_LINK_TTL_DAYS ago go; orders that never became a
 * stone; old login failure counts; finds forget their client after the repeat check's hour and reports theirs after
 * REPORT_CLIENT_DAYS; finders' photos left undecided for FIND_PHOTO_PENDING_DAYS are deleted; once a day a recount
 * of the site totals begins, a slice of stones per run, and its last slice checks the totals; photo objects that a failed upload or deletion left without a row are
 * removed, one page of the bucket per run; finds from before the finder's precision was stored get it, and their
 * place loses street, number and postcode (before the missing mails, which name the last place); travelling stones
 * not found for MISSING_AFTER_DAYS are marked missing
 * and their owners told; stones and collections without a share card yet are asked for one.
 */
export const CRON_STEPS: readonly Step[] = [
  ['mail outbox', (env, now) => maintainOutbox(getDb(env.DB), env.EMAIL_QUEUE, now)],
  ['letters', (env, now) => writeLetters(env, now)],
  ['expired owner links', (env, now) => deleteExpiredOwnerLinks(getDb(env.DB), now)],
  ['abandoned orders', (env, now) => deleteAbandonedOrders(getDb(env.DB), now)],
  ['login failures', (env, now) => forgetOldLoginFailures(getDb(env.DB), now)],
  ['find clients', (env, now) => forgetFindClients(getDb(env.DB), now)],
  ['report clients', (env, now) => forgetReportClients(getDb(env.DB), now)],
  ['undecided find photos', (env, now) => expireUndecidedPhotos(env, now)],
  ['statistics check', (env, now) => verifyStatistics(getDb(env.DB), env.CACHE, now)],
  ['orphan photo sweep', (env, now) => sweepOrphanObjects(getDb(env.DB), env.PHOTOS, env.CACHE, now)],
  ['find places', (env) => reviewPlaces(env)],
  ['find countries', (env) => reviewCountries(env)],
  ['missing stones', (env, now) => markMissing(env, now)],
  ['share cards', (env) => catchUpShareCards(env)],
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
