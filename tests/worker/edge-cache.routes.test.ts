/**
 * The edge cache of public reads (decision record 014). The other tests run with it off (vitest.config.ts); these
 * give the app a lifetime and count the D1 statements each request runs.
 */
import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { intlTag, LOCALES } from '../../src/shared/i18n/locale';
import { STONE_FINDS_EMBEDDED } from '../../src/shared/schemas/finds-page';
import type { CollectionView, CreatedCollection, FindsPage, StoneView } from '../../src/shared/types';
import { app } from '../../src/worker/app';
import { readScope } from '../../src/worker/lib/addresses';
import { randomToken, sha256Hex } from '../../src/worker/lib/crypto';
import { BOOKMARK_HEADER } from '../../src/worker/lib/d1-session';
import { CACHE_STATUS_HEADER } from '../../src/worker/lib/edge-cache';
import { collectionBody } from '../support/collections';
import { clientAddress, insertStone, ORIGIN } from '../support/factory';
import { seedFinds } from '../support/many-finds';
import { meteredD1 } from '../support/metered-d1';
import { operatorToken } from '../support/operator';

const metered = meteredD1(env.DB);
/** The constraints and bookmarks the requests open their D1 sessions with. */
const sessionsOpened: string[] = [];
const recording = new Proxy(metered.db, {
  get(target, name) {
    if (name === 'withSession') {
      return (constraint: string) => {
        sessionsOpened.push(constraint);
        return target.withSession(constraint);
      };
    }
    return Reflect.get(target, name);
  },
});
const cachingEnv = { ...env, DB: recording, EDGE_CACHE_SECONDS: '60' };
const context = { waitUntil() {}, passThroughOnException() {}, props: {} } as unknown as ExecutionContext;

/** One request to the app with the cache on; `statements` is how many D1 statements it ran. */
async function fetchCached(path: string, init: RequestInit = {}) {
  const headers = new Headers(init.headers);
  if (!headers.has('cf-connecting-ip')) headers.set('cf-connecting-ip', clientAddress());
  metered.reset();
  sessionsOpened.length = 0;
  const response = await app.fetch(new Request(`${ORIGIN}${path}`, { ...init, headers }), cachingEnv, context);
  const body = await response.text();
  return { response, body, status: response.headers.get(CACHE_STATUS_HEADER), statements: metered.totals.statements };
}

const html = (language: string, more: Record<string, string> = {}) => ({
  headers: { accept: 'text/html', 'accept-language': language, ...more },
});
const json = (method: string, body: unknown, headers: Record<string, string> = {}): RequestInit => ({
  method,
  headers: { 'content-type': 'application/json', ...headers },
  body: JSON.stringify(body),
});

/** A stone of its own per test: the cache outlives a test's database. */
async function stone() {
  const hex = () => crypto.randomUUID().replace(/-/g, '').slice(0, 3).toUpperCase();
  return insertStone({ code: `${hex()}-${hex()}-${hex()}`, title: 'Omas Gartenstein', hasPhotos: true, isPaid: true });
}

/** A memorial collection of its own per test, made through the API. */
async function collection(): Promise<CreatedCollection> {
  const created = await fetchCached('/api/collections', json('POST', collectionBody({ count: 2 })));
  expect(created.response.status).toBe(201);
  return JSON.parse(created.body) as CreatedCollection;
}

const nonceOf = (body: string) => /<script[^>]* nonce="([^"]+)"/.exec(body)?.[1];

const TINY_PNG = Uint8Array.from(
  atob('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg=='),
  (c) => c.charCodeAt(0),
);

