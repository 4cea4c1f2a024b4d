import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { type MessageFormatElement, parse } from '@formatjs/icu-messageformat-parser';
import { describe, expect, it } from 'vitest';
import { LOCALES, type Locale, OWNER_LOCALES } from '../../src/shared/i18n/locale';

type Catalog = Record<string, string>;

/**
 * The catalogs a finder never meets: the creator's, the owner's and the operator's screens and mails, the blog and
 * the collection page. They are German and English only (docs/architecture.md "Texts"); every other catalog is in
 * every language.
 */
const OWNER_ONLY = ['admin', 'blog', 'collection', 'creation', 'owner', 'owner-link', 'stone-fields', 'worker/owner'];

/** Every message catalog: the core and each namespace of src/shared/i18n/, and the Worker's own texts. */
function catalogs(): Array<{ name: string; folder: string; languages: Partial<Record<Locale, Catalog>>; de: Catalog }> {
  const read = (file: string) => JSON.parse(readFileSync(file, 'utf8')) as Catalog;
  const root = 'src/shared/i18n';
  const folders: Array<[string, string]> = [
    ['core', root],
    ...readdirSync(root)
      .filter((entry) => statSync(join(root, entry)).isDirectory())
      .map((ns): [string, string] => [ns, join(root, ns)]),
    ['worker', 'src/worker/i18n'],
    ['worker/owner', 'src/worker/i18n/owner'],
  ];
  return folders.map(([name, folder]) => {
    const languages = Object.fromEntries(
      LOCALES.filter((locale) => existsSync(join(folder, `${locale}.json`))).map((locale) => [
        locale,
        read(join(folder, `${locale}.json`)),
      ]),
    ) as Partial<Record<Locale, Catalog>>;
    return { name, folder, languages, de: languages.de ?? {} };
  });
}

/** What a message asks for: its arguments (with their kind) and its tags, in any branch of a plural or select. */
function placeholders(elements: MessageFormatElement[], found = new Set<string>()): Set<string> {
  for (const element of elements) {
    if (element.type === 1 || element.type === 2) found.add(`{${element.value}}`);
    if (element.type === 5 || element.type === 6) {
      found.add(`{${element.value}, ${element.type === 6 ? 'plural' : 'select'}}`);
      for (const option of Object.values(element.options)) placeholders(option.value, found);
    }
    if (element.type === 8) {
      found.add(`<${element.value}>`);
      placeholders(element.children, found);
    }
  }
  return found;
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((entry) => {
    const path = join(dir, entry);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return /\.(ts|tsx)$/.test(entry) ? [path] : [];
  });
}

const source = sourceFiles('src')
  .map((file) => readFileSync(file, 'utf8'))
  .join('\n');
/** Keys written out in the code ('blog.title'), and the starts of keys it builds (`guide.steps.${n}.title`). */
const literal = new Set([
  ...[...source.matchAll(/['"`]([a-z][\w-]*(?:\.[\w-]+)+)['"`]/gi)].map((m) => m[1]),
  ...[...source.matchAll(/\bid[=:]\s*['"`]([\w.-]+)['"`]/g)].map((m) => m[1]),
]);
const prefixes = [...source.matchAll(/`([a-z][\w-]*(?:\.[\w-]+)*\.?[\w-]*)\$\{/gi)]
  .map((m) => m[1] ?? '')
  .filter((prefix) => prefix.includes('.'));

describe('the message catalogs', () => {
  for (const catalog of catalogs()) {
    const expected = OWNER_ONLY.includes(catalog.name) ? [...OWNER_LOCALES] : [...LOCALES];
    it(`${catalog.name}: is in ${expected.length === 2 ? 'German and English only' : 'every language'}`, () => {
      expect(Object.keys(catalog.languages).sort()).toEqual(expected.sort());
    });

    for (const [locale, texts = {}] of Object.entries(catalog.languages).filter(([locale]) => locale !== 'de')) {
      it(`${catalog.name}/${locale}: has the German keys, no more and no fewer`, () => {
        expect(Object.keys(texts).sort()).toEqual(Object.keys(catalog.de).sort());
      });

      it(`${catalog.name}/${locale}: every message parses and asks for what the German one asks for`, () => {
        const differing = Object.entries(texts).flatMap(([key, text]) => {
          const german = catalog.de[key];
          if (german === undefined) return [];
          let own: string;
          try {
            own = [...placeholders(parse(text))].sort().join(' ');
          } catch (error) {
            return [`${key}: ${(error as Error).message}`];
          }
          const wanted = [...placeholders(parse(german))].sort().join(' ');
          return own === wanted ? [] : [`${key}: ${own} instead of ${wanted}`];
        });
        expect(differing).toEqual([]);
      });
    }

    it(`${catalog.name}: every key is used by the code`, () => {
      const unused = Object.keys(catalog.de).filter((key) => !literal.has(key) && !prefixes.some((prefix) => key.startsWith(prefix)));
      expect(unused).toEqual([]);
    });

    it(`${catalog.name}: no text is empty`, () => {
      const empty = Object.entries(catalog.languages).flatMap(([locale, texts = {}]) =>
        Object.entries(texts)
          .filter(([, text]) => !text.trim())
          .map(([key]) => `${locale}: ${key}`),
      );
      expect(empty).toEqual([]);
    });
  }

  it('no key is in two catalogs (the namespaces of a page share one catalog in the browser)', () => {
    const seen = new Map<string, string>();
    const twice = catalogs()
      .filter((catalog) => !catalog.name.startsWith('worker'))
      .flatMap((catalog) =>
        Object.keys(catalog.de).flatMap((key) => {
          const other = seen.get(key);
          seen.set(key, catalog.name);
          return other ? [`${key}: ${other} and ${catalog.name}`] : [];
        }),
      );
    expect(twice).toEqual([]);
  });

  it('has a text for every key the code names', () => {
    const known = new Set(catalogs().flatMap((catalog) => Object.keys(catalog.de)));
    // Keys the code names in a message position: id: '…', id="…", formatMessage({ id: '…' }), ApiError texts.
    const used = [
      ...source.matchAll(/\bid[=:]\s*['"`]([a-z][\w-]*(?:\.[\w-]+)+)['"`]/gi),
      ...source.matchAll(/new ApiError\([^)]*?['"]([a-z][\w-]*(?:\.[\w-]+)+)['"]/gi),
    ].map((m) => m[1] ?? '');
    expect([...new Set(used)].filter((key) => !known.has(key))).toEqual([]);
  });
});
