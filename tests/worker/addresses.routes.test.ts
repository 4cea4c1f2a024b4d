/**
 * The declarations every list of addresses is derived from (worker/lib/addresses.ts): the screen registry and the
 * endpoints' table. A route the app answers must be declared, and one whose path carries a token must say so.
 */
import { describe, expect, it } from 'vitest';
import { screens } from '../../src/shared/routes';
import type { Screen } from '../../src/shared/screen';
import { app } from '../../src/worker/app';
import { type Endpoint, endpoints } from '../../src/worker/endpoints';
import {
  changeOf,
  disallowedPaths,
  isSecretAddress,
  readScope,
  SECRET_PREFIXES,
  sitemapPaths,
  staticPrefix,
} from '../../src/worker/lib/addresses';
import { redact } from '../../src/worker/lib/logger';
import { operatorOnly, publicRoute, routingPath } from '../../src/worker/lib/routing';
import { call, createStone } from '../support/factory';

/** A parameter named like a secret (`:ownerToken`, `:token`, `:secretKey`). */
const TOKEN_LIKE = /token|secret/i;

interface Declaration {
  label: string;
  path: string;
  secret?: string;
}

/** The declarations whose path has a token-like parameter without being declared `secret: 'path'`. */
function undeclaredTokens(declarations: Declaration[]): string[] {
  return declarations
    .filter((d) => [...d.path.matchAll(/:(\w+)/g)].some((m) => TOKEN_LIKE.test(m[1] ?? '')) && d.secret !== 'path')
    .map((d) => d.label);
}

const screenDeclarations: Declaration[] = Object.entries(screens as Record<string, Screen>)
  .filter(([, s]) => s.path !== undefined)
  .map(([name, s]) => ({ label: `screen ${name}`, path: s.path ?? '', secret: s.secret }));
const endpointDeclarations: Declaration[] = endpoints.map((e) => ({ label: `${e.method} ${e.path}`, path: e.path, secret: e.secret }));

/** The app's own routes (ALL entries are middleware and catch-alls; `/*` is the page renderer, i.e. the registry). */
const appRoutes = app.routes.filter((r) => r.method !== 'ALL' && r.path !== '/*').map((r) => `${r.method} ${r.path}`);

/** A value like the tokens the product hands out (32 random bytes, base64url). */
const TOKEN = 'q9Zr2Vx_Lk0-Tt8uWmB4nYc6HsE1oJ3aP5dG7fK2wQe';

const fill = (path: string) =>
  path.replace(/:(\w+)/g, (_, name: string) => (name === 'code' ? 'ABC-123-DEF' : TOKEN_LIKE.test(name) ? TOKEN : 'x1'));

describe('the declarations', () => {
  it('declare every route the app answers, and nothing it does not', () => {
    const declared = endpoints.map((e) => `${e.method} ${e.path}`);
    expect(new Set(declared).size).toBe(declared.length);
    expect([...new Set(appRoutes)].sort()).toEqual([...declared].sort());
  });

  it("declare every path parameter named like a token `secret: 'path'`", () => {
    expect(undeclaredTokens([...screenDeclarations, ...endpointDeclarations])).toEqual([]);
  });

  it('the check finds a token route declared without its secret', () => {
    const forgotten: Declaration = { label: 'GET /api/stones/:code/share/:shareToken', path: '/api/stones/:code/share/:shareToken' };
    const wrongKind: Declaration = { label: 'screen x', path: '/x/:token', secret: 'query' };
    expect(undeclaredTokens([...endpointDeclarations, forgotten, wrongKind])).toEqual([forgotten.label, wrongKind.label]);
  });

  it("declare every operator route secret (it answers the operator's data, or a token)", () => {
    const operatorRoutes = endpoints.filter((e: Endpoint) => operatorOnly(e.path) || e.path === '/api/admin/login');
    expect(operatorRoutes.length).toBeGreaterThan(10);
    for (const route of operatorRoutes) expect(route.secret, `${route.method} ${route.path}`).toBeDefined();
  });

  it('keep a cached read free of secrets, and a secret address out of the cache', () => {
    for (const e of endpoints) if (e.cache) expect(e.secret, e.path).toBeUndefined();
    for (const s of Object.values(screens as Record<string, Screen>)) if (s.cache) expect(s.secret, s.path).toBeUndefined();
  });
});

