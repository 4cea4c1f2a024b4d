import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';

type Table = Record<string, readonly string[]>;
const readCatalog = (file: string) => JSON.parse(readFileSync(file, 'utf8')) as Record<string, string>;

/**
 * Every catalog against the languages declared for it (`namespaceTable` and `serverTable`: src/shared/i18n/namespaces.ts
 * NAMESPACES and SERVER_CATALOGS): each declared language has
 * exactly the German keys, no catalog is in an undeclared language, every folder of src/shared/i18n is a declared
 * namespace and every interface text's id begins with its namespace (a server catalog's with `serverNamespace`). Throws one error naming each namespace,
 * language and key that is wrong.
 */
export function checkCatalogs(root: string, namespaceTable: Table, serverTable: Table, serverNamespace: (folder: string) => string): void {
  const problems: string[] = [];
  const i18n = resolve(root, 'src/shared/i18n');
  for (const entry of readdirSync(i18n, { withFileTypes: true }))
    if (entry.isDirectory() && !Object.hasOwn(namespaceTable, entry.name))
      problems.push(`src/shared/i18n/${entry.name}/ is not a namespace of src/shared/i18n/namespaces.ts`);
  const check = (name: string, folder: string, languages: readonly string[], prefix?: string) => {
    const german = existsSync(resolve(folder, 'de.json')) ? Object.keys(readCatalog(resolve(folder, 'de.json'))) : [];
    for (const key of german)
      if (prefix && !key.startsWith(`${prefix}.`)) problems.push(`${name}: the id ${key} does not begin with its namespace (${prefix}.)`);
    for (const file of existsSync(folder) ? readdirSync(folder).filter((f) => f.endsWith('.json')) : [])
      if (!languages.includes(file.slice(0, -5))) problems.push(`${name}: ${file} is in a language not declared for it`);
    for (const locale of languages) {
      const file = resolve(folder, `${locale}.json`);
      if (!existsSync(file)) {
        problems.push(`${name} (${locale}): the catalog is missing`);
        continue;
      }
      const own = readCatalog(file);
      for (const key of german) if (!Object.hasOwn(own, key)) problems.push(`${name} (${locale}): lacks the text ${key}`);
      for (const key of Object.keys(own)) if (!german.includes(key)) problems.push(`${name} (${locale}): has ${key}, which German has not`);
    }
  };
  for (const [ns, languages] of Object.entries(namespaceTable))
    check(`namespace ${ns}`, ns === 'core' ? i18n : resolve(i18n, ns), languages, ns);
  for (const [folder, languages] of Object.entries(serverTable)) check(folder, resolve(root, folder), languages, serverNamespace(folder));
  if (problems.length > 0) throw new Error(`The message catalogs do not match their declared languages:\n${problems.join('\n')}`);
}
