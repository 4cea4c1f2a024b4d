import { createExecutionContext, env, waitOnExecutionContext } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import worker from '../../src/worker/index';
import { ORIGIN, PRODUCTION_SETTINGS } from '../support/factory';

const STAGING = { ...PRODUCTION_SETTINGS, ENVIRONMENT: 'staging' } satisfies Partial<Env>;
const PASSWORD = 'a staging password for the team';

async function call(path: string, vars: Partial<Env>, init: RequestInit = {}): Promise<Response> {
  const ctx = createExecutionContext();
  const res = await worker.fetch(new Request(`${ORIGIN}${path}`, init), { ...env, ...vars } as Env, ctx);
  await waitOnExecutionContext(ctx);
  return res;
}

const basic = (user: string, password: string) => ({ authorization: `Basic ${btoa(`${user}:${password}`)}` });

describe('a staging site', () => {
  it('keeps every crawler out in robots.txt; production lists only what is not to be indexed', async () => {
    expect(await (await call('/robots.txt', STAGING)).text()).toBe('User-agent: *\nDisallow: /\n');
    const production = await (await call('/robots.txt', PRODUCTION_SETTINGS)).text();
    expect(production).not.toContain('Disallow: /\n');
    expect(production).toContain('Sitemap: https://reisesteine.de/sitemap.xml');
  });

  it('says noindex on every answer of the Worker: pages, the API, robots.txt and errors; production on none of them', async () => {
    for (const path of ['/', '/stein-vorbereiten', '/api/statistics', '/robots.txt', '/healthz', '/no-such-page']) {
      expect((await call(path, STAGING, { headers: { accept: 'text/html' } })).headers.get('x-robots-tag'), path).toBe('noindex');
      expect((await call(path, PRODUCTION_SETTINGS, { headers: { accept: 'text/html' } })).headers.get('x-robots-tag'), path).toBeNull();
    }
  });

  it('with STAGING_PASSWORD asks for it before anything runs, in the one error shape on the API', async () => {
    const locked = { ...STAGING, STAGING_PASSWORD: PASSWORD };
    const page = await call('/', locked, { headers: { accept: 'text/html' } });
    expect(page.status).toBe(401);
    expect(page.headers.get('www-authenticate')).toBe('Basic realm="staging", charset="UTF-8"');
    expect(page.headers.get('cache-control')).toBe('no-store');
    const api = await call('/api/statistics', locked);
    expect(api.status).toBe(401);
    expect(((await api.json()) as { error: { code: string } }).error.code).toBe('STAGING_PASSWORD_REQUIRED');
    for (const headers of [basic('team', 'wrong'), { authorization: 'Basic not-base64!' }, { authorization: `Bearer ${PASSWORD}` }]) {
      expect((await call('/api/statistics', locked, { headers })).status).toBe(401);
    }
    // Any user name with the password.
    for (const user of ['team', '']) expect((await call('/api/statistics', locked, { headers: basic(user, PASSWORD) })).status).toBe(200);
  });

  it('leaves the health probe and Stripe’s webhook open, which prove themselves otherwise', async () => {
    const locked = { ...STAGING, STAGING_PASSWORD: PASSWORD };
    expect((await call('/healthz', locked)).status).not.toBe(401);
    // The webhook refuses an unsigned event itself.
    const webhook = await call('/api/webhooks/stripe', locked, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{}',
    });
    expect(webhook.status).not.toBe(401);
    expect(webhook.status).toBeGreaterThanOrEqual(400);
  });

  it('production ignores a STAGING_PASSWORD set by mistake', async () => {
    const res = await call('/api/statistics', { ...PRODUCTION_SETTINGS, STAGING_PASSWORD: PASSWORD });
    expect(res.status).toBe(200);
  });
});
