import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { COLLECTION_ID_ALPHABET } from '../../src/shared/collection';
import { SITEMAP_LETTER_URLS } from '../../src/worker/seo';
import { createCollection } from '../support/collections';
import { call, callWith } from '../support/factory';
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
    const res = await call('/sitemaps/pages.xml');
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
    const sitemap = (
      await Promise.all([created.id, other.id].map(async (id) => (await call(`/sitemaps/collections-${id[0]}.xml`)).text()))
    ).join('');
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

  it('the sitemap is an index of files of at most 50 000 addresses: the pages, and the collections by the first letters of their ids', async () => {
    // Ids spread over the alphabet as random ids do: three in 'a', one each in 'k' and 'z'.
    const ids = ['a222222222', 'a333333333', 'azzzzzzzzz', 'k222222222', 'z999999999'];
    for (const id of ids)
      await env.DB.prepare(
        'INSERT INTO collections (id, title, creator_email, owner_token_hash, locale, created_at) VALUES (?, ?, ?, ?, ?, ?)',
      )
        .bind(id, `Sammlung ${id}`, 'owner@example.org', `hash-${id}`, 'de', Date.UTC(2026, 10, 1))
        .run();
    const index = await call('/sitemap.xml');
    expect(index.headers.get('content-type')).toBe('application/xml; charset=utf-8');
    const body = await index.text();
    expect(body).toContain('<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">');
    expect([...body.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1])).toEqual([
      'https://reisesteine.test/sitemaps/pages.xml',
      'https://reisesteine.test/sitemaps/collections-a.xml',
      'https://reisesteine.test/sitemaps/collections-k.xml',
      'https://reisesteine.test/sitemaps/collections-z.xml',
    ]);
    const inA = await (await call('/sitemaps/collections-a.xml')).text();
    expect([...inA.matchAll(/\/sammlung\/([^<]+)<\/loc>/g)].map((m) => m[1])).toEqual(['a222222222', 'a333333333', 'azzzzzzzzz']);
    // A prefix without collections is an empty file; one no id can begin with, a longer one, or another name is no file.
    for (const path of ['/sitemaps/collections-b.xml', '/sitemaps/collections-ab.xml'])
      expect(await (await call(path)).text(), path).not.toContain('<url>');
    for (const path of [
      '/sitemaps/collections-0.xml',
      '/sitemaps/collections-a0.xml',
      '/sitemaps/collections-a22.xml',
      '/sitemaps/stones.xml',
    ])
      expect((await call(path)).status, path).toBe(404);
  });

  it('a first letter with more than SITEMAP_LETTER_URLS collections is listed as its 31 files of two letters', async () => {
    // 'a2…' and 'ab…' together one more than a letter's file holds; 'k' stays one file.
    const inA2 = SITEMAP_LETTER_URLS / 2;
    const inAb = SITEMAP_LETTER_URLS - inA2 + 1;
    for (const [prefix, count] of [
      ['a2', inA2],
      ['ab', inAb],
      ['k2', 1],
    ] as const)
      await env.DB.prepare(
        `WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < ?2)
         INSERT INTO collections (id, title, creator_email, owner_token_hash, locale, created_at)
         SELECT ?1 || replace(replace(printf('%08d', i), '0', 'x'), '1', 'y'), 'Sammlung', 'owner@example.org', 'hash-' || ?1 || i, 'de', ?3 FROM n`,
      )
        .bind(prefix, count, Date.UTC(2026, 10, 1))
        .run();
    const index = await (await call('/sitemap.xml')).text();
    // Every pair of the letter: ids are random, so past a few hundred collections each is in use.
    expect([...index.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1])).toEqual([
      'https://reisesteine.test/sitemaps/pages.xml',
      ...[...COLLECTION_ID_ALPHABET].map((second) => `https://reisesteine.test/sitemaps/collections-a${second}.xml`),
      'https://reisesteine.test/sitemaps/collections-k.xml',
    ]);
    expect(await (await call('/sitemaps/collections-a3.xml')).text()).not.toContain('<url>');
    const addresses = async (path: string) =>
      [...(await (await call(path)).text()).matchAll(/\/sammlung\/([^<]+)<\/loc>/g)].map((m) => m[1]);
    const [a2, ab, k] = await Promise.all(['a2', 'ab', 'k'].map((prefix) => addresses(`/sitemaps/collections-${prefix}.xml`)));
    expect([a2?.length, ab?.length, k?.length]).toEqual([inA2, inAb, 1]);
    expect(a2?.every((id) => id?.startsWith('a2'))).toBe(true);
    expect(ab?.every((id) => id?.startsWith('ab'))).toBe(true);
    expect(k).toEqual(['k2xxxxxxxy']);
  });

  it('the sitemap files are kept in the edge cache for an hour where it is on: a crawler costs no reads', async () => {
    const created = await createCollection();
    const on = { EDGE_CACHE_SECONDS: '60' };
    const path = `/sitemaps/collections-${created.id[0]}.xml`;
    const first = await callWith(on, path);
    expect([first.status, first.headers.get('x-cache'), first.headers.get('cache-control')]).toEqual([200, 'miss', 'public, max-age=3600']);
    expect(await first.text()).toContain(created.id);
    await env.DB.prepare('DELETE FROM collections WHERE id = ?').bind(created.id).run();
    const again = await callWith(on, path);
    expect(again.headers.get('x-cache')).toBe('hit');
    expect(await again.text()).toContain(created.id);
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
