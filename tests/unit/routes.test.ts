import { existsSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { localeFromAcceptLanguage, pickLocale } from '../../src/shared/i18n/locale';
import { serializeForScript } from '../../src/shared/initial-data';
import { matchRoute, pathTo, screens } from '../../src/shared/routes';

describe('screen registry', () => {
  it('matches the home page', () => {
    expect(matchRoute('/')).toMatchObject({ name: 'home', params: {} });
    expect(matchRoute('/').redirectTo).toBeUndefined();
  });

  it('matches a stone page by its canonical code', () => {
    const match = matchRoute('/ABC-123-DEF');
    expect(match).toMatchObject({ name: 'stone', params: { code: 'ABC-123-DEF' } });
    expect(match.redirectTo).toBeUndefined();
  });

  it('matches the read-only view', () => {
    expect(matchRoute('/view/ABC-123-DEF')).toMatchObject({ name: 'view', params: { code: 'ABC-123-DEF' } });
  });

  it.each([
    ['/abc-123-def', '/ABC-123-DEF'],
    ['/ABC123DEF', '/ABC-123-DEF'],
    ['/ABC-123-DEF/', '/ABC-123-DEF'],
    ['/stone/abc-123-def', '/ABC-123-DEF'],
    ['/stone/ABC-123-DEF', '/ABC-123-DEF'],
    ['/view/abc123def', '/view/ABC-123-DEF'],
  ])('redirects %s to %s', (path, canonical) => {
    expect(matchRoute(path).redirectTo).toBe(canonical);
  });

  it.each([
    '/blog-post',
    '/ABC-123',
    '/ABC-123-DEFG',
    '/view/',
    '/x/ABC-123-DEF',
    '/ABG-123-DEF',
    '/%E0%A4%A',
    '//',
    '///',
    '/ABC-123-DEF//',
  ])('has no page at %s', (path) => {
    expect(matchRoute(path)).toMatchObject({ name: 'notFound', params: {} });
  });

  it('builds the paths it matches', () => {
    expect(pathTo('view', { code: 'ABC-123-DEF' })).toBe('/view/ABC-123-DEF');
    expect(matchRoute(pathTo('stone', { code: 'ABC-123-DEF' })).name).toBe('stone');
  });

  it('names a file under src/client/pages for every screen', () => {
    for (const [name, screen] of Object.entries(screens)) {
      expect(existsSync(`src/client/pages/${screen.page}.tsx`), name).toBe(true);
    }
  });

  it('answers 404 for the not-found screen and for an unknown stone, 200 for a known one', () => {
    expect(screens.notFound.status?.({})).toBe(404);
    expect(screens.stone.status?.({ stone: null })).toBe(404);
    expect(screens.stone.status?.({ stone: { code: 'ABC-123-DEF' } })).toBe(200);
  });
});

describe('language choice', () => {
  it.each([
    ['de-DE,de;q=0.9,en;q=0.8', 'de'],
    ['de', 'de'],
    ['DE-at', 'de'],
    ['en-US,de;q=0.9', 'en'],
    ['fr-FR', 'fr'],
    ['hr-HR,hr;q=0.9,en;q=0.8', 'hr'],
    ['pt-BR,pt;q=0.9', 'en'],
    ['pt-BR,pt;q=0.9,it;q=0.5', 'it'],
    ['en;q=0.5,el;q=0.8', 'el'],
    ['da;q=0,nl;q=0.3', 'nl'],
    ['*;q=0.5,tr', 'tr'],
    ['es-419', 'es'],
    ['  PL-pl ; q=1 ', 'pl'],
    ['de;q=abc,fr;q=0.2', 'fr'],
    ['', 'en'],
    [null, 'en'],
  ])('Accept-Language %j gives %s', (header, locale) => {
    expect(localeFromAcceptLanguage(header)).toBe(locale);
  });

  it('follows navigator.language the same way', () => {
    expect(pickLocale('de-CH')).toBe('de');
    expect(pickLocale('nl-BE')).toBe('nl');
    expect(pickLocale('pt')).toBe('en');
  });
});

describe('initial data serialisation', () => {
  it('cannot close the script element it is inlined in', () => {
    const text = serializeForScript({ title: '</script><script>alert(1)</script><!--', sep: '\u2028' });
    expect(text).not.toMatch(/<|>|\u2028/);
    expect(JSON.parse(text)).toEqual({ title: '</script><script>alert(1)</script><!--', sep: '\u2028' });
  });
});
