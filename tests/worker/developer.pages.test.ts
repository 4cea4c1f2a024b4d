/**
 * /entwickler: the public API's document in words (decision record 045), rendered by the Worker from the same
 * document `GET /api/openapi.json` answers, in German and English; out of search results until the operator sets
 * DEVELOPER_PAGE_INDEXED = "true".
 */
import { createExecutionContext, env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import type { OpenApiAnswer } from '../../src/shared/openapi';
import { app } from '../../src/worker/app';
import { call, ORIGIN } from '../support/factory';

const page = async (language: string, settings: Partial<Env> = {}) => {
  const request = new Request(`${ORIGIN}/entwickler`, { headers: { accept: 'text/html', 'accept-language': language } });
  const res = await app.fetch(request, { ...env, ...settings }, createExecutionContext());
  return { status: res.status, html: await res.text() };
};

/** The text of the HTML, tags left out and entities read. */
const text = (html: string) =>
  html
    .replace(/<script[\s\S]*?<\/script>/g, '')
    .replace(/<\/(?:p|li|h\d|section|summary|div|ul|figcaption|pre|header|title|nav|a)>/g, ' ')
    .replace(/<[^>]+>/g, '')
    .replace(/&quot;/g, '"')
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ');

describe('/entwickler', () => {
  it('shows every operation and every data shape of the document, server-rendered, in German', async () => {
    const document = await (await call('/api/openapi.json')).json<OpenApiAnswer>();
    const { status, html } = await page('de-DE');
    expect(status).toBe(200);
    const words = text(html);
    expect(html).toContain('<title>Für Entwickler: die offene Schnittstelle – Reisesteine</title>');
    for (const [path, methods] of Object.entries(document.paths))
      for (const [method, operation] of Object.entries(methods)) {
        expect(words, `${method} ${path}`).toContain(`${method.toUpperCase()} ${path}`);
        expect(words).toContain(String(operation.summary));
      }
    for (const name of Object.keys(document.components.schemas)) expect(html, name).toContain(`id="schema-${name}"`);
    // A request body links its shape; a limit of the validating schema is said in words.
    expect(html).toContain('<a href="#schema-NewFind"');
    expect(words).toContain('Text (1–300 Zeichen)');
    expect(words).toContain('Liste (1–10 Einträge) von Text (höchstens 40 Zeichen)');
    expect(words).toContain('Liste von [Zahl, Zahl]');
    expect(words).toContain('Jeder Fehler hat dieselbe Form, { error: { code, message } }');
    expect(html).toContain('<a href="/api/openapi.json"');
  });

  it('speaks English to an English reader, and to a reader of a language it is not written in', async () => {
    for (const language of ['en', 'fr']) {
      const { html } = await page(language);
      expect(html).toContain('<title>For developers: the open API – Reisesteine</title>');
      expect(text(html)).toContain('Ground rules');
      // The French reader's page says that its words are English, for a screen reader's voice.
      expect(html.includes('<article lang="en"'), language).toBe(language === 'fr');
    }
    // The document's own words are English on the German page too.
    expect((await page('de')).html).toContain('<p lang="en" class="text-stone-800">Log a find of the stone</p>');
  });

  it('says noindex and stays out of the sitemap until DEVELOPER_PAGE_INDEXED is "true"', async () => {
    const sitemap = async (settings: Partial<Env>) => {
      const res = await app.fetch(new Request(`${ORIGIN}/sitemaps/pages.xml`), { ...env, ...settings }, createExecutionContext());
      return res.text();
    };
    for (const settings of [{}, { DEVELOPER_PAGE_INDEXED: 'false' }, { DEVELOPER_PAGE_INDEXED: 'ja' }]) {
      expect((await page('de', settings)).html).toContain('<meta name="robots" content="noindex"');
      expect(await sitemap(settings)).not.toContain('/entwickler');
    }
    const indexed = await page('de', { DEVELOPER_PAGE_INDEXED: 'true' });
    expect(indexed.html).not.toContain('noindex');
    expect(indexed.html).toContain('<link rel="canonical" href="https://reisesteine.test/entwickler"/>');
    expect(await sitemap({ DEVELOPER_PAGE_INDEXED: 'true' })).toContain('<loc>https://reisesteine.test/entwickler</loc>');
  });
});
