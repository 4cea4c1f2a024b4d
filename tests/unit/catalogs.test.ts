import { cpSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type MessageFormatElement, parse } from '@formatjs/icu-messageformat-parser';
import { describe, expect, it } from 'vitest';
import { checkCatalogs } from '../../scripts/catalog-check';
import { LOCALES, type Locale } from '../../src/shared/i18n/locale';
import { NAMESPACES, SERVER_CATALOGS, serverNamespace } from '../../src/shared/i18n/namespaces';

type Catalog = Record<string, string>;

/** Each catalog's declared languages (src/shared/i18n/namespaces.ts), by the names below. */
const DECLARED: Record<string, readonly Locale[]> = {
  ...NAMESPACES,
  worker: SERVER_CATALOGS['src/worker/i18n'],
  'worker/owner': SERVER_CATALOGS['src/worker/i18n/owner'],
};

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
const schemaSource = sourceFiles('src/shared/schemas')
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
    const expected = [...(DECLARED[catalog.name] ?? [])];
    it(`${catalog.name}: is in the languages declared for it (${expected.length === LOCALES.length ? 'every language' : expected.join(', ')})`, () => {
      expect(Object.keys(catalog.languages).sort()).toEqual(expected.sort());
    });

    if (!catalog.name.startsWith('worker')) {
      it(`${catalog.name}: every id begins with its namespace`, () => {
        expect(Object.keys(catalog.de).filter((key) => !key.startsWith(`${catalog.name}.`))).toEqual([]);
      });
    }

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
      // A schema's refusals: an interface text (`says('…')`) or the API's own (`'server.…'`, `'server-owner.…'`).
      ...source.matchAll(/\bsays\(\s*'([^']+)'/g),
      ...schemaSource.matchAll(/'(server(?:-owner)?\.[\w.-]+)'/g),
    ].map((m) => m[1] ?? '');
    expect([...new Set(used)].filter((key) => !known.has(key))).toEqual([]);
  });
});

describe("the schemas' refusals", () => {
  it("name an interface text through `says` (which the compiler checks), the API's own text, or none on purpose", () => {
    /** A refusal with no text of its own: the API's answer names the field instead (server.api.invalidField). */
    const WITHOUT_TEXT = new Set(['finds.query.invalid', 'countryCode.invalid']);
    const bare = [...schemaSource.matchAll(/(\bsays\(\s*)?'([a-z][\w-]*(?:\.[\w-]+)+)'/g)]
      .filter(([, throughSays, id = '']) => !throughSays && !/^server(?:-owner)?\./.test(id) && !WITHOUT_TEXT.has(id))
      .map(([, , id]) => id);
    expect(bare).toEqual([]);
  });
});

describe('the build’s check of the catalogs', () => {
  it('passes the catalogs as they are', () => {
    expect(() => checkCatalogs('.', NAMESPACES, SERVER_CATALOGS, serverNamespace)).not.toThrow();
  });

  it('fails, naming the namespace, the language and the key, when a declared language lacks a text', () => {
    const root = mkdtempSync(join(tmpdir(), 'catalogs-'));
    try {
      cpSync('src/shared/i18n', join(root, 'src/shared/i18n'), { recursive: true });
      cpSync('src/worker/i18n', join(root, 'src/worker/i18n'), { recursive: true });
      const file = join(root, 'src/shared/i18n/stone-map/pl.json');
      const texts = JSON.parse(readFileSync(file, 'utf8')) as Catalog;
      const [key = ''] = Object.keys(texts);
      delete texts[key];
      writeFileSync(file, JSON.stringify(texts));
      expect(() => checkCatalogs(root, NAMESPACES, SERVER_CATALOGS, serverNamespace)).toThrow(
        `namespace stone-map (pl): lacks the text ${key}`,
      );
      // Without its Polish catalog the namespace fails unless Polish is declared away (English then stands in).
      rmSync(file);
      expect(() => checkCatalogs(root, NAMESPACES, SERVER_CATALOGS, serverNamespace)).toThrow(
        'namespace stone-map (pl): the catalog is missing',
      );
      const withoutPolish = { ...NAMESPACES, 'stone-map': LOCALES.filter((locale) => locale !== 'pl') };
      expect(() => checkCatalogs(root, withoutPolish, SERVER_CATALOGS, serverNamespace)).not.toThrow();
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });
});

describe('the type of the message ids (src/shared/i18n/message-ids.ts)', () => {
  it('is made of every namespace’s German catalog', () => {
    const text = readFileSync('src/shared/i18n/message-ids.ts', 'utf8');
    const missing = Object.keys(NAMESPACES).filter((ns) => !text.includes(ns === 'core' ? `from './de.json'` : `from './${ns}/de.json'`));
    expect(missing).toEqual([]);
  });
});
