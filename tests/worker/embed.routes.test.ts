/**
 * A stone's embeddable card, `GET /embed/{code}`: the one address other sites may frame, light (no app
 * JavaScript), left out of search engines, in the reader's language, kept by the edge cache in the stone's scope.
 */
import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { EMBED_HEIGHT, EMBED_WIDTH, embedSnippet } from '../../src/shared/embed';
import { app } from '../../src/worker/app';
import { sha256Hex } from '../../src/worker/lib/crypto';
import { CACHE_STATUS_HEADER } from '../../src/worker/lib/edge-cache';
import { call, clientAddress, insertFind, insertStone, ORIGIN } from '../support/factory';
import { meteredD1 } from '../support/metered-d1';

const html = (language: string, more: Record<string, string> = {}): RequestInit => ({
  headers: { accept: 'text/html', 'accept-language': language, ...more },
});

/** A stone of its own per test (the edge cache outlives a test's database), travelled 1234.5 km in three finds. */
async function travelledStone(title = 'Omas Gartenstein') {
  const hex = () => crypto.randomUUID().replace(/-/g, '').slice(0, 3).toUpperCase();
  const stone = await insertStone({
    code: `${hex()}-${hex()}-${hex()}`,
    title,
    creatorEmail: 'geheim-creator@example.org',
    findSeq: 3,
    totalDistanceKm: 1234.5,
  });
  for (const [seq, location] of [
    [1, 'Berlin'],
    [2, 'Hamburg'],
    [3, 'Split'],
  ] as const)
    await insertFind(stone.id, { seq, location, latitude: 50 + seq, longitude: 10 + seq, finderEmail: `finder-${seq}@example.org` });
  return stone;
}

const directive = (policy: string | null, name: string) =>
  (policy ?? '')
    .split(';')
    .map((part) => part.trim())
    .find((part) => part.startsWith(`${name} `));

