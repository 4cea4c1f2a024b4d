import { createExecutionContext, env, waitOnExecutionContext } from 'cloudflare:test';
import build from 'virtual:build-info';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { scheduleMinutes } from '../../src/worker/health';
import worker from '../../src/worker/index';
import { CRON_LAST_RUN_KEY, runCron } from '../../src/worker/jobs/cron';
import { ORIGIN, PRODUCTION_SETTINGS } from '../support/factory';
import { unqueuedOwnerLinkMail } from '../support/mail';

interface Health {
  status: 'ok' | 'degraded' | 'misconfigured';
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
  LEGAL_ADDRESS: 'Hauptstraße 1|12345 Musterstadt',
  LEGAL_EMAIL: 'impressum@reisesteine.de',
} satisfies Partial<Env>;

async function health(vars: Partial<Env> = COMPLETE): Promise<{ res: Response; body: Health; text: string }> {
  const ctx = createExecutionContext();
  const res = await worker.fetch(new Request(`${ORIGIN}/healthz`), { ...env, ...vars } as Env, ctx);
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
    const { res, body } = await health({ ...COMPLETE, STRIPE_WEBHOOK_SECRET: undefined, LEGAL_NAME: '' });
    expect(res.status).toBe(200);
    expect(body.status).toBe('degraded');
    expect(Object.keys(body.checks.configuration.degraded).sort()).toEqual(['LEGAL_NAME', 'STRIPE_WEBHOOK_SECRET']);
  });

  it('is degraded when D1 does not answer, and says which check failed', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const broken = new Proxy(env.DB, {
      get(target, property) {
        if (property === 'prepare') return () => ({ first: () => Promise.reject(new Error('D1_ERROR: Network connection lost.')) });
        const value = Reflect.get(target, property);
        return typeof value === 'function' ? value.bind(target) : value;
      },
    });
    const { res, body } = await health({ ...COMPLETE, DB: broken });
    expect(res.status).toBe(200);
    expect(body.status).toBe('degraded');
    expect(body.checks.database.ok).toBe(false);
    expect(body.checks.kv.ok).toBe(true);
  });

  it('is degraded when the cron has not run for two of its intervals, or a step of its last run failed', async () => {
    await env.CACHE.put(
      CRON_LAST_RUN_KEY,
      JSON.stringify({ at: new Date(Date.now() - 12 * 60_000).toISOString(), cron: '*/5 * * * *', failed: [] }),
    );
    let { body } = await health();
    expect(body.status).toBe('degraded');
    expect(body.checks.cron.ok).toBe(false);

    vi.spyOn(console, 'error').mockImplementation(() => {});
    const failing: Array<[string, () => Promise<unknown>]> = [['always fails', () => Promise.reject(new Error('boom'))]];
    await runCron(env, new Date(), '*/5 * * * *', failing);
    ({ body } = await health());
    expect(body.checks.cron).toMatchObject({ ok: false, failedSteps: ['always fails'] });

    await env.CACHE.delete(CRON_LAST_RUN_KEY);
    ({ body } = await health());
    expect(body.checks.cron).toMatchObject({ ok: false, lastRun: null });
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
    const { body } = await health();
    expect(body.checks.database).toMatchObject({ ok: false, schema: 'behind', expected: newest.name });
    expect(body.status).toBe('degraded');
  });

  it('reads the interval of the schedules wrangler.toml uses', () => {
    expect(scheduleMinutes('*/5 * * * *')).toBe(5);
    expect(scheduleMinutes('17 * * * *')).toBe(60);
    expect(scheduleMinutes('0 3 * * *')).toBe(24 * 60);
    expect(scheduleMinutes('')).toBe(24 * 60);
  });
});
