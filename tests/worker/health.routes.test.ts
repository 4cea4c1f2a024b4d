import { createExecutionContext, env, waitOnExecutionContext } from 'cloudflare:test';
import build from 'virtual:build-info';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { HEALTH_CACHE_MS, scheduleMinutes } from '../../src/worker/health';
import worker from '../../src/worker/index';
import { CRON_LAST_RUN_KEY, runCron } from '../../src/worker/jobs/cron';
import { DEPLOY_RECORD_KEY } from '../../src/worker/lib/deploy-record';
import { RATE_LIMITS } from '../../src/worker/lib/rate-limit';
import { BOT_CHECK_FAILING_KEY } from '../../src/worker/services/bot-check';
import { ORIGIN, PRODUCTION_SETTINGS } from '../support/factory';
import { unqueuedOwnerLinkMail } from '../support/mail';

interface Health {
  status: 'ok' | 'degraded' | 'down' | 'misconfigured';
  version: string;
  environment: string;
  checks: {
    database: { ok: boolean; migration: string | null; expected: string | null; schema: string };
    kv: { ok: boolean };
    r2: { ok: boolean };
    cron: { ok: boolean; lastRun: string | null; schedule: string | null; failedSteps: string[] };
    mailOutbox: { ok: boolean; oldestUnsentSeconds: number | null; failed: number | null; failedLast24h: number | null };
    configuration: { ok: boolean; refused: Record<string, string>; degraded: Record<string, string> };
  };
}

/** A production configuration that the check finds nothing against (every feature set up). */
const COMPLETE = {
  ...PRODUCTION_SETTINGS,
  RECAPTCHA_SECRET: 'recaptcha-secret-value',
  RECAPTCHA_SITE_KEY: 'recaptcha-site-key',
  STRIPE_SECRET_KEY: 'sk_live_health',
  STRIPE_PUBLISHABLE_KEY: 'pk_live_health',
  STRIPE_WEBHOOK_SECRET: 'whsec_health',
  MAIL_TRANSPORT: 'cloudflare',
  MAIL_FROM: 'Reisesteine <post@reisesteine.de>',
  MAIL_REPLY_TO: 'hallo@reisesteine.de',
  LEGAL_NAME: 'Anna Beispiel',
  LEGAL_ADDRESS: 'Hauptstraße 1|24103 Kiel',
  LEGAL_EMAIL: 'impressum@reisesteine.de',
  HEALTH_TOKEN: 'health-token-of-the-monitor-0123456789',
} satisfies Partial<Env>;

const WITH_TOKEN = { authorization: `Bearer ${COMPLETE.HEALTH_TOKEN}` };

/** `/healthz` with the settings `vars` over the tests' (a settings object of its own: a round of checks of its own). */
async function health(
  vars: Partial<Env> = COMPLETE,
  headers: Record<string, string> = WITH_TOKEN,
  settings: Env = { ...env, ...vars } as Env,
): Promise<{ res: Response; body: Health; text: string }> {
  const ctx = createExecutionContext();
  const res = await worker.fetch(new Request(`${ORIGIN}/healthz`, { headers }), settings, ctx);
  await waitOnExecutionContext(ctx);
  const text = await res.text();
  return { res, body: JSON.parse(text) as Health, text };
}

beforeEach(async () => {
  // A cron run just now, as production has every five minutes.
  await runCron(env, new Date(), '*/5 * * * *');
});

afterEach(() => {
  vi.restoreAllMocks();
});

