import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

/** Every message catalog: the core and each namespace of src/shared/i18n/, and the Worker's own texts. */
function catalogs(): Array<{ name: string; de: Record<string, string>; en: Record<string, string> }> {
  const read = (file: string) => JSON.parse(readFileSync(file, 'utf8')) as Record<string, string>;
  const root = 'src/shared/i18n';
  const namespaces = readdirSync(root).filter((entry) => statSync(join(root, entry)).isDirectory());
  return [
    { name: 'core', de: read(`${root}/de.json`), en: read(`${root}/en.json`) },
    ...namespaces.map((ns) => ({ name: ns, de: read(`${root}/${ns}/de.json`), en: read(`${root}/${ns}/en.json`) })),
    { name: 'worker', de: read('src/worker/i18n/de.json'), en: read('src/worker/i18n/en.json') },
  ];
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
    it(`${catalog.name}: German and English have the same keys`, () => {
      expect(Object.keys(catalog.en).sort()).toEqual(Object.keys(catalog.de).sort());
    });

    it(`${catalog.name}: every key is used by the code`, () => {
      const unused = Object.keys(catalog.de).filter((key) => !literal.has(key) && !prefixes.some((prefix) => key.startsWith(prefix)));
      expect(unused).toEqual([]);
    });

    it(`${catalog.name}: no text is empty`, () => {
      const empty = Object.entries({ ...catalog.de, ...catalog.en }).filter(([, text]) => !text.trim());
      expect(empty).toEqual([]);
    });
  }

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
