import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { BANNER_SCRIPT } from '../../src/client/features/consent/banner-script';
import { INITIAL_DATA_GLOBAL, type InitialData } from '../../src/shared/initial-data';
import type { StoneView } from '../../src/shared/types';
import { call, createStone, insertFind, insertStone, ORIGIN, postFind, postFindADayLater } from '../support/factory';

const BOOTSTRAP_PREFIX = `window.${INITIAL_DATA_GLOBAL}=`;

async function page(path: string, headers: Record<string, string> = {}): Promise<{ res: Response; html: string }> {
  const res = await call(path, { headers: { 'accept-language': 'en-GB', ...headers }, redirect: 'manual' });
  return { res, html: await res.text() };
}

/** The text of the inline bootstrap <script> that hands the page its data. */
function bootstrapScript(html: string): string {
  const scripts = [...html.matchAll(/<script\b[^>]*>([\s\S]*?)<\/script>/gi)].map((m) => m[1] ?? '');
  const found = scripts.filter((s) => s.includes(BOOTSTRAP_PREFIX));
  expect(found).toHaveLength(1);
  return found[0] ?? '';
}

function initialData(html: string): InitialData {
  const script = bootstrapScript(html).trim();
  expect(script.startsWith(BOOTSTRAP_PREFIX)).toBe(true);
  expect(script.endsWith(';')).toBe(true);
  return JSON.parse(script.slice(BOOTSTRAP_PREFIX.length, -1)) as InitialData;
}

/**
 * This file's first requests are the first pages its isolate renders, as after a deploy or a cold start: keep
 * this block first. Even then the screen's <title> and meta tags must arrive in <head>, not streamed after the
 * shell.
 */