describe('GET /healthz', () => {
  it('answers 200 ok with the build commit, real round trips and nothing to report, never cached', async () => {
    const { res, body } = await health();
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(body.status).toBe('ok');
    expect(body.version).toBe(build.commit);
    expect(body.version).toMatch(/^[0-9a-f]{40}(?:-dirty)?$|^unknown$/);
    expect(body.environment).toBe('production');
    expect(body.checks.database).toMatchObject({ ok: true, schema: 'current', migration: build.migration });
    expect(body.checks.kv.ok).toBe(true);
    expect(body.checks.r2.ok).toBe(true);
    expect(body.checks.cron).toMatchObject({ ok: true, schedule: '*/5 * * * *', failedSteps: [] });
    expect(body.checks.mailOutbox).toMatchObject({ ok: true, failedLast24h: 0 });
    expect(body.checks.configuration).toEqual({ ok: true, refused: {}, degraded: {} });
  });

  it('carries no secret, no setting value and nothing personal', async () => {
    await unqueuedOwnerLinkMail('person@example.org');
    const { text } = await health();
    for (const value of Object.values(COMPLETE).filter((v) => v !== 'production' && v !== 'cloudflare')) expect(text).not.toContain(value);
    expect(text).not.toContain('person@example.org');
    expect(text).not.toContain('@');
  });

  it('answers 503 misconfigured and names the refused setting, and still answers while every other address is refused', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const { res, body, text } = await health({ ...COMPLETE, PUBLIC_SITE_URL: 'http://192.168.1.20' });
    expect(res.status).toBe(503);
    expect(body.status).toBe('misconfigured');
    expect(Object.keys(body.checks.configuration.refused)).toEqual(['PUBLIC_SITE_URL']);
    expect(text).not.toContain('192.168.1.20');
  });

  it('answers 200 degraded and names the setting when a feature is off', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    const { res, body } = await health({ ...COMPLETE, STRIPE_WEBHOOK_SECRET: undefined, RECAPTCHA_SITE_KEY: '' });
    expect(res.status).toBe(200);
    expect(body.status).toBe('degraded');
    expect(Object.keys(body.checks.configuration.degraded).sort()).toEqual(['RECAPTCHA_SITE_KEY', 'STRIPE_WEBHOOK_SECRET']);
  });

  it('answers 503 misconfigured in production without its imprint, 200 degraded on staging', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    const production = await health({ ...COMPLETE, LEGAL_NAME: '' });
    expect([production.res.status, production.body.status]).toEqual([503, 'misconfigured']);
    expect(Object.keys(production.body.checks.configuration.refused)).toEqual(['LEGAL_NAME']);
    const staging = await health({ ...COMPLETE, ENVIRONMENT: 'staging', LEGAL_NAME: '', LEGAL_ADDRESS: '', LEGAL_EMAIL: '' });
    expect([staging.res.status, staging.body.status]).toEqual([200, 'degraded']);
    expect(Object.keys(staging.body.checks.configuration.degraded)).toEqual(['LEGAL_NAME', 'LEGAL_ADDRESS', 'LEGAL_EMAIL']);
  });

  it('is down (503) when D1 does not answer, and says which check failed', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const broken = new Proxy(env.DB, {
      get(target, property) {
        if (property === 'prepare') return () => ({ first: () => Promise.reject(new Error('D1_ERROR: Network connection lost.')) });
        const value = Reflect.get(target, property);
        return typeof value === 'function' ? value.bind(target) : value;
      },
    });
    const { res, body } = await health({ ...COMPLETE, DB: broken });
    expect(res.status).toBe(503);
    expect(body.status).toBe('down');
    expect(body.checks.database.ok).toBe(false);
    expect(body.checks.kv.ok).toBe(true);
  });

  it('is degraded when the cron has not run for two of its intervals, or a step of its last run failed', async () => {
    await env.CACHE.put(
      CRON_LAST_RUN_KEY,
      JSON.stringify({ at: new Date(Date.now() - 12 * 60_000).toISOString(), cron: '*/5 * * * *', failed: [] }),
    );
    let { res, body } = await health();
    expect(res.status).toBe(200);
    expect(body.status).toBe('degraded');
    expect(body.checks.cron.ok).toBe(false);

    vi.spyOn(console, 'error').mockImplementation(() => {});
    const failing: Array<[string, () => Promise<unknown>]> = [['always fails', () => Promise.reject(new Error('boom'))]];
    await runCron(env, new Date(), '*/5 * * * *', failing);
    ({ body } = await health());
    expect(body.checks.cron).toMatchObject({ ok: false, failedSteps: ['always fails'] });

    await env.CACHE.delete(CRON_LAST_RUN_KEY);
    ({ res, body } = await health());
    expect(body.checks.cron).toMatchObject({ ok: false, lastRun: null });
    // Before the first run after a deploy nothing is known to have stopped.
    expect(res.status).toBe(200);
    expect(body.status).toBe('degraded');
  });

  it('is down (503) when the cron has not run for a quarter of an hour after a run was due: its jobs have stopped', async () => {
    const lastRun = (minutesAgo: number) =>
      env.CACHE.put(
        CRON_LAST_RUN_KEY,
        JSON.stringify({ at: new Date(Date.now() - minutesAgo * 60_000).toISOString(), cron: '*/5 * * * *', failed: [] }),
      );
    await lastRun(19);
    let { res, body } = await health();
    expect([res.status, body.status]).toEqual([200, 'degraded']);
    await lastRun(21);
    ({ res, body } = await health());
    expect([res.status, body.status]).toEqual([503, 'down']);
    expect(body.checks.cron).toMatchObject({ ok: false, stopped: true });
  });

  it('is degraded when a mail waited over half an hour or failed in the last day', async () => {
    const id = await unqueuedOwnerLinkMail('late@example.org');
    await env.DB.prepare('UPDATE email_outbox SET created_at = ? WHERE id = ?')
      .bind(Date.now() - 31 * 60_000, id)
      .run();
    let { body } = await health();
    expect(body.checks.mailOutbox).toMatchObject({ ok: false, failedLast24h: 0 });
    expect(body.checks.mailOutbox.oldestUnsentSeconds).toBeGreaterThanOrEqual(31 * 60);

    await env.DB.prepare("UPDATE email_outbox SET status = 'failed', created_at = ? WHERE id = ?").bind(Date.now(), id).run();
    ({ body } = await health());
    expect(body.checks.mailOutbox).toMatchObject({ ok: false, failed: 1, failedLast24h: 1, oldestUnsentSeconds: null });
    expect(body.status).toBe('degraded');
  });

  it('says the schema is behind when the newest migration is missing', async () => {
    const { results } = await env.DB.prepare('SELECT id, name FROM d1_migrations ORDER BY id DESC LIMIT 1').all<{
      id: number;
      name: string;
    }>();
    const newest = results[0];
    if (!newest) throw new Error('the tests apply the migrations first');
    await env.DB.prepare('DELETE FROM d1_migrations WHERE id = ?').bind(newest.id).run();
    const { res, body } = await health();
    expect(body.checks.database).toMatchObject({ ok: false, schema: 'behind', expected: newest.name });
    expect([res.status, body.status]).toEqual([503, 'down']);
  });

  it('tells anyone only its status and commit; the checks need the health token', async () => {
    const probes: Record<string, string>[] = [{}, { authorization: 'Bearer not-the-token' }, { authorization: COMPLETE.HEALTH_TOKEN }];
    for (const headers of probes) {
      const { res, body } = await health(COMPLETE, headers);
      expect(res.status).toBe(200);
      expect(body).toEqual({ status: 'ok', version: build.commit });
    }
    // Without a token set there is no way in, and the setting is named.
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    const { body } = await health({ ...COMPLETE, HEALTH_TOKEN: undefined }, WITH_TOKEN);
    expect(body).toEqual({ status: 'degraded', version: build.commit });
    const named = await health({ ...COMPLETE, HEALTH_TOKEN: 'short' }, { authorization: 'Bearer short' });
    expect(named.body).toEqual({ status: 'degraded', version: build.commit });
  });

  it('is degraded while the bot check itself failed within the hour: creating stones is refused meanwhile', async () => {
    await env.CACHE.put(BOT_CHECK_FAILING_KEY, JSON.stringify({ at: '2026-11-29T10:00:00.000Z', reason: 'verify-http-429' }), {
      expirationTtl: 3600,
    });
    const { res, body } = await health();
    expect([res.status, body.status]).toEqual([200, 'degraded']);
    expect(body).toMatchObject({ checks: { botCheck: { ok: false, failing: { reason: 'verify-http-429' } } } });
    await env.CACHE.delete(BOT_CHECK_FAILING_KEY);
    expect((await health()).body).toMatchObject({ status: 'ok', checks: { botCheck: { ok: true, failing: null } } });
  });

  it("shows the last deploy's commit, time and the bookmark that undoes its migrations, to the token's holder", async () => {
    const record = {
      commit: 'c0ffee',
      at: '2026-11-29T10:00:00.000Z',
      bookmark: '00000085-0000024c-00004c6d-8e61117bf38d7adb71b934ebbf891683',
    };
    await env.CACHE.put(DEPLOY_RECORD_KEY, JSON.stringify(record));
    expect((await health()).body).toMatchObject({ deploy: record });
    expect((await health(COMPLETE, {})).text).not.toContain(record.bookmark);
    await env.CACHE.delete(DEPLOY_RECORD_KEY);
    expect((await health()).body).toMatchObject({ deploy: null });
  });

  it('answers a flood of probes from one round of checks, renewed after ten seconds', async () => {
    const settings = { ...env, ...COMPLETE } as Env;
    const first = await health(COMPLETE, WITH_TOKEN, settings);
    expect(first.body.status).toBe('ok');
    // The cron stops (long ago): the next probes within the ten seconds still answer the round they share.
    await env.CACHE.put(
      CRON_LAST_RUN_KEY,
      JSON.stringify({ at: new Date(Date.now() - 60 * 60_000).toISOString(), cron: '*/5 * * * *', failed: [] }),
    );
    const again = await health(COMPLETE, WITH_TOKEN, settings);
    expect(again.body).toEqual(first.body);
    const later = Date.now() + HEALTH_CACHE_MS + 1;
    vi.spyOn(Date, 'now').mockReturnValue(later);
    const renewed = await health(COMPLETE, WITH_TOKEN, settings);
    expect([renewed.res.status, renewed.body.status]).toEqual([503, 'down']);
  });

  it('is rate limited per client', async () => {
    const client = { 'cf-connecting-ip': '203.0.113.77' };
    const settings = { ...env, ...COMPLETE } as Env;
    const statuses: number[] = [];
    for (let i = 0; i <= RATE_LIMITS.healthProbes.limit; i++) statuses.push((await health(COMPLETE, client, settings)).res.status);
    expect(statuses.slice(0, -1).every((status) => status === 200)).toBe(true);
    expect(statuses.at(-1)).toBe(429);
    // Another client is not held back by the first one's flood.
    expect((await health(COMPLETE, { 'cf-connecting-ip': '203.0.113.78' }, settings)).res.status).toBe(200);
  });

  it('reads the interval of the schedules wrangler.toml uses', () => {
    expect(scheduleMinutes('*/5 * * * *')).toBe(5);
    expect(scheduleMinutes('17 * * * *')).toBe(60);
    expect(scheduleMinutes('0 3 * * *')).toBe(24 * 60);
    expect(scheduleMinutes('')).toBe(24 * 60);
  });
});
