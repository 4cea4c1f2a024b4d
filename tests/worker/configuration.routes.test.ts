import {
  createExecutionContext,
  createMessageBatch,
  createScheduledController,
  env,
  getQueueResult,
  waitOnExecutionContext,
} from 'cloudflare:test';
import { afterEach, describe, expect, it, vi } from 'vitest';
import worker from '../../src/worker/index';
import { CRON_LAST_RUN_KEY } from '../../src/worker/jobs/cron';
import { callWith, createStone, expectApiError, ORIGIN, PRODUCTION_SETTINGS } from '../support/factory';
import { outbox, unqueuedOwnerLinkMail } from '../support/mail';

/** Every line logged at `level` while `run` runs. */
async function linesAt(level: 'error' | 'warn', run: () => Promise<unknown>): Promise<string[]> {
  const spy = vi.spyOn(console, level).mockImplementation(() => {});
  await run();
  return spy.mock.calls.map((args) => args.map(String).join(' '));
}

afterEach(() => {
  vi.restoreAllMocks();
});

const BAD_SITE = 'http://127.0.0.1:8787';

describe('a refused configuration answers every request 503 MISCONFIGURED', () => {
  const misconfigured = { ...PRODUCTION_SETTINGS, PUBLIC_SITE_URL: BAD_SITE };

  it.each([
    ['GET', '/api/stones/A1B-2C3-D4E'],
    ['POST', '/api/stones'],
    ['GET', '/api/statistics'],
    ['POST', '/api/admin/login'],
    ['GET', '/api/admin/stones/demo-owner-token-oma-gartenstein-000000000000'],
    ['GET', '/robots.txt'],
    ['GET', '/photos/00000000-0000-0000-0000-000000000000.jpg'],
  ])('%s %s: the one JSON error shape, naming the setting but not its value', async (method, path) => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const res = await callWith(misconfigured, path, {
      method,
      headers: { 'content-type': 'application/json' },
      ...(method === 'POST' ? { body: '{}' } : {}),
    });
    const error = await expectApiError(res, 503, 'MISCONFIGURED');
    expect(error.message).toContain('PUBLIC_SITE_URL');
    expect(error.message).not.toContain('127.0.0.1');
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(res.headers.get('retry-after')).toBe('300');
  });

  it('answers pages with an HTML page that names the setting', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    for (const path of ['/', '/A1B-2C3-D4E', '/impressum', '/admin']) {
      const res = await callWith(misconfigured, path, { headers: { accept: 'text/html', 'accept-language': 'de' } });
      expect(res.status).toBe(503);
      expect(res.headers.get('content-type')).toMatch(/^text\/html/);
      const html = await res.text();
      expect(html).toContain('Gerade nicht erreichbar');
      expect(html).toContain('PUBLIC_SITE_URL');
      expect(html).not.toContain('127.0.0.1');
    }
  });

  it('names every refused setting at once and writes nothing', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const before = await env.DB.prepare('SELECT count(*) AS n FROM stones').first<{ n: number }>();
    const res = await callWith(
      { ...misconfigured, OPERATOR_JWT_SECRET: 'short', STRIPE_API_BASE: 'http://10.0.0.3:12111' },
      '/api/stones',
      {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ creatorEmail: 'c@example.org', title: 'Stein' }),
      },
    );
    const error = await expectApiError(res, 503, 'MISCONFIGURED');
    for (const setting of ['PUBLIC_SITE_URL', 'OPERATOR_JWT_SECRET', 'STRIPE_API_BASE']) expect(error.message).toContain(setting);
    expect(error.message).not.toContain('short');
    expect(await env.DB.prepare('SELECT count(*) AS n FROM stones').first<{ n: number }>()).toEqual(before);
  });

  it('logs the refusal once per isolate, at error level, without the value', async () => {
    const settings = { ...env, ...misconfigured } as Env;
    const lines = await linesAt('error', async () => {
      for (let i = 0; i < 3; i++) await worker.fetch(new Request(`${ORIGIN}/api/statistics`), settings, createExecutionContext());
    });
    const refusals = lines.filter((line) => line.includes('misconfigured'));
    expect(refusals).toHaveLength(1);
    expect(refusals[0]).toContain('PUBLIC_SITE_URL');
    expect(refusals[0]).not.toContain('127.0.0.1');
  });

  it('keeps queued mail unsent (its message comes back later) and skips the cron', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const id = await unqueuedOwnerLinkMail('wait@example.org');
    const batch = createMessageBatch('reisesteine-email', [{ id: 'm1', timestamp: new Date(), attempts: 1, body: { outboxId: id } }]);
    const ctx = createExecutionContext();
    await worker.queue(batch, { ...env, ...misconfigured } as Env);
    const result = await getQueueResult(batch, ctx);
    expect(result.retryBatch.retry).toBe(true);
    expect((await outbox()).find((row) => row.id === id)?.status).toBe('pending');

    await env.CACHE.delete(CRON_LAST_RUN_KEY);
    const controller = createScheduledController({ scheduledTime: new Date(), cron: '*/5 * * * *' });
    const cronCtx = createExecutionContext();
    await worker.scheduled(controller, { ...env, ...misconfigured } as Env, cronCtx);
    await waitOnExecutionContext(cronCtx);
    expect(await env.CACHE.get(CRON_LAST_RUN_KEY)).toBeNull();
  });

  it('serves a good production configuration', async () => {
    const res = await callWith(PRODUCTION_SETTINGS, '/api/statistics');
    expect(res.status).toBe(200);
  });
});

