import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { type MessageFormatElement, parse } from '@formatjs/icu-messageformat-parser';
import { createElement, type ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { createIntl } from 'react-intl';
import { describe, expect, it } from 'vitest';
import { type AppIntl, intlFor as appIntlFor, provideMessages } from '../../src/client/lib/intl';
import { intlTag, LOCALES, type Locale } from '../../src/shared/i18n/locale';

/** The app's intl objects, asked for this test's own messages too (test.…), which are no catalog's ids. */
const intlFor = (locale: Locale) => appIntlFor(locale) as unknown as AppIntl<string>;

type Messages = Record<string, MessageFormatElement[]>;

/** Every interface catalog (core and namespaces) of one language, compiled as the build does (English where a catalog is German and English only). */
function compiled(locale: Locale): Messages {
  const root = 'src/shared/i18n';
  const folders = [root, ...readdirSync(root).map((entry) => join(root, entry))].filter((path) => statSync(path).isDirectory());
  const messages: Messages = {};
  for (const folder of folders) {
    const file = existsSync(join(folder, `${locale}.json`)) ? join(folder, `${locale}.json`) : join(folder, 'en.json');
    const texts = JSON.parse(readFileSync(file, 'utf8')) as Record<string, string>;
    for (const [id, text] of Object.entries(texts)) messages[id] = parse(text);
  }
  return messages;
}

/** The names a message asks for, with whether each is counted (plural) or plain. */
function argumentsOf(elements: MessageFormatElement[], found = new Map<string, 'count' | 'text'>()) {
  for (const element of elements) {
    if ('options' in element) {
      if (element.type === 6) found.set(element.value, 'count');
      else if (!found.has(element.value)) found.set(element.value, 'text');
      for (const option of Object.values(element.options)) argumentsOf(option.value, found);
    } else if (element.type === 1 && !found.has(element.value)) found.set(element.value, 'text');
  }
  return found;
}

/** Element kinds the formatter in lib/intl.ts does not know (dates, times, styled numbers), with the id. */
function unsupported(id: string, elements: MessageFormatElement[]): string[] {
  return elements.flatMap((element) => {
    const own = element.type === 3 || element.type === 4 || (element.type === 2 && element.style) ? [`${id}: type ${element.type}`] : [];
    const nested =
      'options' in element
        ? Object.values(element.options).flatMap((option) => unsupported(id, option.value))
        : 'children' in element
          ? unsupported(id, element.children)
          : [];
    return [...own, ...nested];
  });
}

const html = (node: ReactNode) => renderToStaticMarkup(createElement('div', null, node));

describe('formatMessage over the compiled catalogs', () => {
  for (const locale of LOCALES) {
    const messages = compiled(locale);
    provideMessages(locale, messages);
    const ours = intlFor(locale);
    const reference = createIntl({ locale: intlTag[locale], messages, defaultLocale: 'de-DE', onError: () => {} });

    it(`${locale}: no message uses a date, a time or a styled number`, () => {
      expect(Object.entries(messages).flatMap(([id, ast]) => unsupported(id, ast))).toEqual([]);
    });

    it(`${locale}: every message reads as react-intl formats it, for 0, 1, 2 and 1234`, () => {
      for (const [id, ast] of Object.entries(messages)) {
        const args = argumentsOf(ast);
        for (const count of [0, 1, 2, 1234]) {
          const values = Object.fromEntries([...args].map(([name, kind]) => [name, kind === 'count' ? count : `«${name}»`]));
          expect(ours.formatMessage({ id }, values), `${id} with ${count}`).toBe(reference.formatMessage({ id }, values));
        }
      }
    });
  }

  it('React elements in values come back as keyed nodes', () => {
    provideMessages('de', { 'test.link': parse('Lies {link} und {more}.') });
    const values = { link: createElement('a', { href: '/x' }, 'dies'), more: createElement('b', null, 'das') };
    expect(html(intlFor('de').formatMessage({ id: 'test.link' }, values))).toBe('<div>Lies <a href="/x">dies</a> und <b>das</b>.</div>');
  });

  it('rich-text tags, select and # in a plural', () => {
    provideMessages('en', {
      'test.tag': parse('Press <b>here</b> now'),
      'test.select': parse('{kind, select, stone {a stone} other {something}}'),
      'test.plural': parse('{n, plural, =0 {none} one {# find} other {# finds}}'),
    });
    const intl = intlFor('en');
    expect(html(intl.formatMessage({ id: 'test.tag' }, { b: (chunks: ReactNode[]) => createElement('b', null, chunks) }))).toBe(
      '<div>Press <b>here</b> now</div>',
    );
    expect(intl.formatMessage({ id: 'test.select' }, { kind: 'stone' })).toBe('a stone');
    expect(intl.formatMessage({ id: 'test.select' }, { kind: 'x' })).toBe('something');
    expect([0, 1, 1500].map((n) => intl.formatMessage({ id: 'test.plural' }, { n }))).toEqual(['none', '1 find', '1,500 finds']);
  });

  it('a missing message or value shows the id, numbers are formatted for the language', () => {
    const intl = intlFor('de');
    provideMessages('de', { 'test.value': parse('Hallo {name}') });
    const error = console.error;
    console.error = () => {};
    try {
      expect(intl.formatMessage({ id: 'test.nothing' })).toBe('test.nothing');
      expect(intl.formatMessage({ id: 'test.value' })).toBe('test.value');
    } finally {
      console.error = error;
    }
    expect(intl.formatNumber(1234.5, { maximumFractionDigits: 0 })).toBe('1.235');
    expect(intl.locale).toBe(intlTag.de);
  });

  it('a namespace loaded later adds its texts to the same intl object', () => {
    const intl = intlFor('en');
    provideMessages('en', { 'test.ns': parse('New') });
    expect(intl.formatMessage({ id: 'test.ns' })).toBe('New');
    expect(intl.formatMessage({ id: 'test.select' }, { kind: 'stone' })).toBe('a stone');
  });

  it('a message compiled to its plain text reads as that text', () => {
    provideMessages('en', { 'test.plain': 'Just text' });
    expect(intlFor('en').formatMessage({ id: 'test.plain' })).toBe('Just text');
  });
});
