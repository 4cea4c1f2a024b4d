import build from 'virtual:build-info';
import { Hono } from 'hono';
import { appliedMigration, getDb } from './db/client';
import { CRON_LAST_RUN_KEY, type CronRun } from './jobs/cron';
import { sameSecret } from './lib/crypto';
import { DEPLOY_RECORD_KEY, type DeployRecord } from './lib/deploy-record';
import { describeError, log } from './lib/logger';
import { enforceRateLimits } from './lib/rate-limit';
import { outboxHealth } from './mail/maintenance';
import { BOT_CHECK_FAILING_KEY } from './services/bot-check';
import { type Finding, isDevelopment } from './settings/checks';
import { featureOff, findingsOf } from './settings/worker';
import type { AppEnv } from './types';

/** A check that takes longer than this counts as failed: a monitor needs an answer, not a hanging request. */
const CHECK_TIMEOUT_MS = 3000;
/** An unsent mail older than this means the queue or the provider is stuck. */
const OUTBOX_STUCK_SECONDS = 30 * 60;
/** How long after its due time a cron run may be missing before the site counts as down (its jobs have stopped). */
const CRON_GRACE_SECONDS = 15 * 60;
/** How long one round of checks answers every probe: a flood of probes costs one round per isolate. */
export const HEALTH_CACHE_MS = 10_000;

type Probe<T> = { ok: true; ms: number; value: T } | { ok: false; ms: number; error: string };

/** Runs one round trip with a time limit; its failure is reported (and logged), never thrown. */
async function probe<T>(name: string, run: () => Promise<T>): Promise<Probe<T>> {
  const started = Date.now();
  let timer: ReturnType<typeof setTimeout> | undefined;
  try {
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error(`no answer within ${CHECK_TIMEOUT_MS} ms`)), CHECK_TIMEOUT_MS);
    });
    const value = await Promise.race([run(), timeout]);
    return { ok: true, ms: Date.now() - started, value };
  } catch (error) {
    log.error('health check failed', { check: name, ...describeError(error) });
    // The error's kind only: a driver message may quote a query's parameters.
    return { ok: false, ms: Date.now() - started, error: error instanceof Error ? error.name : 'Error' };
  } finally {
    clearTimeout(timer);
  }
}

/**
 * Minutes between runs of a schedule as wrangler.toml writes them (`*\/5 * * * *`, `17 * * * *`, `0 3 * * *`);
 * a day for anything else.
 */
export function scheduleMinutes(cron: string): number {
  const [minute = '', hour = ''] = cron.trim().split(/\s+/);
  const every = minute.match(/^\*\/(\d+)$/);
  if (every && hour === '*') return Number(every[1]);
  if (minute === '*' && hour === '*') return 1;
  if (/^\d+$/.test(minute) && hour === '*') return 60;
  return 24 * 60;
}

/** The schema state: the newest migration the database has against the one this build expects. */
function schemaState(applied: string | null, expected: string | null): 'current' | 'behind' | 'ahead' {
  if (!expected || applied === expected) return 'current';
  // Migration files sort by their number: the database is behind when it lacks the newest one this code needs.
  return !applied || applied < expected ? 'behind' : 'ahead';
}

const bySetting = (findings: readonly Finding[]) =>
  Object.fromEntries(
    [...new Set(findings.map((f) => f.setting))].map((setting) => [
      setting,
      findings
        .filter((f) => f.setting === setting)
        .map((f) => f.problem)
        .join('; '),
    ]),
  );

/**
 * What the site's health is, from the worst finding:
 * - `misconfigured`: a setting stops the Worker (every request answers 503);
 * - `down`: what every page needs does not answer — D1, KV or R2, a schema behind the code, or the cron's jobs
 *   stopped (no run for a quarter of an hour after one was due);
 * - `degraded`: a feature is off or late (a setting, the mail outbox, a failed cron step, no cron run yet);
 * - `ok`.
 * `misconfigured` and `down` answer 503, so a monitor that watches the status code sees what matters.
 */
export type HealthStatus = 'ok' | 'degraded' | 'down' | 'misconfigured';

