import { describe, expect, it } from 'vitest';
import { createCollection } from '../support/collections';
import { call } from '../support/factory';

async function page(path: string, language = 'de-DE'): Promise<{ res: Response; html: string }> {
  const res = await call(path, { headers: { 'accept-language': language, accept: 'text/html' }, redirect: 'manual' });
  return { res, html: await res.text() };
}

describe("a memorial collection's pages", () => {
  it('render the collection with its title, dedication, totals and every stone before any JavaScript, and never the creator’s address', async () => {
    const created = await createCollection({
      title: 'Für Opa Heinz',
      dedication: 'Er liebte das Meer.',
      creatorEmail: 'heinz-familie@example.org',
    });
    const { res, html } = await page(`/sammlung/${created.id}`);
    expect(res.status).toBe(200);
    const head = html.slice(0, html.indexOf('</head>'));
    expect(head).toContain('<title>Für Opa Heinz');
    expect(head).toContain(`<link rel="canonical" href="https://reisesteine.test/sammlung/${created.id}"/>`);
    expect(head).not.toContain('noindex');
    expect(html).toContain('Er liebte das Meer.');
    expect(html).toContain('data-testid="collection-distance"');
    for (const stone of created.stones) expect(html).toContain(stone.code);
    expect(html).toContain('noch nicht gefunden');
    expect(html).not.toContain('heinz-familie@example.org');
  });

  it('answer 404 for an unknown collection, and redirect another spelling of the id to its own', async () => {
    const unknown = await page('/sammlung/abcdefgh23');
    expect(unknown.res.status).toBe(404);
    expect(unknown.html).toContain('Sammlung nicht gefunden');
    const { id } = await createCollection();
    const upper = await page(`/sammlung/${id.toUpperCase()}`);
    expect(upper.res.status).toBeGreaterThanOrEqual(301);
    expect(upper.res.headers.get('location')).toContain(`/sammlung/${id}`);
  });

  it('print every stone’s label on one sheet, kept out of search results', async () => {
    const created = await createCollection({ count: 4 });
    const { res, html } = await page(`/sammlung/${created.id}/etiketten`, 'en-GB');
    expect(res.status).toBe(200);
    expect(html).toContain('noindex');
    expect(html.match(/data-testid="collection-label"/g)).toHaveLength(4);
    // The print sheet's rules are a style of the document's head, where HTML allows one.
    const head = html.slice(0, html.indexOf('</head>'));
    expect(head).toMatch(/<style[^>]*data-precedence="print"[^>]*>@page \{ size: A4/);
    expect(html.slice(html.indexOf('</head>'))).not.toContain('<style');
  });

  it('keep the owner page’s token out of every cache and referrer, with no link that leaves the site', async () => {
    const created = await createCollection({ creatorEmail: 'owner-page@example.org' });
    const { res, html } = await page(created.adminUrl.replace(/^https?:\/\/[^/]+/, ''));
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(res.headers.get('referrer-policy')).toBe('no-referrer');
    expect(html).toContain('noindex');
    for (const stone of created.stones) expect(html).toContain(stone.code);
    const external = [...html.matchAll(/href="(https?:[^"]+)"/g)]
      .map((m) => m[1] ?? '')
      .filter((href) => !href.startsWith('https://reisesteine.test/'));
    expect(external).toEqual([]);
    expect((await page('/admin/sammlung/not-a-token')).res.status).toBe(404);
  });
});
