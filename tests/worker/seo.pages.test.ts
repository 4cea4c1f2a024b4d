import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { createCollection } from '../support/collections';
import { call } from '../support/factory';
import { operatorToken } from '../support/operator';

describe('what search engines read', () => {
  it('robots.txt keeps them out of the owner links, the operator area, mail links and the API, and names the sitemap', async () => {
    const res = await call('/robots.txt');
    expect(res.status).toBe(200);
    const robots = await res.text();
    for (const path of ['/admin', '/api/', '/abo/', '/dev/']) expect(robots).toContain(`Disallow: ${path}\n`);
    expect(robots).toContain('Sitemap: https://reisesteine.test/sitemap.xml');
  });

  it('the sitemap lists the public pages and the published articles only', async () => {
    const token = await operatorToken();
    for (const [slug, published] of [
      ['oeffentlich', true],
      ['entwurf', false],
    ] as const) {
      const res = await call('/api/admin/blog', {
        method: 'POST',
        headers: { authorization: token, 'content-type': 'application/json' },
        body: JSON.stringify({ title: slug, slug, excerpt: 'Kurz', content: '<p>Text</p>', published }),
      });
      expect(res.status).toBe(201);
    }
    const res = await call('/sitemap.xml');
    expect(res.headers.get('content-type')).toBe('application/xml; charset=utf-8');
    const locations = [...(await res.text()).matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]);
    expect(locations).toEqual([
      'https://reisesteine.test/',
      'https://reisesteine.test/stein-vorbereiten',
      'https://reisesteine.test/blog',
      'https://reisesteine.test/impressum',
      'https://reisesteine.test/datenschutz',
      'https://reisesteine.test/agb',
      'https://reisesteine.test/blog/oeffentlich',
    ]);
  });

  it('the sitemap lists every memorial collection with when it last changed; robots.txt leaves them crawlable', async () => {
    const created = await createCollection();
    const changed = Date.UTC(2026, 10, 1, 12);
    await env.DB.prepare('UPDATE collections SET updated_at = ? WHERE id = ?').bind(changed, created.id).run();
    const other = await createCollection({ title: 'Für Opa' });
    const sitemap = await (await call('/sitemap.xml')).text();
    expect(sitemap).toContain(
      `<url><loc>https://reisesteine.test/sammlung/${created.id}</loc><lastmod>${new Date(changed).toISOString()}</lastmod></url>`,
    );
    expect(sitemap).toMatch(new RegExp(`<url><loc>https://reisesteine.test/sammlung/${other.id}</loc><lastmod>[^<]+</lastmod></url>`));
    // Never an owner link.
    expect(sitemap).not.toContain(created.adminToken);
    const robots = await (await call('/robots.txt')).text();
    expect(robots).not.toMatch(/Disallow: \/sammlung/);
    expect(robots).toContain('Disallow: /admin\n');
  });

  it.each([
    ['/', 'https://reisesteine.test/'],
    ['/stein-vorbereiten', 'https://reisesteine.test/stein-vorbereiten'],
    ['/blog', 'https://reisesteine.test/blog'],
  ])('%s names its canonical address', async (path, canonical) => {
    const html = await (await call(path, { headers: { accept: 'text/html' } })).text();
    expect(html).toContain(`<link rel="canonical" href="${canonical}"/>`);
  });

  it('a read-only stone page is indexable and names the stone page as its canonical address', async () => {
    const { code } = await (
      await call('/api/stones', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ creatorEmail: 'c@example.org', title: 'Stein' }),
      })
    ).json<{ code: string }>();
    const view = await (await call(`/view/${code}`, { headers: { accept: 'text/html' } })).text();
    expect(view).not.toContain('noindex');
    expect(view).toContain(`<link rel="canonical" href="https://reisesteine.test/${code}"/>`);
    const page = await (await call(`/${code}`, { headers: { accept: 'text/html' } })).text();
    expect(page).toContain(`<link rel="canonical" href="https://reisesteine.test/${code}"/>`);
  });
});