describe('GET /embed/{code}', () => {
  it("shows the stone's title, kilometres, finds, share image and a link to its page that leaves the frame", async () => {
    const { code } = await travelledStone('Omas <Garten> & "Stein"');
    const res = await call(`/embed/${code}`, html('de-DE'));
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/html/);
    const body = await res.text();
    expect(body).toContain('<html lang="de"');
    expect(body).toContain('<h1>Omas &lt;Garten&gt; &amp; &quot;Stein&quot;</h1>');
    expect(body).toContain('1.234,5 km unterwegs · 3 Funde');
    expect(body).toContain(
      `<img src="${ORIGIN}/share/reisesteine.png" width="1200" height="630" alt="Bild zur Reise des Steins „Omas &lt;Garten&gt; &amp; &quot;Stein&quot;“">`,
    );
    expect(body).toContain(
      `<a href="${ORIGIN}/${code}" target="_blank" rel="noopener">Zur Reise des Steins<span class="hidden"> (öffnet in einem neuen Tab)</span></a>`,
    );
    // Light inside other people's pages: no script of the app, nothing from a third party.
    expect(body).not.toMatch(/<script|<link|@import|https?:\/\/(?!reisesteine\.test)/);
  });

  it('shows the share image of the stone once it has been rendered', async () => {
    const { code, id } = await travelledStone();
    await env.DB.prepare('UPDATE stones SET share_card = ? WHERE id = ?').bind('v3a9', id).run();
    const body = await (await call(`/embed/${code}`, html('de-DE'))).text();
    expect(body).toContain(`<img src="${ORIGIN}/share/stone/${code}/v3a9.png" width="1200" height="630"`);
  });

  it('may be framed by any site, and its styles run only with its own nonce', async () => {
    const { code } = await travelledStone();
    const res = await call(`/embed/${code}`, html('de-DE'));
    const policy = res.headers.get('content-security-policy');
    expect(directive(policy, 'frame-ancestors')).toBe('frame-ancestors *');
    expect(res.headers.get('x-frame-options')).toBeNull();
    expect(directive(policy, 'default-src')).toBe("default-src 'none'");
    expect(directive(policy, 'script-src')).toBeUndefined();
    const nonce = /<style nonce="([^"]+)">/.exec(await res.text())?.[1];
    expect(nonce).toBeTruthy();
    expect(directive(policy, 'style-src')).toBe(`style-src 'nonce-${nonce}'`);
    // A site that isolates itself (COEP) may still frame it.
    expect(res.headers.get('cross-origin-resource-policy')).toBe('cross-origin');
  });

  it('is the only page other sites may frame', async () => {
    const { code } = await travelledStone();
    for (const path of ['/', `/${code}`, `/view/${code}`, `/embed/${code}/more`, '/embedded', '/gibt-es-nicht']) {
      const res = await call(path, html('de-DE'));
      expect(directive(res.headers.get('content-security-policy'), 'frame-ancestors'), path).toBe("frame-ancestors 'none'");
      expect(res.headers.get('x-frame-options'), path).toBe('DENY');
      expect(res.headers.get('cross-origin-resource-policy'), path).toBe('same-origin');
    }
  });

  it('tells search engines to leave it out, and sets no cookie', async () => {
    const { code } = await travelledStone();
    for (const path of [`/embed/${code}`, '/embed/FFF-FFF-FFF']) {
      const res = await call(path, html('de-DE', { cookie: 'lang=en' }));
      expect(res.headers.get('x-robots-tag'), path).toBe('noindex');
      expect(await res.text(), path).toContain('<meta name="robots" content="noindex">');
      expect(res.headers.get('set-cookie'), path).toBeNull();
    }
    // Crawlable, so that a crawler reads the noindex (a robots.txt rule would keep it from reading it).
    expect(await (await call('/robots.txt')).text()).not.toContain('/embed');
  });

  it("never shows the creator's or a finder's e-mail address or the owner's token", async () => {
    const { code, adminToken } = await travelledStone();
    const body = await (await call(`/embed/${code}`, html('de-DE'))).text();
    expect(body).not.toMatch(/@example\.org|geheim-creator|finder-\d/);
    expect(body).not.toContain(adminToken);
    expect(body).not.toContain(await sha256Hex(adminToken));
  });

  it('answers an unknown or malformed code 404 with a small card saying so, which may still be framed', async () => {
    for (const path of ['/embed/FFF-FFF-FFF', '/embed/kein-code', `/embed/${'A'.repeat(300)}`]) {
      const res = await call(path, html('de-DE'));
      expect(res.status, path).toBe(404);
      expect(directive(res.headers.get('content-security-policy'), 'frame-ancestors'), path).toBe('frame-ancestors *');
      const body = await res.text();
      expect(body, path).toContain('<h1>Stein nicht gefunden</h1>');
      expect(body, path).toContain('Einen Reisestein mit diesem Code gibt es nicht (mehr).');
      expect(body, path).toContain(`<a href="${ORIGIN}/" target="_blank" rel="noopener">Reisesteine entdecken`);
    }
    const english = await (await call('/embed/FFF-FFF-FFF', html('en-GB'))).text();
    expect(english).toContain('<h1>Stone not found</h1>');
  });

  it("speaks the reader's language: the site's language cookie over the browser's, and ?lang= over both", async () => {
    const { code } = await travelledStone();
    const read = async (path: string, language: string, cookie?: string) =>
      (await call(path, html(language, cookie ? { cookie } : {}))).text();
    const english = await read(`/embed/${code}`, 'en-GB');
    expect(english).toContain('<html lang="en"');
    expect(english).toContain('1,234.5 km travelled · 3 finds');
    expect(english).toContain('Follow the stone&#39;s journey');
    expect(english).toContain('alt="Picture of the journey of the stone “Omas Gartenstein”"');
    expect(await read(`/embed/${code}`, 'en-GB', 'lang=de')).toContain('1.234,5 km unterwegs');
    expect(await read(`/embed/${code}?lang=en`, 'de-DE', 'lang=de')).toContain('1,234.5 km travelled');
    expect(await read(`/embed/${code}?lang=pt`, 'de-DE')).toContain('<html lang="de"');
    // Every language of the site, with its own number format (French groups with a narrow no-break space).
    const french = await read(`/embed/${code}?lang=fr`, 'de-DE');
    expect(french).toContain('<html lang="fr"');
    expect(french).toMatch(/1\u202f234,5\skm parcourus · 3 trouvailles/);
  });

  it('counts one find and none in words', async () => {
    const { id, code } = await travelledStone();
    await env.DB.prepare('UPDATE stones SET find_seq = 1, hidden_find_count = 0 WHERE id = ?').bind(id).run();
    expect(await (await call(`/embed/${code}`, html('de-DE'))).text()).toContain(' · 1 Fund</p>');
    await env.DB.prepare('UPDATE stones SET find_seq = 0 WHERE id = ?').bind(id).run();
    expect(await (await call(`/embed/${code}`, html('en-GB'))).text()).toContain(' · not found yet</p>');
  });

  it('takes a code in any spelling and links to its canonical page', async () => {
    const { code } = await travelledStone();
    const res = await call(`/embed/${code.toLowerCase().replaceAll('-', '')}`, html('de-DE'));
    expect(res.status).toBe(200);
    expect(await res.text()).toContain(`<a href="${ORIGIN}/${code}" target="_blank"`);
  });
});

