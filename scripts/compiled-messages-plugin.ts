import { existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { type MessageFormatElement, parse, TYPE } from '@formatjs/icu-messageformat-parser';
import type { Plugin } from 'vite';
import { LOCALES } from '../src/shared/i18n/locale.ts';
import { NAMESPACES, SERVER_CATALOGS, serverNamespace } from '../src/shared/i18n/namespaces.ts';
import { checkCatalogs } from './catalog-check.ts';

const PREFIX = 'virtual:messages/';

/**
 * Where each catalog lives (each in the languages src/shared/i18n/namespaces.ts declares for it: a namespace of the
 * creator's, owner's and operator's screens is German and English, and its other languages are its English text):
 * - `virtual:messages/core/<l>`: the interface every page needs in one language, src/shared/i18n/<l>.json. The
 *   browser loads only its own language, by the address the page names (InitialData `texts`).
 * - `virtual:messages/<namespace>/<l>`: one language of a screen's or a lazily loaded feature's own texts,
 *   src/shared/i18n/<namespace>/<l>.json (a screen names them in routes.ts `messages`; a feature where it is
 *   loaded or rendered, lib/screen-messages.ts `withTexts` / `useTexts`).
 * - `virtual:messages/names`: the namespaces.
 * - `virtual:messages/all`: every interface text in every language, for the Worker's server render.
 * - `virtual:messages/server`: what only the Worker says (API errors, the error page, mails): src/worker/i18n/
 *   (what a finder meets, every language) and src/worker/i18n/owner/ (the owner's and operator's, de/en).
 */
function catalogFolder(root: string, name: string): string | null {
  if (name === 'core') return resolve(root, 'src/shared/i18n');
  if (!/^[a-z-]+$/.test(name)) return null;
  const folder = resolve(root, 'src/shared/i18n', name);
  return existsSync(resolve(folder, 'de.json')) ? folder : null;
}

/** A folder's catalog in `locale`, or its English one in a language not declared for it (checkCatalogs). */
function catalogFile(folder: string, locale: string): string {
  const own = resolve(folder, `${locale}.json`);
  return existsSync(own) ? own : resolve(folder, 'en.json');
}

/**
 * Every language's texts of some folders as a module: English in full, each other language with only the catalogs
 * declared in it, completed by English (the undeclared ones) the first time it is asked for (a getter), so a
 * German-and-English-only catalog is in the Worker once, not once per language.
 */
function allLanguages(context: Context, folders: string[]): string {
  const own = (locale: string) =>
    Object.assign(
      {},
      ...folders.flatMap((folder) => (existsSync(resolve(folder, `${locale}.json`)) ? [compile(context, folder, locale)] : [])),
    );
  const lines = [
    `const en = ${JSON.stringify(own('en'))};`,
    'const all = { en };',
    'const completed = (texts) => Object.assign({}, en, texts);',
  ];
  for (const locale of LOCALES.filter((l) => l !== 'en')) {
    lines.push(
      `{ const texts = ${JSON.stringify(own(locale))}; let done; Object.defineProperty(all, ${JSON.stringify(locale)}, { enumerable: true, get: () => (done ??= completed(texts)) }); }`,
    );
  }
  lines.push('export default all;');
  return lines.join('\n');
}

type Context = { addWatchFile(file: string): void };

/**
 * The message catalogs parsed to ICU ASTs at build time, as formatjs recommends for production. Neither the
 * browser nor the Worker parses messages at run time, so the parser is aliased away (see vite.config.ts) and
 * each render skips the parsing.
 */
export function compiledMessages(): Plugin {
  let root = process.cwd();
  let command: 'build' | 'serve' = 'serve';
  return {
    name: 'reisesteine:compiled-messages',
    configResolved(config) {
      root = config.root;
      command = config.command;
    },
    buildStart() {
      // A catalog that lacks a text in a language declared for it fails the build (a running dev server says so).
      try {
        checkCatalogs(root, NAMESPACES, SERVER_CATALOGS, serverNamespace);
      } catch (error) {
        if (command === 'build') throw error;
        this.warn((error as Error).message);
      }
      // Nothing imports a catalog by name: the page names its language's files (InitialData `texts`). The client
      // build emits each catalog in each language it has (English stands in for the others, render.tsx).
      if (command !== 'build' || this.environment?.name !== 'client') return;
      const catalogs: Array<[string, string]> = [
        ['core', resolve(root, 'src/shared/i18n')],
        ...screenNamespaces().map((ns): [string, string] => [ns, resolve(root, 'src/shared/i18n', ns)]),
      ];
      for (const [name, folder] of catalogs)
        for (const locale of LOCALES)
          if (existsSync(resolve(folder, `${locale}.json`)))
            this.emitFile({ type: 'chunk', id: `${PREFIX}${name}/${locale}`, name: locale, preserveSignature: 'strict' });
    },
    resolveId(id) {
      return id.startsWith(PREFIX) ? `\0${id}` : undefined;
    },
    load(id) {
      if (!id.startsWith(`\0${PREFIX}`)) return undefined;
      const [name = '', only] = id.slice(PREFIX.length + 1).split('/');
      if (name === 'all') {
        // The Worker renders every screen: every interface text, every language.
        return allLanguages(this, [
          resolve(root, 'src/shared/i18n'),
          ...screenNamespaces().map((ns) => resolve(root, 'src/shared/i18n', ns)),
        ]);
      }
      if (name === 'server') return allLanguages(this, [resolve(root, 'src/worker/i18n'), resolve(root, 'src/worker/i18n/owner')]);
      if (name === 'names') {
        // The namespaces, for the Worker to name each one's catalog in the page's language (render.tsx).
        return `export default ${JSON.stringify(screenNamespaces())};`;
      }
      const folder = catalogFolder(root, name);
      if (!folder || only === undefined || !(LOCALES as readonly string[]).includes(only))
        throw new Error(`unknown message catalog ${id.slice(1)}`);
      return `export default ${JSON.stringify(compile(this, folder, only, catalogFile(folder, only)))};`;
    },
  };
}

/** The namespaces besides the core (each a folder of src/shared/i18n/: a lazily loaded feature's or a screen's own texts). */
function screenNamespaces(): string[] {
  return Object.keys(NAMESPACES)
    .filter((ns) => ns !== 'core')
    .sort();
}

function compile(context: Context, folder: string, locale: string, file = resolve(folder, `${locale}.json`)): Record<string, unknown> {
  context.addWatchFile(file);
  const catalog = JSON.parse(readFileSync(file, 'utf8')) as Record<string, string>;
  // A message that is only text (most of them) is kept as its string rather than a one-literal AST: the same
  // message in fewer bytes, which every page's first JavaScript carries (lib/intl.ts formats both).
  return Object.fromEntries(
    Object.entries(catalog).map(([key, text]) => {
      const ast = cardinalByDefault(parse(text));
      const only = ast.length === 1 ? ast[0] : undefined;
      return [key, only?.type === TYPE.literal ? only.value : ast];
    }),
  );
}

/**
 * A plural is cardinal unless it says otherwise (lib/intl.ts reads a missing `pluralType` so): the compiled catalog
 * leaves the word out, a few bytes less in the first JavaScript of every page with a count.
 */
function cardinalByDefault(elements: MessageFormatElement[]): MessageFormatElement[] {
  for (const element of elements) {
    if (element.type === TYPE.plural && element.pluralType === 'cardinal') delete (element as { pluralType?: string }).pluralType;
    if (element.type === TYPE.plural || element.type === TYPE.select)
      for (const option of Object.values(element.options)) cardinalByDefault(option.value);
    if (element.type === TYPE.tag) cardinalByDefault(element.children);
  }
  return elements;
}
