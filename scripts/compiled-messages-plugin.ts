import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { parse } from '@formatjs/icu-messageformat-parser';
import type { Plugin } from 'vite';

const LOCALES = ['de', 'en'];

/** Each virtual module and the folder of its catalogs (`de.json`, `en.json`). */
const CATALOGS: Record<string, string> = {
  // The interface: shipped to the browser and used by the Worker's server render.
  'virtual:compiled-messages': 'src/shared/i18n',
  // Texts only the Worker makes (API errors, the error page): never shipped to the browser.
  'virtual:server-messages': 'src/worker/i18n',
};

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
      return id in CATALOGS ? `\0${id}` : undefined;
    },
    load(id) {
      const folder = id.startsWith('\0') ? CATALOGS[id.slice(1)] : undefined;
      if (!folder) return undefined;
      const compiled: Record<string, Record<string, unknown>> = {};
      for (const locale of LOCALES) {
        const file = resolve(root, `${folder}/${locale}.json`);
        this.addWatchFile(file);
        const catalog = JSON.parse(readFileSync(file, 'utf8')) as Record<string, string>;
        compiled[locale] = Object.fromEntries(Object.entries(catalog).map(([key, text]) => [key, parse(text)]));
      }
      return `export default ${JSON.stringify(compiled)};`;
    },
  };
}
