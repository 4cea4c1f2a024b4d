import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { parse } from '@formatjs/icu-messageformat-parser';
import type { Plugin } from 'vite';

const LOCALES = ['de', 'en'];
const PREFIX = 'virtual:messages/';

/**
 * Where each catalog lives:
 * - `virtual:messages/core` (both languages) and `virtual:messages/core/de|en` (one): the interface every page
 *   needs, src/shared/i18n/{de,en}.json. The browser loads only its own language.
 * - `virtual:messages/<namespace>`: the texts of one lazily loaded feature, src/shared/i18n/<namespace>/, shipped
 *   with that feature's code and never with the first page; `virtual:messages/<namespace>/de|en`: one language of
 *   a screen's own texts (a screen names them in routes.ts `messages`), `virtual:messages/screens` their loaders.
 * - `virtual:messages/all`: every interface text in both languages, for the Worker's server render.
 * - `virtual:messages/server`: what only the Worker says (API errors, the error page, mails), src/worker/i18n/.
 */
function catalogFolder(root: string, name: string): string | null {
  if (name === 'core') return resolve(root, 'src/shared/i18n');
  if (name === 'server') return resolve(root, 'src/worker/i18n');
  if (!/^[a-z-]+$/.test(name)) return null;
  const folder = resolve(root, 'src/shared/i18n', name);
  return existsSync(resolve(folder, 'de.json')) ? folder : null;
}

/**
 * The message catalogs parsed to ICU ASTs at build time, as formatjs recommends for production. Neither the
 * browser nor the Worker parses messages at run time, so the parser is aliased away (see vite.config.ts) and
 * each render skips the parsing.
 */
export function compiledMessages(): Plugin {
  let root = process.cwd();
  return {
    name: 'reisesteine:compiled-messages',
    configResolved(config) {
      root = config.root;
    },
    resolveId(id) {
      return id.startsWith(PREFIX) ? `\0${id}` : undefined;
    },
    load(id) {
      if (!id.startsWith(`\0${PREFIX}`)) return undefined;
      const [name = '', only] = id.slice(PREFIX.length + 1).split('/');
      if (name === 'screens') {
        // Loaders of each namespace's catalog per language, for the screens' own texts (see routes.ts `messages`).
        const entries = namespaces(root).map(
          (ns) =>
            `${JSON.stringify(ns)}: { ${LOCALES.map((l) => `${l}: () => import(${JSON.stringify(`${PREFIX}${ns}/${l}`)})`).join(', ')} }`,
        );
        return `export default { ${entries.join(', ')} };`;
      }
      if (name === 'all') {
        // The Worker renders every screen: every interface text, both languages.
        const merged: Record<string, Record<string, unknown>> = {};
        for (const locale of LOCALES) {
          merged[locale] = {};
          for (const ns of ['core', ...namespaces(root)])
            Object.assign(merged[locale], compile(this, catalogFolder(root, ns) ?? '', locale));
        }
        return `export default ${JSON.stringify(merged)};`;
      }
      const folder = catalogFolder(root, name);
      if (!folder || (only !== undefined && !LOCALES.includes(only))) throw new Error(`unknown message catalog ${id.slice(1)}`);
      const compiled: Record<string, Record<string, unknown>> = {};
      for (const locale of only ? [only] : LOCALES) compiled[locale] = compile(this, folder, locale);
      return `export default ${JSON.stringify(only ? compiled[only] : compiled)};`;
    },
  };
}

/** The namespace folders under src/shared/i18n/ (each a lazily loaded feature's or a screen's own texts). */
function namespaces(root: string): string[] {
  return readdirSync(resolve(root, 'src/shared/i18n'), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name)
    .sort();
}

function compile(context: { addWatchFile(file: string): void }, folder: string, locale: string): Record<string, unknown> {
  const file = resolve(folder, `${locale}.json`);
  context.addWatchFile(file);
  const catalog = JSON.parse(readFileSync(file, 'utf8')) as Record<string, string>;
  return Object.fromEntries(Object.entries(catalog).map(([key, text]) => [key, parse(text)]));
}