describe('the snippet the owner page offers', () => {
  it('frames the card at its suggested size, lazily, without a border, its title escaped', () => {
    expect(embedSnippet('https://reisesteine.de/', 'ABC-123-DEF', 'Reisestein „Omas <Stein>“ & "mehr"')).toBe(
      `<iframe src="https://reisesteine.de/embed/ABC-123-DEF" width="${EMBED_WIDTH}" height="${EMBED_HEIGHT}" title="Reisestein „Omas &lt;Stein&gt;“ &amp; &quot;mehr&quot;" loading="lazy" style="border:0;max-width:100%"></iframe>`,
    );
  });
});

describe('the edge cache keeps the card in the stone’s scope', () => {
  const metered = meteredD1(env.DB);
  const cachingEnv = { ...env, DB: metered.db, EDGE_CACHE_SECONDS: '60' };
  const context = { waitUntil() {}, passThroughOnException() {}, props: {} } as unknown as ExecutionContext;
  const fetchCached = async (path: string, init: RequestInit = {}) => {
    const headers = new Headers(init.headers);
    headers.set('cf-connecting-ip', clientAddress());
    metered.reset();
    const response = await app.fetch(new Request(`${ORIGIN}${path}`, { ...init, headers }), cachingEnv, context);
    const body = await response.text();
    return { response, body, status: response.headers.get(CACHE_STATUS_HEADER), statements: metered.totals.statements };
  };

  it('answers the second read from the cache with a fresh nonce, and a find renews it', async () => {
    const { code } = await travelledStone();
    const first = await fetchCached(`/embed/${code}`, html('de-DE'));
    const second = await fetchCached(`/embed/${code}`, html('de-DE'));
    expect([first.status, second.status, second.statements]).toEqual(['miss', 'hit', 0]);
    const nonce = /<style nonce="([^"]+)">/.exec(second.body)?.[1];
    expect(nonce).not.toBe(/<style nonce="([^"]+)">/.exec(first.body)?.[1]);
    expect(second.response.headers.get('content-security-policy')).toContain(`style-src 'nonce-${nonce}'`);
    expect(second.response.headers.get('cache-control')).toBe('no-cache');
    expect(second.body).toContain('3 Funde');

    const found = await fetchCached(`/api/stones/${code}/finds`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ location: 'Kiel', latitude: 54.32, longitude: 10.14 }),
    });
    expect(found.response.status).toBe(201);
    const after = await fetchCached(`/embed/${code}`, html('de-DE'));
    expect(after.status).toBe('miss');
    expect(after.body).toContain('4 Funde');
  });

  it('keeps the 404 card out of the cache', async () => {
    const first = await fetchCached('/embed/EEE-EEE-EEE', html('de-DE'));
    const second = await fetchCached('/embed/EEE-EEE-EEE', html('de-DE'));
    expect([first.response.status, second.response.status, second.status]).toEqual([404, 404, 'bypass']);
  });
});