describe('public reads come from the edge cache', () => {
  it('keeps the stone JSON: the second read runs no D1 statement', async () => {
    const { code } = await stone();
    const first = await fetchCached(`/api/stones/${code}`);
    expect([first.response.status, first.status]).toEqual([200, 'miss']);
    expect(first.statements).toBeGreaterThan(0);
    const second = await fetchCached(`/api/stones/${code}`);
    expect([second.response.status, second.status, second.statements]).toEqual([200, 'hit', 0]);
    expect(second.body).toBe(first.body);
    // The browser is still told not to keep it: a reload asks the edge again.
    expect(second.response.headers.get('cache-control')).toBe('no-store');
  });

  it('keeps the stone pages, each answer with a nonce of its own in its scripts and its CSP', async () => {
    const { code } = await stone();
    for (const path of [`/${code}`, `/view/${code}`]) {
      const first = await fetchCached(path, html('de-DE'));
      const second = await fetchCached(path, html('de-DE'));
      expect([first.status, second.status, second.statements]).toEqual(['miss', 'hit', 0]);
      const nonces = [nonceOf(first.body), nonceOf(second.body)];
      expect(nonces[0]).toBeTruthy();
      expect(nonces[1]).toBeTruthy();
      expect(nonces[0]).not.toBe(nonces[1]);
      expect(second.body).not.toContain(nonces[0]);
      expect(second.response.headers.get('content-security-policy')).toContain(`'nonce-${nonces[1]}'`);
      expect(second.body.replaceAll(nonces[1] ?? '', 'N')).toBe(first.body.replaceAll(nonces[0] ?? '', 'N'));
      expect(second.response.headers.get('x-cached-nonce')).toBeNull();
    }
  });

  it('never answers German for English or English for German', async () => {
    const { code } = await stone();
    const de = await fetchCached(`/${code}`, html('de-DE'));
    const en = await fetchCached(`/${code}`, html('en-GB'));
    expect(en.status).toBe('miss');
    expect(de.body).toContain('<html lang="de"');
    expect(en.body).toContain('<html lang="en"');
    // The language switch's cookie beats the browser's language.
    const chosen = await fetchCached(`/${code}`, html('de-DE', { cookie: 'lang=en' }));
    expect(chosen.status).toBe('hit');
    expect(chosen.body).toContain('<html lang="en"');
    // The pages' own data reads filled the JSON per language; each equals a fresh read in its language.
    const session = env.DB.withSession('first-primary');
    await session.prepare('SELECT 1').all();
    const fresh = { [BOOKMARK_HEADER]: session.getBookmark() ?? '' };
    for (const language of ['en', 'de']) {
      const kept = await fetchCached(`/api/stones/${code}`, html(language));
      expect(kept.status).toBe('hit');
      expect(kept.body).toBe((await fetchCached(`/api/stones/${code}`, html(language, fresh))).body);
    }
    expect((await fetchCached(`/${code}`, html('de-DE'))).body).toContain('<html lang="de"');
  });

  it('keeps one copy per language of the site, each answered only in its language', async () => {
    const { code } = await stone();
    for (const round of ['miss', 'hit'])
      for (const locale of LOCALES) {
        const page = await fetchCached(`/${code}`, html(`${intlTag[locale]},${locale};q=0.9`));
        expect(page.status, `${locale}, ${round}`).toBe(round);
        expect(page.body).toContain(`<html lang="${locale}"`);
      }
  });

  it('keeps the blog and its feed', async () => {
    const token = await operatorToken(`cache-${crypto.randomUUID()}@example.org`);
    const slug = `stein-${crypto.randomUUID().slice(0, 8)}`;
    const created = await fetchCached(
      '/api/admin/blog',
      json('POST', { title: slug, slug, excerpt: 'Kurz', content: '<p>Text</p>', published: true }, { authorization: token }),
    );
    expect(created.response.status).toBe(201);
    for (const path of ['/api/blog', '/blog', '/blog/rss.xml']) {
      const first = await fetchCached(path, html('de'));
      const second = await fetchCached(path, html('de'));
      expect([path, first.response.status, first.status, second.status, second.statements]).toEqual([path, 200, 'miss', 'hit', 0]);
    }
    expect((await fetchCached('/api/blog', html('de'))).body).toContain(slug);
  });
});