describe('what is derived from them', () => {
  const secretAddresses = [...screenDeclarations, ...endpointDeclarations]
    .filter((d) => d.secret)
    .map((d) => ({ ...d, address: publicRoute(fill(d.path)).path }));

  it('every secret address is secret, never cached, and a token in its path never reaches a log line', () => {
    expect(secretAddresses.length).toBeGreaterThan(15);
    for (const { label, address, secret } of secretAddresses) {
      expect(isSecretAddress(address), label).toBe(true);
      expect(readScope(address), label).toBeNull();
      if (secret === 'path') {
        expect(redact(`{"path":"${address}"}`), label).not.toContain(TOKEN);
        expect(redact(`https://reisesteine.test${address}?x=1`), label).toContain('[redacted]');
      }
    }
  });

  it('public addresses are neither secret nor redacted', () => {
    for (const address of ['/', '/ABC-123-DEF', '/view/ABC-123-DEF', '/api/stones/ABC-123-DEF', '/api/stones/ABC-123-DEF/finds', '/blog']) {
      expect(isSecretAddress(address), address).toBe(false);
      expect(redact(address)).toBe(address);
    }
    // A prefix ends where a segment ends: `/success` does not cover `/successful`.
    expect(SECRET_PREFIXES).toContain('/admin/stone/');
    expect(SECRET_PREFIXES).toContain('/success');
    expect(isSecretAddress('/successful')).toBe(false);
    for (const address of ['/api/stones', '/api/blog/x']) expect(isSecretAddress(address), address).toBe(false);
    // The operator's area and the payment's return (its query carries Stripe's client secret) are secret pages.
    for (const address of ['/admin', '/admin/blog', '/success']) expect(isSecretAddress(address), address).toBe(true);
  });

  it('an undeclared address in a folder whose every declared address is secret is secret too', () => {
    for (const address of ['/api/admin/unknown', '/api/admin/stones/x/y/z', '/abo/irgendwas', '/api/notifications/other']) {
      expect(isSecretAddress(address), address).toBe(true);
    }
  });

  it('the edge cache keeps the declared reads under their scope, in their canonical spelling only', () => {
    expect(readScope('/ABC-123-DEF')).toBe('stone:ABC-123-DEF');
    expect(readScope('/view/ABC-123-DEF')).toBe('stone:ABC-123-DEF');
    expect(readScope('/api/stones/ABC-123-DEF')).toBe('stone:ABC-123-DEF');
    expect(readScope('/abc-123-def')).toBeNull();
    expect(readScope('/api/stones/abc-123-def')).toBeNull();
    expect(readScope('/ABC-123-DEF/')).toBeNull();
    for (const path of ['/blog', '/blog/ein-artikel', '/api/blog', '/api/blog/ein-artikel', '/blog/rss.xml'])
      expect(readScope(path), path).toBe('blog');
    for (const path of ['/', '/api/statistics', '/api/stones/ABC-123-DEF/qr.svg', '/stein-vorbereiten', '/impressum'])
      expect(readScope(path), path).toBeNull();
  });

  it('a write changes the scope its endpoint declares, naming the stone as its path does', () => {
    const route = (method: string, path: string, headers: Record<string, string> = {}) =>
      changeOf(method, routingPath(new Request(`https://reisesteine.test${path}`, { method, headers })));
    expect(route('POST', '/api/stones/ABC-123-DEF/finds')).toEqual({ scope: 'stone', by: 'code', value: 'ABC-123-DEF' });
    expect(route('PATCH', `/api/admin/stones/${TOKEN}`)).toEqual({ scope: 'stone', by: 'ownerToken', value: TOKEN });
    expect(route('POST', `/api/admin/collections/${TOKEN}/stones`)).toEqual({ scope: 'collection', by: 'ownerToken', value: TOKEN });
    expect(route('DELETE', '/api/admin/stones/id/abc/photos', { authorization: 'Bearer x' })).toEqual({
      scope: 'stone',
      by: 'id',
      value: 'abc',
    });
    expect(route('PUT', '/api/admin/blog/7', { authorization: 'Bearer x' })).toEqual({ scope: 'blog' });
    // The path names only the find: the route names its stone.
    expect(route('POST', '/api/admin/reports/abc', { authorization: 'Bearer x' })).toEqual({ scope: 'stone', by: 'route' });
    // A paid upgrade of a stone changes its page: the route names the stone (a new stone changes no kept read).
    expect(route('POST', '/api/stones')).toEqual({ scope: 'stone', by: 'route' });
    expect(route('POST', '/api/stones/ABC-123-DEF/finds/abc/report')).toBeNull();
    expect(route('GET', `/api/admin/stones/${TOKEN}`)).toBeNull();
  });

  it('robots.txt keeps crawlers out of what is declared so, one rule per segment where all of it is', async () => {
    expect(disallowedPaths().sort()).toEqual(['/abo/', '/admin', '/api/', '/dev/', '/healthz']);
    const robots = await (await call('/robots.txt')).text();
    for (const path of disallowedPaths()) expect(robots).toContain(`Disallow: ${path}\n`);
    // Every screen declared `disallow` is under a rule.
    for (const s of Object.values(screens as Record<string, Screen>))
      if (s.indexing === 'disallow')
        expect(
          disallowedPaths().some((rule) => staticPrefix(s.path ?? '').startsWith(rule)),
          s.path,
        ).toBe(true);
  });

  it('the sitemap lists the screens declared for it', () => {
    expect(sitemapPaths()).toEqual(['/', '/stein-vorbereiten', '/blog', '/impressum', '/datenschutz', '/agb']);
  });

  it('a secret page answers no-store and no referrer; the stone page does not', async () => {
    const owner = await call(`/admin/stone/${TOKEN}`, { headers: { accept: 'text/html' } });
    expect(owner.headers.get('cache-control')).toBe('no-store');
    expect(owner.headers.get('referrer-policy')).toBe('no-referrer');
    const stone = await call('/ABC-123-DEF', { headers: { accept: 'text/html' } });
    expect(stone.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
  });

  it('another spelling of a secret address (percent-encoded, as the router decodes it) is secret too', async () => {
    const { adminToken } = await createStone();
    for (const path of [`/api/%61dmin/stones/${adminToken}`, `/api/admin/%73tones/${adminToken}`, `/%61dmin/stone/${adminToken}`]) {
      const res = await call(path, { headers: { accept: path.startsWith('/api/') ? 'application/json' : 'text/html' } });
      expect(res.headers.get('cache-control'), path).toBe('no-store');
      expect(res.headers.get('referrer-policy'), path).toBe('no-referrer');
    }
    // It reaches the owner's route, which answers the owner's view: as secret as the plain spelling's.
    expect((await call(`/api/%61dmin/stones/${adminToken}`)).status).toBe(200);
  });

  it('a page declared noindex or disallow says noindex, whatever its data; an indexed one does not', async () => {
    const noindex = '<meta name="robots" content="noindex"/>';
    for (const path of ['/checkout', '/admin', `/admin/stone/${TOKEN}`, '/abo/abmelden', '/etikett/ABC-123-DEF']) {
      const html = await (await call(path, { headers: { accept: 'text/html' } })).text();
      expect(html, path).toContain(noindex);
    }
    for (const path of ['/', '/stein-vorbereiten', '/impressum']) {
      const html = await (await call(path, { headers: { accept: 'text/html' } })).text();
      expect(html, path).not.toContain(noindex);
    }
  });
});
