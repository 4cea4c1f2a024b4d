// The production environment's own build, served locally as production runs it: with a bad site URL it refuses
// every request (503 MISCONFIGURED) and /healthz names the setting; with a good configuration it serves.
import { execFileSync } from 'node:child_process';
import { existsSync, rmSync } from 'node:fs';
import net from 'node:net';
import { expect, test } from '@playwright/test';
import { PRODUCTION_VARS, serveBuild } from '../scripts/serve-build.mjs';

const CONFIG = '.deploy/production/reisesteine/wrangler.json';
/** The checks behind /healthz's status are the health token's to read. */
const WITH_HEALTH_TOKEN = { authorization: `Bearer ${PRODUCTION_VARS.HEALTH_TOKEN}` };

/** A port nobody listens on now (the browser tests' own server keeps its port). */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

/** A state folder with nothing in it (a refusing Worker reads no storage). */
function emptyState(dir: string): string {
  rmSync(dir, { recursive: true, force: true });
  return dir;
}

test.describe.configure({ mode: 'serial' });
// Three servers of the build one after the other, the last with migrations and seeds: more than the default half minute.
test.setTimeout(120_000);

test.beforeAll(() => {
  // `npm test` ran the deploy's dry run first, which built it; alone, this builds it the same way.
  if (existsSync(CONFIG)) return;
  execFileSync('npx', ['vite', 'build', '--logLevel', 'warn'], {
    stdio: 'inherit',
    env: { ...process.env, CLOUDFLARE_ENV: 'production', BUILD_OUT_DIR: '.deploy/production', WRANGLER_SEND_METRICS: 'false' },
  });
});

test('with a bad PUBLIC_SITE_URL every request answers 503 MISCONFIGURED and /healthz names the setting', async ({ browser }) => {
  const port = await freePort();
  const bad = `http://127.0.0.1:${port}`;
  const server = await serveBuild({
    port,
    stateDir: emptyState(`.e2e/production-bad-${port}`),
    // A refused configuration answers before any storage is read: no migrations or seeds to wait for.
    prepared: true,
    config: CONFIG,
    vars: { ...PRODUCTION_VARS, PUBLIC_SITE_URL: bad },
  });
  try {
    const page = await browser.newPage({ locale: 'de-DE' });
    for (const path of ['/', '/A1B-2C3-D4E', '/impressum']) {
      const response = await page.goto(`${server.url}${path}`);
      expect(response?.status(), path).toBe(503);
      await expect(page.getByRole('heading', { name: 'Gerade nicht erreichbar' })).toBeVisible();
      await expect(page.getByText('Betroffene Einstellungen: PUBLIC_SITE_URL')).toBeVisible();
      expect(await page.content()).not.toContain(bad);
    }
    for (const path of ['/api/statistics', '/api/stones/A1B-2C3-D4E', '/robots.txt', '/sitemap.xml']) {
      const res = await fetch(`${server.url}${path}`);
      expect(res.status, path).toBe(503);
      const body = (await res.json()) as { error: { code: string; message: string } };
      expect(body.error.code).toBe('MISCONFIGURED');
      expect(body.error.message).toContain('PUBLIC_SITE_URL');
    }
    const post = await fetch(`${server.url}/api/stones`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' });
    expect(post.status).toBe(503);
    const health = await fetch(`${server.url}/healthz`, { headers: WITH_HEALTH_TOKEN });
    expect(health.status).toBe(503);
    const report = (await health.json()) as { status: string; checks: { configuration: { refused: Record<string, string> } } };
    expect(report.status).toBe('misconfigured');
    expect(Object.keys(report.checks.configuration.refused)).toEqual(['PUBLIC_SITE_URL']);
    await page.close();
  } finally {
    await server.stop();
  }
});

test('the same build as it is in wrangler.toml (placeholder domain, no secrets) refuses too', async () => {
  const port = await freePort();
  const server = await serveBuild({ port, stateDir: emptyState(`.e2e/production-as-is-${port}`), prepared: true, config: CONFIG });
  try {
    // No health token either: anyone learns that it is misconfigured, and every refused answer names the settings.
    const health = await fetch(`${server.url}/healthz`);
    expect(health.status).toBe(503);
    expect(Object.keys(await health.json()).sort()).toEqual(['status', 'version']);
    const refused = (await (await fetch(`${server.url}/api/statistics`)).json()) as { error: { code: string; message: string } };
    expect(refused.error.code).toBe('MISCONFIGURED');
    for (const setting of ['OPERATOR_JWT_SECRET', 'PUBLIC_SITE_URL']) expect(refused.error.message).toContain(setting);
  } finally {
    await server.stop();
  }
});

test('with a good configuration /healthz answers 200 and the site serves', async ({ browser }) => {
  const port = await freePort();
  const server = await serveBuild({
    port,
    stateDir: `.e2e/production-good-${port}`,
    config: CONFIG,
    vars: { ...PRODUCTION_VARS, MAP_STYLE_URL: '/map-style.json' },
  });
  try {
    const health = await fetch(`${server.url}/healthz`, { headers: WITH_HEALTH_TOKEN });
    expect(health.status).toBe(200);
    const report = (await health.json()) as { status: string; version: string; environment: string; checks: { database: { ok: boolean } } };
    expect(['ok', 'degraded']).toContain(report.status);
    expect(report.environment).toBe('production');
    expect(report.checks.database.ok).toBe(true);
    expect(report.version).toMatch(/^[0-9a-f]{40}(?:-dirty)?$/);
    const page = await browser.newPage({ locale: 'de-DE' });
    const response = await page.goto(`${server.url}/A1B-2C3-D4E`);
    expect(response?.status()).toBe(200);
    expect(response?.headers()['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
    await expect(page.getByRole('heading', { level: 1, name: 'Omas Gartenstein' })).toBeVisible();
    await page.close();
  } finally {
    await server.stop();
  }
});
