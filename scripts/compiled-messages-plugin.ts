import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { parse } from '@formatjs/icu-messageformat-parser';
import type { Plugin } from 'vite';

const VIRTUAL_ID = 'virtual:compiled-messages';
const RESOLVED_ID = `\0${VIRTUAL_ID}`;
const LOCALES = ['de', 'en'];

/**
 * `virtual:compiled-messages`: the message catalogs parsed to ICU ASTs at build time, as formatjs recommends
 * for production. Neither the browser nor the Worker parses messages at run time, so the parser is aliased
 * away (see vite.config.ts) and each render skips the parsing.
 */
export function compiledMessages(): Plugin {
  let root = process.cwd();
  return {
    name: 'reisesteine:compiled-messages',
    configResolved(config) {
      root = config.root;
    },
    resolveId(id) {
      return id === VIRTUAL_ID ? RESOLVED_ID : undefined;
    },
    load(id) {
      if (id !== RESOLVED_ID) return undefined;
      const compiled: Record<string, Record<string, unknown>> = {};
      for (const locale of LOCALES) {
        const file = resolve(root, `src/shared/i18n/${locale}.json`);
        this.addWatchFile(file);
        const catalog = JSON.parse(readFileSync(file, 'utf8')) as Record<string, string>;
        compiled[locale] = Object.fromEntries(Object.entries(catalog).map(([key, text]) => [key, parse(text)]));
      }
      return `export default ${JSON.stringify(compiled)};`;
    },
  };
}
