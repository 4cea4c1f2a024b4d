import { describe, expect, it } from 'vitest';
import { localeFromAcceptLanguage, pickLocale } from '../../src/shared/i18n/locale';
import { serializeForScript } from '../../src/shared/initial-data';
import { matchRoute, pageModules } from '../../src/shared/routes';

describe('route table', () => {
  it('matches the home page', () => {
    expect(matchRoute('/')).toEqual({ page: 'home', params: {} });
  });

  it('matches a stone page by its canonical code', () => {
    expect(matchRoute('/ABC-123-DEF')).toEqual({ page: 'stone', params: { code: 'ABC-123-DEF' } });
  });

  it('matches the read-only view', () => {
    expect(matchRoute('/view/ABC-123-DEF')).toEqual({ page: 'view', params: { code: 'ABC-123-DEF' } });
  });

  it.each([
    ['/abc-123-def', '/ABC-123-DEF'],
    ['/ABC123DEF', '/ABC-123-DEF'],
    ['/ABC-123-DEF/', '/ABC-123-DEF'],
    ['/stone/abc-123-def', '/ABC-123-DEF'],
    ['/view/abc123def', '/view/ABC-123-DEF'],
  ])('redirects %s to %s', (path, canonical) => {
    expect(matchRoute(path).redirectTo).toBe(canonical);
  });

  it.each(['/blog-post', '/ABC-123', '/ABC-123-DEFG', '/view/', '/x/ABC-123-DEF', '/ABG-123-DEF'])('has no page at %s', (path) => {
    expect(matchRoute(path)).toEqual({ page: 'notFound', params: {} });
  });
});

describe('language choice', () => {
  it.each([
    ['de-DE,de;q=0.9,en;q=0.8', 'de'],
    ['de', 'de'],
    ['DE-at', 'de'],
    ['en-US,de;q=0.9', 'en'],
    ['fr-FR', 'en'],
    ['', 'en'],
    [null, 'en'],
  ])('Accept-Language %j gives %s', (header, locale) => {
    expect(localeFromAcceptLanguage(header)).toBe(locale);
  });

  it('follows navigator.language the same way', () => {
    expect(pickLocale('de-CH')).toBe('de');
    expect(pickLocale('nl')).toBe('en');
  });
});

describe('initial data serialisation', () => {
  it('cannot close the script element it is inlined in', () => {
    const text = serializeForScript({ title: '</script><script>alert(1)</script><!--', sep: '\u2028' });
    expect(text).not.toMatch(/<|>|\u2028/);
    expect(JSON.parse(text)).toEqual({ title: '</script><script>alert(1)</script><!--', sep: '\u2028' });
  });
});

describe('page modules', () => {
  it('name a file under src/client/pages for every screen', async () => {
    const { existsSync } = await import('node:fs');
    for (const module of Object.values(pageModules)) {
      expect(existsSync(`src/client/pages/${module}.tsx`), module).toBe(true);
    }
  });
});
