import { env } from 'cloudflare:test';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { runCron } from '../../src/worker/jobs/cron';
import { callWith, createStone, insertStone, PRODUCTION_SETTINGS } from '../support/factory';

/** Calls the Worker with settings of its own and returns the answer with every line it logged at info level. */
async function callLogged(
  vars: Partial<Env>,
  path: string,
  init: RequestInit = {},
): Promise<{ res: Response; lines: Record<string, unknown>[] }> {
  const info = vi.spyOn(console, 'info').mockImplementation(() => {});
  const res = await callWith(vars, path, init);
  const lines = info.mock.calls.map((args) => JSON.parse(String(args[0])) as Record<string, unknown>);
  info.mockRestore();
  return { res, lines };
}

const requestLines = (lines: Record<string, unknown>[]) => lines.filter((line) => line.message === 'request');

afterEach(() => {
  vi.restoreAllMocks();
});

describe('one structured log line per request', () => {
  it('names the route pattern, status, duration, request id and colo, and sends the request id back', async () => {
    const { code } = await createStone();
    const { res, lines } = await callLogged({}, `/api/stones/${code}`, { headers: { 'cf-ray': '8f1e2d3c4b5a6978-FRA' } });
    const [line, ...more] = requestLines(lines);
    expect(more).toEqual([]);
    expect(line).toMatchObject({
      level: 'info',
      method: 'GET',
      route: '/api/stones/:code',
      status: 200,
      requestId: '8f1e2d3c4b5a6978-FRA',
    });
    expect(typeof line?.ms).toBe('number');
    expect(line).toHaveProperty('colo');
    expect(res.headers.get('x-request-id')).toBe('8f1e2d3c4b5a6978-FRA');
  });

  it("logs a page by its registry path and an owner's call by its pattern, never the token in its address", async () => {
    const { adminToken, code } = await createStone();
    const page = await callLogged({}, `/admin/stone/${adminToken}`, { headers: { accept: 'text/html' } });
    const api = await callLogged({}, `/api/admin/stones/${adminToken}`);
    const stonePage = await callLogged({}, `/${code}`, { headers: { accept: 'text/html' } });
    expect(requestLines(page.lines)[0]).toMatchObject({ route: '/admin/stone/:ownerToken', status: 200 });
    expect(requestLines(api.lines)[0]).toMatchObject({ route: '/api/admin/stones/:ownerToken (owner)', status: 200 });
    expect(requestLines(stonePage.lines)[0]).toMatchObject({ route: '/:code' });
    for (const { lines } of [page, api]) expect(JSON.stringify(lines)).not.toContain(adminToken);
  });

  it('never logs the token of a secret address spelled another way (percent-encoded)', async () => {
    const { adminToken } = await createStone();
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
    const { lines } = await callLogged({}, `/api/%61dmin/stones/${adminToken}`);
    expect(requestLines(lines)[0]).toMatchObject({ route: '/api/admin/stones/:ownerToken (owner)', status: 200 });
    expect(JSON.stringify([lines, errors.mock.calls])).not.toContain(adminToken);
  });

  it('logs an unknown address as unmatched and an unknown API path by its catch-all', async () => {
    const unknownApi = await callLogged({}, '/api/no-such-thing/secret-looking-segment');
    expect(requestLines(unknownApi.lines)[0]).toMatchObject({ route: '/api/*', status: 404 });
    expect(JSON.stringify(unknownApi.lines)).not.toContain('secret-looking-segment');
  });

  it('logs a request that failed too, with its status', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const { lines } = await callLogged({ ...PRODUCTION_SETTINGS, PUBLIC_SITE_URL: 'http://localhost' }, '/api/statistics');
    expect(requestLines(lines)[0]).toMatchObject({ method: 'GET', status: 503 });
  });
});

describe('security headers', () => {
  it('sends HSTS for a year with subdomains outside development, and none in development', async () => {
    const production = await callLogged(PRODUCTION_SETTINGS, '/', { headers: { accept: 'text/html' } });
    expect(production.res.headers.get('strict-transport-security')).toBe('max-age=31536000; includeSubDomains');
    const staging = await callLogged({ ...PRODUCTION_SETTINGS, ENVIRONMENT: 'staging' }, '/api/statistics');
    expect(staging.res.headers.get('strict-transport-security')).toBe('max-age=31536000; includeSubDomains');
    const development = await callLogged({}, '/', { headers: { accept: 'text/html' } });
    expect(development.res.headers.get('strict-transport-security')).toBeNull();
  });

  it('isolates pages and API answers (COOP, CORP same-origin) and lets photos and the open reads be used elsewhere', async () => {
    for (const path of ['/', '/api/push/public-key']) {
      const { res } = await callLogged(PRODUCTION_SETTINGS, path, { headers: { accept: path === '/' ? 'text/html' : 'application/json' } });
      expect(res.headers.get('cross-origin-opener-policy')).toBe('same-origin');
      expect(res.headers.get('cross-origin-resource-policy')).toBe('same-origin');
    }
    // An open read (decision record 040): other apps may use it.
    const open = await callLogged(PRODUCTION_SETTINGS, '/api/statistics', { headers: { accept: 'application/json' } });
    expect(open.res.headers.get('cross-origin-resource-policy')).toBe('cross-origin');
    const key = '00000000-0000-4000-8000-000000000000.jpg';
    await env.PHOTOS.put(key, new Uint8Array([0xff, 0xd8, 0xff, 0xd9]), { httpMetadata: { contentType: 'image/jpeg' } });
    // A stone's photo is served while its row stands.
    const { id } = await insertStone({ code: 'C0A-0A0-0A0', hasPhotos: true, isPaid: true });
    await env.DB.prepare("INSERT INTO photos (id, stone_id, r2_key, content_type, size_bytes) VALUES (?, ?, ?, 'image/jpeg', 4)")
      .bind(crypto.randomUUID(), id, key)
      .run();
    const { res } = await callLogged(PRODUCTION_SETTINGS, `/photos/${key}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('cross-origin-resource-policy')).toBe('cross-origin');
  });
});

describe('the cron', () => {
  it('runs every step even when one throws, logs the failed step by name and records the run', async () => {
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
    const ran: string[] = [];
    const failed = await runCron(env, new Date('2026-11-25T12:00:00Z'), '*/5 * * * *', [
      ['first', async () => void ran.push('first')],
      ['breaks', () => Promise.reject(new Error('D1_ERROR: no such table: nothing'))],
      ['last', async () => void ran.push('last')],
    ]);
    expect(failed).toEqual(['breaks']);
    expect(ran).toEqual(['first', 'last']);
    const line = errors.mock.calls
      .map((args) => JSON.parse(String(args[0])) as Record<string, unknown>)
      .find((l) => l.message === 'cron step failed');
    expect(line).toMatchObject({ level: 'error', step: 'breaks' });
    expect(await env.CACHE.get('cron:last-run', 'json')).toEqual({
      at: '2026-11-25T12:00:00.000Z',
      cron: '*/5 * * * *',
      failed: ['breaks'],
    });
  });
});