describe('a write makes the next read fresh', () => {
  it('after a find, the stone JSON and pages show it', async () => {
    const { code } = await stone();
    await fetchCached(`/api/stones/${code}`);
    await fetchCached(`/${code}`, html('de'));
    expect((await fetchCached(`/api/stones/${code}`)).status).toBe('hit');
    const found = await fetchCached(`/api/stones/${code}/finds`, json('POST', { location: 'Flensburg', latitude: 54.78, longitude: 9.43 }));
    expect(found.response.status).toBe(201);
    // A reader without the finder's bookmark: in this data centre, the write started a new generation.
    const api = await fetchCached(`/api/stones/${code}`);
    expect(api.status).toBe('miss');
    expect(api.body).toContain('Flensburg');
    const page = await fetchCached(`/${code}`, html('de'));
    expect(page.status).toBe('miss');
    expect(page.body).toContain('Flensburg');
  });

  it("after a find, the stone's journey files show it", async () => {
    const { code } = await stone();
    for (const file of ['journey.gpx', 'journey.geojson']) {
      await fetchCached(`/api/stones/${code}/${file}`);
      const kept = await fetchCached(`/api/stones/${code}/${file}`);
      expect([kept.status, kept.statements]).toEqual(['hit', 0]);
    }
    const found = await fetchCached(`/api/stones/${code}/finds`, json('POST', { location: 'Kiel', latitude: 54.32, longitude: 10.14 }));
    expect(found.response.status).toBe(201);
    for (const file of ['journey.gpx', 'journey.geojson']) {
      const fresh = await fetchCached(`/api/stones/${code}/${file}`);
      expect(fresh.status).toBe('miss');
      expect(fresh.body).toContain('Kiel');
    }
  });

  it("keeps the pages of older finds in the stone's scope: a find and a hidden find renew them", async () => {
    const { id, code, adminToken } = await stone();
    await seedFinds(id, STONE_FINDS_EMBEDDED + 3);
    const view = JSON.parse((await fetchCached(`/api/stones/${code}`)).body) as StoneView;
    const older = new URL(view.olderFinds ?? '').pathname + new URL(view.olderFinds ?? '').search;
    expect(older).toBe(`/api/stones/${code}/finds?before=4`);
    expect((await fetchCached(older)).status).toBe('miss');
    const kept = await fetchCached(older);
    expect([kept.status, kept.statements]).toEqual(['hit', 0]);
    const oldest = (JSON.parse(kept.body) as FindsPage).finds[0];
    expect(oldest?.comment).toMatch(/^Find number 0001/);

    // A find moves the newest page on: its own read and the old cursor's both come fresh from D1.
    const found = await fetchCached(
      `/api/stones/${code}/finds`,
      json('POST', { location: 'Eckernförde', latitude: 54.47, longitude: 9.84 }),
    );
    expect(found.response.status).toBe(201);
    const newest = await fetchCached(`/api/stones/${code}/finds?limit=1`);
    expect([newest.status, newest.body.includes('Eckernförde')]).toEqual(['miss', true]);
    expect((await fetchCached(older)).status).toBe('miss');

    // Its owner hides the oldest find: no cached page shows it any more.
    expect((await fetchCached(older)).status).toBe('hit');
    const hidden = await fetchCached(`/api/admin/stones/${adminToken}/finds/${oldest?.id}`, json('PATCH', { hidden: true }));
    expect(hidden.response.status).toBe(200);
    const after = await fetchCached(older);
    expect(after.status).toBe('miss');
    expect(after.body).not.toContain(oldest?.id ?? '');
  });

  it('after an owner edit and a photo upload, the stone shows them', async () => {
    const { code, adminToken } = await stone();
    await fetchCached(`/view/${code}`, html('en'));
    expect((await fetchCached(`/view/${code}`, html('en'))).status).toBe('hit');
    const edited = await fetchCached(`/api/admin/stones/${adminToken}`, json('PATCH', { title: 'Opas Bergstein' }));
    expect(edited.response.status).toBe(200);
    const afterEdit = await fetchCached(`/view/${code}`, html('en'));
    expect(afterEdit.status).toBe('miss');
    expect(afterEdit.body).toContain('Opas Bergstein');

    const before = JSON.parse((await fetchCached(`/api/stones/${code}`)).body) as { photos?: unknown[] };
    expect((await fetchCached(`/api/stones/${code}`)).status).toBe('hit');
    const form = new FormData();
    form.append('photo', new File([TINY_PNG], 'stein.png', { type: 'image/png' }));
    const uploaded = await fetchCached(`/api/admin/stones/${adminToken}/photos`, { method: 'POST', body: form });
    expect(uploaded.response.status).toBeLessThan(300);
    const after = await fetchCached(`/api/stones/${code}`);
    expect(after.status).toBe('miss');
    expect(JSON.stringify(JSON.parse(after.body))).not.toBe(JSON.stringify(before));
  });

  it('after an edit through an owner link sent later by mail, the stone shows it', async () => {
    const { id, code } = await stone();
    const mailedToken = randomToken();
    await env.DB.prepare('INSERT INTO owner_tokens (token_hash, stone_id, created_at) VALUES (?, ?, ?)')
      .bind(await sha256Hex(mailedToken), id, Date.now())
      .run();
    await fetchCached(`/api/stones/${code}`);
    expect((await fetchCached(`/api/stones/${code}`)).status).toBe('hit');
    const edited = await fetchCached(`/api/admin/stones/${mailedToken}`, json('PATCH', { title: 'Per Mail bearbeitet' }));
    expect(edited.response.status).toBe(200);
    const after = await fetchCached(`/api/stones/${code}`);
    expect(after.status).toBe('miss');
    expect((JSON.parse(after.body) as { title: string }).title).toBe('Per Mail bearbeitet');
  });

  it("after a find on one of a collection's stones, the collection's next read misses and shows the find", async () => {
    const created = await collection();
    const [first] = created.stones;
    await fetchCached(`/api/stones/${first?.code}`);
    await fetchCached(`/api/collections/${created.id}`);
    expect((await fetchCached(`/api/collections/${created.id}`)).status).toBe('hit');
    // In lower case, as a finder may type it: the route takes it, so the scopes must too.
    const found = await fetchCached(
      `/api/stones/${first?.code.toLowerCase()}/finds`,
      json('POST', { location: 'Sylt', latitude: 54.9, longitude: 8.3 }),
    );
    expect(found.response.status).toBe(201);
    const after = await fetchCached(`/api/collections/${created.id}`);
    expect(after.status).toBe('miss');
    expect(after.body).toContain('Sylt');
    const stoneAfter = await fetchCached(`/api/stones/${first?.code}`);
    expect([stoneAfter.status, stoneAfter.body.includes('Sylt')]).toEqual(['miss', true]);
  });

  it("after a title change of the collection, its stones' JSON names the new title; adding stones shows them", async () => {
    const created = await collection();
    const code = created.stones[0]?.code ?? '';
    await fetchCached(`/api/stones/${code}`);
    await fetchCached(`/api/collections/${created.id}`);
    expect((await fetchCached(`/api/stones/${code}`)).status).toBe('hit');
    const edited = await fetchCached(`/api/admin/collections/${created.adminToken}`, json('PATCH', { title: 'Für Opa Heinz' }));
    expect(edited.response.status).toBe(200);
    const stoneAfter = await fetchCached(`/api/stones/${code}`);
    expect(stoneAfter.status).toBe('miss');
    expect((JSON.parse(stoneAfter.body) as { collection: { title: string } }).collection.title).toBe('Für Opa Heinz');
    const collectionAfter = await fetchCached(`/api/collections/${created.id}`);
    expect(collectionAfter.status).toBe('miss');
    expect((JSON.parse(collectionAfter.body) as { title: string }).title).toBe('Für Opa Heinz');

    expect((await fetchCached(`/api/collections/${created.id}`)).status).toBe('hit');
    const added = await fetchCached(`/api/admin/collections/${created.adminToken}/stones`, json('POST', { titles: ['Der Neue'] }));
    expect(added.response.status).toBe(201);
    const withNew = await fetchCached(`/api/collections/${created.id}`);
    expect(withNew.status).toBe('miss');
    expect(withNew.body).toContain('Der Neue');
  });

  it("after a stone's owner renames it, its collection shows the new name", async () => {
    const created = await collection();
    const stone = created.stones[0];
    await fetchCached(`/api/collections/${created.id}`);
    expect((await fetchCached(`/api/collections/${created.id}`)).status).toBe('hit');
    const edited = await fetchCached(`/api/admin/stones/${stone?.adminToken}`, json('PATCH', { title: 'Umbenannt' }));
    expect(edited.response.status).toBe(200);
    const after = await fetchCached(`/api/collections/${created.id}`);
    expect(after.status).toBe('miss');
    expect(after.body).toContain('Umbenannt');
  });

  /** A stone's cached reads: the JSON, its pages in German, its journey files and its embeddable card. */
  const stoneReads = (code: string): Array<[string, RequestInit]> => [
    [`/api/stones/${code}`, {}],
    [`/${code}`, html('de')],
    [`/api/stones/${code}/journey.gpx`, {}],
    [`/api/stones/${code}/journey.geojson`, {}],
    [`/api/stones/${code}/finds?before=2`, {}],
    [`/embed/${code}`, html('de')],
  ];

  async function expectCachedThenGone(reads: Array<[string, RequestInit]>, erase: () => Promise<number>) {
    for (const [path, init] of reads) await fetchCached(path, init);
    for (const [path, init] of reads) expect((await fetchCached(path, init)).status, path).toBe('hit');
    expect(await erase()).toBe(200);
    for (const [path, init] of reads) {
      const after = await fetchCached(path, init);
      expect([after.response.status, after.status], path).toEqual([404, 'bypass']);
    }
  }

  it("after its owner deletes the stone, none of its reads is served from this data centre's cache", async () => {
    const { code, adminToken } = await stone();
    await expectCachedThenGone(
      stoneReads(code),
      async () => (await fetchCached(`/api/admin/stones/${adminToken}`, { method: 'DELETE' })).response.status,
    );
  });

  it("after the operator deletes the stone, none of its reads is served from this data centre's cache", async () => {
    const { code, id } = await stone();
    const operator = { authorization: `Bearer ${await operatorToken()}` };
    await expectCachedThenGone(
      stoneReads(code),
      async () => (await fetchCached(`/api/admin/stones/${id}`, { method: 'DELETE', headers: operator })).response.status,
    );
  });

  it("after its owner deletes a collection, neither it nor its stones are served from this data centre's cache", async () => {
    const created = await collection();
    const reads: Array<[string, RequestInit]> = [
      [`/api/collections/${created.id}`, {}],
      [`/sammlung/${created.id}`, html('de')],
      ...created.stones.flatMap((s) => stoneReads(s.code)),
    ];
    await expectCachedThenGone(
      reads,
      async () => (await fetchCached(`/api/admin/collections/${created.adminToken}`, { method: 'DELETE' })).response.status,
    );
  });

  it("after one stone of a collection is deleted, the collection's next read misses and no longer lists it", async () => {
    const created = await collection();
    const [gone, kept] = created.stones;
    await fetchCached(`/api/collections/${created.id}`);
    expect((await fetchCached(`/api/collections/${created.id}`)).status).toBe('hit');
    expect((await fetchCached(`/api/admin/stones/${gone?.adminToken}`, { method: 'DELETE' })).response.status).toBe(200);
    const after = await fetchCached(`/api/collections/${created.id}`);
    expect(after.status).toBe('miss');
    expect((JSON.parse(after.body) as CollectionView).stones.map((s) => s.code)).toEqual([kept?.code]);
  });

  it('the read that refills the cache after a write reads at least at the write, even from a replica', async () => {
    const { code } = await stone();
    await fetchCached(`/api/stones/${code}`);
    const found = await fetchCached(`/api/stones/${code}/finds`, json('POST', { location: 'Husum', latitude: 54.48, longitude: 9.05 }));
    const bookmark = found.response.headers.get(BOOKMARK_HEADER);
    expect(bookmark).toBeTruthy();
    const next = await fetchCached(`/${code}`, html('de'));
    expect(next.status).toBe('miss');
    expect(sessionsOpened).toEqual(['first-unconstrained', bookmark]);
  });

  it('a reader carrying a bookmark reads past the cache and keeps nothing in it', async () => {
    const { code } = await stone();
    const first = await fetchCached(`/api/stones/${code}`);
    const session = env.DB.withSession('first-primary');
    await session.prepare('SELECT 1').all();
    const headers = { [BOOKMARK_HEADER]: session.getBookmark() ?? '' };
    const fresh = await fetchCached(`/api/stones/${code}`, { headers });
    expect(fresh.status).toBe('bypass');
    expect(fresh.statements).toBeGreaterThan(0);
    expect(sessionsOpened).toEqual([headers[BOOKMARK_HEADER]]);
    const page = await fetchCached(`/${code}`, html('de', { cookie: `d1-bookmark=${headers[BOOKMARK_HEADER]}` }));
    expect(page.status).toBe('bypass');
    const later = await fetchCached(`/api/stones/${code}`);
    expect([later.status, later.body]).toEqual(['hit', first.body]);
  });
});

