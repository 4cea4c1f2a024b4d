import build from 'virtual:build-info';
import { Hono } from 'hono';
import { appliedMigration, getDb } from './db/client';
import { CRON_LAST_RUN_KEY, type CronRun } from './jobs/cron';
import { describeError, log } from './lib/logger';
import { outboxHealth } from './mail/maintenance';
import type { Finding } from './settings/checks';
import { findingsOf } from './settings/worker';
import type { AppEnv } from './types';

/** A check that takes longer than this counts as failed: a monitor needs an answer, not a hanging request. */
const CHECK_TIMEOUT_MS = 3000;
/** An unsent mail older than this means the queue or the provider is stuck. */
const OUTBOX_STUCK_SECONDS = 30 * 60;

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
 * `GET /healthz`: what an operator's monitor and the deploy ask. The build's commit; a real round trip to D1,
 * KV and R2; the schema against the code; the cron's last run; the mail outbox; the configuration's findings by
 * setting name. `ok` and `degraded` answer 200, `misconfigured` 503. Never cached; no secret, no value of a
 * setting and nothing personal in it.
 */
export const health = new Hono<AppEnv>().get('/', async (c) => {
  const env = c.env;
  const now = new Date();
  const findings = findingsOf(env);
  const [database, kv, r2, outbox] = await Promise.all([
    probe('database', () => appliedMigration(env.DB)),
    probe('kv', () => env.CACHE.get<CronRun>(CRON_LAST_RUN_KEY, 'json')),
    probe('r2', () => env.PHOTOS.head('healthz')),
    probe('mail outbox', () => outboxHealth(getDb(env.DB), now)),
  ]);

  const applied = database.ok ? database.value : null;
  const schema = database.ok ? schemaState(applied, build.migration) : null;

  const lastRun = kv.ok ? kv.value : null;
  const cronAge = lastRun ? Math.round((now.getTime() - Date.parse(lastRun.at)) / 1000) : null;
  const cronDue = lastRun ? (2 * scheduleMinutes(lastRun.cron) + 1) * 60 : null;
  const cron = {
    ok: lastRun !== null && cronAge !== null && cronDue !== null && cronAge <= cronDue && lastRun.failed.length === 0,
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
    configuration: { ok: findings.length === 0, refused: bySetting(refused), degraded: bySetting(degradedSettings) },
  };
  const status = refused.length ? 'misconfigured' : Object.values(checks).every((check) => check.ok) ? 'ok' : 'degraded';
  return c.json({ status, version: build.commit, environment: env.ENVIRONMENT, checks }, status === 'misconfigured' ? 503 : 200, {
    'Cache-Control': 'no-store',
  });
});