describe('a mistake that disables one feature leaves the rest running', () => {
  it('Stripe test keys in production: paid stones are off, free stones work, and the browser is told', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    const testKeys = {
      ...PRODUCTION_SETTINGS,
      STRIPE_SECRET_KEY: 'sk_test_abc',
      STRIPE_PUBLISHABLE_KEY: 'pk_test_abc',
      STRIPE_WEBHOOK_SECRET: 'whsec_abc',
    };
    const intent = await callWith(testKeys, '/api/create-payment-intent', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        amount: 5,
        features: { photos: true, story: false },
        stoneData: { creatorEmail: 'c@example.org', title: 'Stein' },
      }),
    });
    await expectApiError(intent, 503, 'PAYMENTS_UNAVAILABLE');
    const page = await (await callWith(testKeys, '/stein-vorbereiten', { headers: { accept: 'text/html' } })).text();
    expect(page).toContain('"paymentsEnabled":false');
    expect(page).not.toContain('pk_test_abc');
    const stones = await callWith(testKeys, '/api/stones/A1B-2C3-D4E');
    expect([200, 404]).toContain(stones.status);
  });

  it('a secret key without the webhook secret: the webhook answers 503 WEBHOOK_UNAVAILABLE and logs an error, not a 400', async () => {
    const halfConfigured = {
      ...PRODUCTION_SETTINGS,
      STRIPE_SECRET_KEY: 'sk_live_abc',
      STRIPE_PUBLISHABLE_KEY: 'pk_live_abc',
      STRIPE_WEBHOOK_SECRET: undefined,
    };
    const lines = await linesAt('error', async () => {
      const res = await callWith(halfConfigured, '/api/webhooks/stripe', {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'stripe-signature': 't=1,v1=abc' },
        body: JSON.stringify({ id: 'evt_1', type: 'payment_intent.succeeded' }),
      });
      await expectApiError(res, 503, 'WEBHOOK_UNAVAILABLE');
    });
    expect(lines.join('\n')).toContain('STRIPE_WEBHOOK_SECRET is not set');
  });

  it('a mail sender on a placeholder domain: the mail is marked failed with the reason, nothing is sent', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    const id = await unqueuedOwnerLinkMail('sender@example.org');
    const batch = createMessageBatch('reisesteine-email', [{ id: 'm2', timestamp: new Date(), attempts: 1, body: { outboxId: id } }]);
    await worker.queue(batch, {
      ...env,
      ...PRODUCTION_SETTINGS,
      MAIL_TRANSPORT: 'cloudflare',
      MAIL_FROM: 'Reisesteine <post@reisesteine.example>',
    } as Env);
    expect((await outbox()).find((row) => row.id === id)).toMatchObject({
      status: 'failed',
      last_error: 'MAIL_FROM is on a placeholder or local domain: no mail is sent',
    });
  });

  it('the free stone is still created when only a feature is off', async () => {
    const created = await createStone();
    expect(created.code).toMatch(/^[0-9A-F]{3}-[0-9A-F]{3}-[0-9A-F]{3}$/);
  });
});