describe('nothing secret or personal is cached', () => {
  it('keeps no owner, operator or mail-link answer, and no answer that sets a cookie', async () => {
    const { code, adminToken } = await stone();
    const { adminToken: collectionToken } = await collection();
    for (const path of [
      `/api/admin/stones/${adminToken}`,
      `/admin/stone/${adminToken}`,
      '/abo/bestaetigen?token=x',
      '/api/admin/stones',
      `/api/admin/collections/${collectionToken}`,
    ]) {
      const first = await fetchCached(path, html('de'));
      const second = await fetchCached(path, html('de'));
      expect([path, first.status, second.status]).toEqual([path, null, null]);
    }
    expect(readScope(`/api/admin/stones/${adminToken}`)).toBeNull();
    const write = await fetchCached(`/api/stones/${code}/finds`, json('POST', { location: 'Kiel', latitude: 54.32, longitude: 10.13 }));
    expect(write.response.headers.get('set-cookie')).toBeTruthy();
    expect(write.status).toBeNull();
    // An operator's read of a public address is answered by the route, never from the cache.
    const token = await operatorToken(`secret-${crypto.randomUUID()}@example.org`);
    expect((await fetchCached(`/api/stones/${code}`, { headers: { authorization: `Bearer ${token}` } })).status).toBeNull();
  });
});