describe('the first page an isolate renders', () => {
  it('has the stone title and Open Graph tags in the head', async () => {
    const { code } = await insertStone({ code: 'C01-D57-A27', title: 'Kaltstart-Stein' });
    const html = await (await call(`/${code}`, { headers: { 'accept-language': 'de-DE' } })).text();
    const head = html.slice(0, html.indexOf('</head>'));
    expect(head).toContain('<title>Kaltstart-Stein');
    expect(head).toContain('<meta property="og:title" content="Kaltstart-Stein"/>');
    // and the screen is in the body as rendered HTML, not as a late streamed segment
    const body = html.slice(html.indexOf('<body'));
    expect(body).not.toMatch(/<template id="B:/);
  });

  it('has the home page title in the head', async () => {
    const html = await (await call('/', { headers: { 'accept-language': 'de-DE' } })).text();
    const head = html.slice(0, html.indexOf('</head>'));
    expect(head).toMatch(/<title>[^<]+<\/title>/);
    expect(html).not.toMatch(/<template id="B:/);
  });
});

describe('server-rendered pages', () => {
  it('decide whether the cookie banner is seen first thing in <head>, with the response nonce', async () => {
    for (const path of ['/', '/A1B-2C3-D4E', '/impressum', '/stein-vorbereiten']) {
      const { res, html } = await page(path);
      const nonce = /'nonce-([^']+)'/.exec(res.headers.get('content-security-policy') ?? '')?.[1];
      expect(nonce, path).toBeTruthy();
      // Right after <head>, before the stylesheet and the body: the banner is part of the first paint.
      expect(html, path).toContain(`<head><script nonce="${nonce}">${BANNER_SCRIPT}</script><meta charSet="utf-8"/>`);
      expect(html.split(BANNER_SCRIPT), path).toHaveLength(2);
    }
  });

  it('renders the home page with the statistics inlined', async () => {
    const { code } = await createStone();
    await postFind(code, { location: 'Berlin', latitude: 52.52, longitude: 13.405 });
    await postFindADayLater(code, { location: 'München', latitude: 48.1351, longitude: 11.582 });
    const { res, html } = await page('/');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/html/);
    expect(html.startsWith('<!DOCTYPE html>')).toBe(true);
    const data = initialData(html);
    expect(data.locale).toBe('en');
    expect(data.config.siteUrl).toBe(env.PUBLIC_SITE_URL);
    const stats = data.queries.find((q) => q.key[0] === 'statistics')?.data;
    expect(stats).toMatchObject({ stoneCount: 1, findCount: 2 });
    expect(stats).toHaveProperty('formattedDistance', expect.stringMatching(/^50\d\.\d km$/));
  });

  it('renders a stone page with the title for a seeded stone', async () => {
    const stone = await insertStone({ code: 'ABC-123-DEF', title: 'Omas Glücksstein & Co' });
    await insertFind(stone.id, { seq: 1, location: 'Am Rhein', comment: 'Gefunden beim Spazieren' });
    const { res, html } = await page('/ABC-123-DEF');
    expect(res.status).toBe(200);
    expect(html).toContain('Omas Glücksstein &amp; Co');
    const data = initialData(html);
    const view = data.queries.find((q) => q.key.includes('ABC-123-DEF'))?.data as StoneView;
    expect(view.title).toBe('Omas Glücksstein & Co');
    expect(view.finds.map((f) => f.location)).toEqual(['Am Rhein']);
    expect(JSON.stringify(data)).not.toContain('fixed-creator@example.org');
  });

  it('renders the read-only view of a stone', async () => {
    await insertStone({ code: 'ABC-123-DEF', title: 'Nur ansehen' });
    const { res, html } = await page('/view/ABC-123-DEF');
    expect(res.status).toBe(200);
    expect(html).toContain('Nur ansehen');
  });

  it('answers 404 with the stone-not-found screen for an unknown well-formed code', async () => {
    const { res, html } = await page('/ABC-123-DEF');
    expect(res.status).toBe(404);
    expect(res.headers.get('content-type')).toMatch(/^text\/html/);
    expect(html).toContain('No stone found with this code. Please check the code and try again.');
    expect(html).not.toContain('Page Not Found');
  });

  it('answers 404 with the HTML "Page Not Found" page for an unknown path', async () => {
    const { res, html } = await page('/does-not-exist');
    expect(res.status).toBe(404);
    expect(res.headers.get('content-type')).toMatch(/^text\/html/);
    expect(html).toContain('Page Not Found');
  });

  it.each([
    { from: '/abc-123-def', to: '/ABC-123-DEF' },
    { from: '/ABC123DEF', to: '/ABC-123-DEF' },
    { from: '/stone/ABC123DEF', to: '/ABC-123-DEF' },
    { from: '/stone/abc-123-def', to: '/ABC-123-DEF' },
    { from: '/ABC-123-DEF/', to: '/ABC-123-DEF' },
    { from: '/view/abc123def', to: '/view/ABC-123-DEF' },
    { from: '/abc-123-def?ref=qr', to: '/ABC-123-DEF?ref=qr' },
  ])('redirects $from permanently to $to', async ({ from, to }) => {
    const { res } = await page(from);
    expect(res.status).toBe(301);
    const location = new URL(res.headers.get('location') ?? '', ORIGIN);
    expect(`${location.pathname}${location.search}`).toBe(to);
  });

  it.each([
    { language: 'de-DE,de;q=0.9,en;q=0.8', lang: 'de', title: 'Seite nicht gefunden' },
    { language: 'de', lang: 'de', title: 'Seite nicht gefunden' },
    { language: 'en-US,en;q=0.9,de;q=0.8', lang: 'en', title: 'Page Not Found' },
    { language: 'fr-FR,de;q=0.9', lang: 'fr', title: 'Page introuvable' },
    { language: 'hr-HR,hr;q=0.9,en;q=0.8', lang: 'hr', title: 'Stranica nije pronađena' },
    { language: 'pt-BR,pt;q=0.9,el;q=0.4,de;q=0.3', lang: 'el', title: 'Η σελίδα δεν βρέθηκε' },
    { language: 'pt-BR,pt;q=0.9', lang: 'en', title: 'Page Not Found' },
  ])('speaks $lang for Accept-Language "$language"', async ({ language, lang, title }) => {
    const { html } = await page('/does-not-exist', { 'accept-language': language });
    expect(html).toMatch(new RegExp(`<html[^>]* lang="${lang}"`));
    expect(html).toContain(title);
    expect(initialData(html).locale).toBe(lang);
  });

  it('speaks English without an Accept-Language header', async () => {
    const res = await call('/does-not-exist');
    expect(await res.text()).toMatch(/<html[^>]* lang="en"/);
  });
});

