import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { screens } from '../../src/shared/routes';
import type { Screen } from '../../src/shared/screen';

const I18N = 'src/shared/i18n';
const PAGES = 'src/client/pages';

/** Which namespace each text of a namespace folder belongs to (the core's texts are everywhere and not listed). */
const namespaceOf = new Map<string, string>();
for (const ns of readdirSync(I18N).filter((entry) => statSync(join(I18N, entry)).isDirectory()))
  for (const key of Object.keys(JSON.parse(readFileSync(join(I18N, ns, 'de.json'), 'utf8')) as Record<string, string>))
    namespaceOf.set(key, ns);

/**
 * A module and every module it imports statically (what renders with it; `import()` comes later, on its own, and
 * `import type` brings nothing at all: the find form names the find schema's type, whose checks load later).
 */
function staticModules(file: string, seen = new Set<string>()): Set<string> {
  if (seen.has(file)) return seen;
  seen.add(file);
  const source = readFileSync(file, 'utf8');
  for (const [, spec] of source.matchAll(/^(?!import type |export type ).*from '(\.{1,2}\/[^']+)'/gm)) {
    const base = resolve(dirname(file), spec ?? '');
    const found = ['.tsx', '.ts', '/index.ts'].map((ext) => base + ext).find((path) => existsSync(path));
    if (found) staticModules(found, seen);
  }
  return seen;
}

/** Message ids written out in the modules (`id="…"`, `id: '…'`, `t('…')`): keys of a catalog, as catalogs.test.ts reads them. */
function textsOf(files: Set<string>): string[] {
  const source = [...files].map((file) => readFileSync(file, 'utf8')).join('\n');
  return [...new Set([...source.matchAll(/['"`]([a-z][\w-]*(?:\.[\w-]+)+)['"`]/gi)].map((m) => m[1] ?? ''))];
}

const entries = Object.entries(screens) as Array<[string, Screen]>;

describe("a screen's own texts", () => {
  it('come from the registry: no page module brings them itself with <WithMessages> or a catalog import', () => {
    const bringing = readdirSync(PAGES).filter((file) => /virtual:messages\/|with-messages/.test(readFileSync(join(PAGES, file), 'utf8')));
    expect(bringing).toEqual([]);
  });

  it('are namespaces that exist', () => {
    const unknown = entries.flatMap(([name, screen]) =>
      (screen.messages ?? []).filter((ns) => !existsSync(join(I18N, ns, 'de.json'))).map((ns) => `${name}: ${ns}`),
    );
    expect(unknown).toEqual([]);
  });

  it('include the namespace of every text its page (and what it imports) names, so it is there before the page renders', () => {
    const missing = entries.flatMap(([name, screen]) => {
      const wanted = textsOf(staticModules(join(PAGES, `${screen.page}.tsx`)))
        .map((key) => namespaceOf.get(key))
        .filter((ns): ns is string => ns !== undefined);
      return [...new Set(wanted)].filter((ns) => !(screen.messages ?? []).includes(ns)).map((ns) => `${name}: ${ns}`);
    });
    expect(missing).toEqual([]);
  });
});
