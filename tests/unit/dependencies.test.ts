import { readdirSync, readFileSync, statSync } from 'node:fs';
import { builtinModules } from 'node:module';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * Every package the code imports is declared in package.json, where its use says: what the app ships (src/, whose
 * value imports end up in the browser's or the Worker's build) among the dependencies, what only the tests, the
 * scripts, the bench and the build configuration use among the devDependencies. A type-only import is erased by
 * the compiler, so a package (or its @types) among the devDependencies serves it anywhere.
 */
const manifest = JSON.parse(readFileSync('package.json', 'utf8')) as {
  dependencies: Record<string, string>;
  devDependencies: Record<string, string>;
};
const runtime = new Set(Object.keys(manifest.dependencies));
const declared = new Set([...runtime, ...Object.keys(manifest.devDependencies)]);

function files(dir: string): string[] {
  return readdirSync(dir).flatMap((entry) => {
    const path = join(dir, entry);
    if (entry === 'node_modules' || entry.startsWith('.')) return [];
    if (statSync(path).isDirectory()) return files(path);
    return /\.(ts|tsx|mts|mjs|js)$/.test(entry) ? [path] : [];
  });
}

type Import = { file: string; specifier: string; typeOnly: boolean };

/** The imports of a file: static (`import … from`, `export … from`, `import '…'`) and dynamic (`import('…')`). */
function imports(file: string): Import[] {
  const text = readFileSync(file, 'utf8');
  const found: Import[] = [];
  for (const m of text.matchAll(/^\s*(import|export)\s+(type\s+)?(?:[\w*$\s{},]*?\bfrom\s+)?['"]([^'"\n]+)['"]/gm))
    found.push({ file, specifier: m[3] ?? '', typeOnly: Boolean(m[2]) || file.endsWith('.d.ts') });
  for (const m of text.matchAll(/\bimport\(\s*['"]([^'"\n]+)['"]\s*\)/g))
    found.push({ file, specifier: m[1] ?? '', typeOnly: file.endsWith('.d.ts') });
  return found;
}

/** The package a specifier names (`@scope/name/sub` → `@scope/name`), or null for a file, a built-in or a virtual module. */
function packageOf(specifier: string): string | null {
  if (/^(\.|\/|node:|cloudflare:|virtual:)/.test(specifier) || builtinModules.includes(specifier)) return null;
  const [first = '', second = ''] = specifier.split('?')[0]?.split('/') ?? [];
  const name = first.startsWith('@') ? `${first}/${second}` : first;
  // Words in quotes that only look like an import (in a comment) are not a package name.
  return /^(@[a-z0-9][\w.-]*\/)?[a-z0-9][\w.-]*$/.test(name) ? name : null;
}

const typesOf = (name: string) => `@types/${name.startsWith('@') ? name.slice(1).replace('/', '__') : name}`;

const ROOT_CONFIGS = readdirSync('.').filter((entry) => /\.config\.(ts|mts|mjs|js)$/.test(entry));

describe('the declared dependencies', () => {
  it('the app ships only dependencies: every value import in src/ is one', () => {
    const wrong = files('src')
      .flatMap(imports)
      .filter((i) => !i.typeOnly)
      .flatMap((i) => {
        const name = packageOf(i.specifier);
        return name && !runtime.has(name) ? [`${i.file}: ${i.specifier}`] : [];
      });
    expect(wrong).toEqual([]);
  });

  it('every import of the code, the tests, the scripts, the bench and the build configuration is declared', () => {
    const undeclared = [...['src', 'tests', 'e2e', 'scripts', 'bench'].flatMap(files), ...ROOT_CONFIGS].flatMap(imports).flatMap((i) => {
      const name = packageOf(i.specifier);
      if (!name || declared.has(name) || (i.typeOnly && declared.has(typesOf(name)))) return [];
      return [`${i.file}: ${i.specifier}`];
    });
    expect(undeclared).toEqual([]);
  });

  it('a dependency is something the app imports (what only tests and scripts use is a devDependency)', () => {
    const used = new Set(
      files('src')
        .flatMap(imports)
        .filter((i) => !i.typeOnly)
        .map((i) => packageOf(i.specifier)),
    );
    expect([...runtime].filter((name) => !used.has(name))).toEqual([]);
  });
});