/** One round of checks: the status and the details behind it. */
async function checkHealth(env: Env, now: Date) {
  const findings = findingsOf(env);
  const [database, kv, r2, outbox] = await Promise.all([
    probe('database', () => appliedMigration(env.DB)),
    probe('kv', () =>
      Promise.all([
        env.CACHE.get<CronRun>(CRON_LAST_RUN_KEY, 'json'),
        env.CACHE.get<DeployRecord>(DEPLOY_RECORD_KEY, 'json'),
        env.CACHE.get<{ at: string; reason: string }>(BOT_CHECK_FAILING_KEY, 'json'),
      ]),
    ),
    probe('r2', () => env.PHOTOS.head('healthz')),
    probe('mail outbox', () => outboxHealth(getDb(env.DB), now)),
  ]);

  const applied = database.ok ? database.value : null;
  const schema = database.ok ? schemaState(applied, build.migration) : null;

  const [lastRun, lastDeploy, botCheckFailing] = kv.ok ? kv.value : [null, null, null];
  const cronAge = lastRun ? Math.round((now.getTime() - Date.parse(lastRun.at)) / 1000) : null;
  const cronDue = lastRun ? scheduleMinutes(lastRun.cron) * 60 : null;
  const cron = {
    ok: lastRun !== null && cronAge !== null && cronDue !== null && cronAge <= 2 * cronDue + 60 && lastRun.failed.length === 0,
    /** No run for CRON_GRACE_SECONDS after one was due: the mail outbox's retries, the erasures and the sweeps have stopped. */
    stopped: cronAge !== null && cronDue !== null && cronAge > cronDue + CRON_GRACE_SECONDS,
    lastRun: lastRun?.at ?? null,
    ageSeconds: cronAge,
    schedule: lastRun?.cron || null,
    failedSteps: lastRun?.failed ?? [],
  };

  const mail = outbox.ok ? outbox.value : null;
  const mailOutbox = {
    ok: mail !== null && (mail.oldestUnsentSeconds ?? 0) <= OUTBOX_STUCK_SECONDS && mail.failedLast24h === 0,
    oldestUnsentSeconds: mail?.oldestUnsentSeconds ?? null,
    failed: mail?.failed ?? null,
    failedLast24h: mail?.failedLast24h ?? null,
  };

  const refused = findings.filter((f) => f.severity === 'refuse');
  const degradedSettings = findings.filter((f) => f.severity === 'feature');
  const checks = {
    database: { ok: database.ok && schema !== 'behind', ms: database.ms, migration: applied, expected: build.migration, schema },
    kv: { ok: kv.ok, ms: kv.ms },
    r2: { ok: r2.ok, ms: r2.ms },
    cron,
    mailOutbox,
    // The bot check's service failed within the hour (no answer, an error status, its quota used up): creating
    // stones is refused meanwhile.
    botCheck: { ok: botCheckFailing === null, failing: botCheckFailing },
    configuration: { ok: findings.length === 0, refused: bySetting(refused), degraded: bySetting(degradedSettings) },
  };
  // The last deploy by `npm run deploy`: its commit, when, and the bookmark that undoes its migrations.
  const deploy = lastDeploy ? { commit: lastDeploy.commit, at: lastDeploy.at, bookmark: lastDeploy.bookmark } : null;
  const down = !checks.database.ok || !checks.kv.ok || !checks.r2.ok || cron.stopped;
  const status: HealthStatus = refused.length
    ? 'misconfigured'
    : down
      ? 'down'
      : Object.values(checks).every((check) => check.ok)
        ? 'ok'
        : 'degraded';
  return { status, checks, deploy };
}

type Health = Awaited<ReturnType<typeof checkHealth>>;

/** The last round of checks per settings object (one per isolate): its time and its answer. */
const lastRound = new WeakMap<object, { at: number; health: Promise<Health> }>();

/** The health, from a round of checks at most HEALTH_CACHE_MS old. */
function currentHealth(env: Env): Promise<Health> {
  const now = Date.now();
  const known = lastRound.get(env);
  if (known && now - known.at < HEALTH_CACHE_MS) return known.health;
  const health = checkHealth(env, new Date(now));
  lastRound.set(env, { at: now, health });
  return health;
}

/**
 * Whether the request may read the checks: it carries the health token (`Authorization: Bearer …`, compared in
 * constant time), or the Worker runs for development on this machine.
 */
async function mayReadDetails(env: Env, authorization: string | undefined): Promise<boolean> {
  if (isDevelopment(env)) return true;
  if (featureOff(env, 'health')) return false;
  const token = env.HEALTH_TOKEN?.trim();
  const given = authorization?.match(/^Bearer\s+(.+)$/i)?.[1]?.trim();
  if (!token || !given) return false;
  return sameSecret(given, token);
}

/**
 * `GET /healthz`: what a monitor and the deploy ask. To anyone: `{ status, version }` (the build's commit),
 * `misconfigured` and `down` with 503. With the health token (`HEALTH_TOKEN`, `Authorization: Bearer`) also the
 * checks behind it: real round trips to D1, KV and R2, the schema against the code, the cron's last run, the mail
 * outbox, the configuration's findings by setting name, and the last deploy's record. One round of checks
 * answers for HEALTH_CACHE_MS; rate limited per client. Never cached by a browser or the edge; no secret, no value
 * of a setting and nothing personal in it.
 */
export const health = new Hono<AppEnv>().get('/', async (c) => {
  await enforceRateLimits(c, [{ name: 'healthProbes' }]);
  const { status, checks, deploy } = await currentHealth(c.env);
  const details = (await mayReadDetails(c.env, c.req.header('authorization'))) ? { environment: c.env.ENVIRONMENT, deploy, checks } : {};
  return c.json({ status, version: build.commit, ...details }, status === 'ok' || status === 'degraded' ? 200 : 503, {
    'Cache-Control': 'no-store',
  });
});