describe('the inline bootstrap data cannot break out of its script', () => {
  const hostileTitle = '</script><script>alert(1)</script>';
  const hostileComment = 'nice </script><img src=x onerror=alert(2)> <!-- \u2028 & done';

  it('escapes a hostile title and find comment as \\u003c in the bootstrap script', async () => {
    const stone = await insertStone({ code: 'BAD-000-001', title: hostileTitle });
    await insertFind(stone.id, { seq: 1, location: '<b>Ort</b>', comment: hostileComment });
    const { res, html } = await page('/BAD-000-001');
    expect(res.status).toBe(200);

    const script = bootstrapScript(html);
    expect(script).not.toContain('<');
    expect(script).not.toContain('>');
    expect(script).not.toContain('\u2028');
    expect(script).toContain('\\u003c/script\\u003e\\u003cscript\\u003ealert(1)\\u003c/script\\u003e');

    expect(html).not.toContain('<script>alert(1)');
    expect(html).not.toContain('<img src=x');
    expect(html).toContain('&lt;/script&gt;&lt;script&gt;alert(1)&lt;/script&gt;');

    const view = initialData(html).queries.find((q) => q.key.includes('BAD-000-001'))?.data as StoneView;
    expect(view.title).toBe(hostileTitle);
    expect(view.finds[0]?.comment).toBe(hostileComment.trim());
    expect(view.finds[0]?.location).toBe('<b>Ort</b>');
  });

  it('escapes a hostile find comment logged through the API', async () => {
    const { code } = await createStone({ title: 'Harmlos' });
    expect((await postFind(code, { location: 'x', comment: '</script><script>alert(3)</script>' })).status).toBe(201);
    const { html } = await page(`/${code}`);
    expect(bootstrapScript(html)).not.toContain('</script');
    expect(html).not.toContain('<script>alert(3)');
  });
});

describe('share previews', () => {
  it('give a stone page Open Graph tags in the head pointing at the read-only view', async () => {
    const { code } = await insertStone({ code: 'ABC-123-DEF', title: 'Omas Stein', hasStory: true, story: 'Eine lange Reise beginnt.' });
    const { html } = await page(`/${code}`);
    const head = html.slice(0, html.indexOf('</head>'));
    expect(head).toContain('<meta property="og:title" content="Omas Stein"/>');
    expect(head).toContain(`<meta property="og:url" content="${env.PUBLIC_SITE_URL}/view/${code}"/>`);
    expect(head).toContain('<meta property="og:description" content="Eine lange Reise beginnt."/>');
  });
});

describe('a large page', () => {
  it('goes out whole: no spinner first with the page revealed later (that moves the screen)', async () => {
    const { code } = await createStone({ title: 'Großer Stein' });
    for (let i = 0; i < 40; i++) {
      expect((await postFind(code, { location: `Fundort ${i} ${'x'.repeat(150)}`, comment: 'y'.repeat(400) })).status).toBe(201);
    }
    const html = await (await call(`/${code}`, { headers: { accept: 'text/html', 'user-agent': 'Mozilla/5.0 Chrome/130' } })).text();
    expect(html.length).toBeGreaterThan(40_000);
    expect(html).not.toContain('<!--$?-->');
    expect(html).toContain('Großer Stein');
  });

  it('has its lazily loaded side column (follow, share, owner link) in place in the HTML, not revealed later', async () => {
    const { code } = await createStone({ title: 'Seitenstein' });
    const html = await (await call(`/${code}`, { headers: { accept: 'text/html', 'user-agent': 'Mozilla/5.0 Chrome/130' } })).text();
    expect(html).not.toContain('<!--$?-->');
    expect(html).not.toMatch(/<div hidden id="S:/);
    const aside = html.slice(html.indexOf('<aside'), html.indexOf('</aside>'));
    expect(aside).toContain('id="subscribe-title"');
    expect(aside).toContain('type="submit"');
  });
});
