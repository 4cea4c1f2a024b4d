// The architecture map is read by whoever changes the code next: every path, file, script, decision record and
// code name it mentions must exist, the cron's steps and the request's middleware it lists must be the ones the
// code runs, in their order, and "no dead code" must hold. Each failure names the doc's line.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const DOC = 'docs/architecture.md';
const doc = readFileSync(DOC, 'utf8');
const docLines = doc.split('\n');
const pkg = JSON.parse(readFileSync('package.json', 'utf8')) as { scripts: Record<string, string> };

const SKIP = new Set(['node_modules', '.git', '.wrangler', '.tools', 'dist', 'test-results', 'playwright-report']);
const ROOTS = ['src', 'tests', 'scripts', 'docs', 'e2e', 'bench', 'migrations', 'public', '.ci'];

/** Every file and folder of the project (folders end in "/"), relative to its root. */
function walk(dir: string, into: string[]): string[] {
  if (!existsSync(dir)) return into;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (SKIP.has(entry.name)) continue;
    const path = dir === '.' ? entry.name : join(dir, entry.name);
    if (entry.isDirectory()) {
      into.push(`${path}/`);
      walk(path, into);
    } else into.push(path);
  }
  return into;
}
const rootFiles = readdirSync('.', { withFileTypes: true }).filter((entry) => entry.isFile());
const tree = [...rootFiles.map((entry) => entry.name), ...ROOTS.flatMap((root) => walk(root, existsSync(root) ? [`${root}/`] : []))];

/** The files a path names: the path itself from the project's root or from docs/, else every file it ends. */
function resolve(path: string, under = ''): string[] {
  for (const exact of [path, `docs/${path}`]) if (tree.includes(exact)) return [exact];
  return tree.filter((file) => file.startsWith(under) && file.endsWith(`/${path}`));
}

const FILE_NAME = /^[\w.-]+\.(?:tsx?|mjs|js|json|md|sh|toml|sql|css|html)$/;
/** A file name, or a path to a file or (ending in "/") a folder: not a MIME type or an address. */
const isPathLike = (word: string) => FILE_NAME.test(word.split('/').pop() ?? '') || /^[\w.-]+(?:\/[\w.-]+)*\/$/.test(word);
const isPlaceholder = (word: string) => /[<>…*{}:]/.test(word) || word.startsWith('/') || word.startsWith('.');
const IDENTIFIER = /^[A-Za-z_$][\w$]*$/;

/** The line each code span of the doc starts on, outside fenced blocks; a span may not break across lines. */
const prose = docLines.map((line, index) => ({ line, number: index + 1 }));
const fences = prose.filter(({ line }) => line.startsWith('```')).map(({ number }) => number);
const inFence = (number: number) => fences.some((start, i) => i % 2 === 0 && number > start && number < (fences[i + 1] ?? 0));
const spans = prose
  .filter(({ number }) => !inFence(number))
  .flatMap(({ line, number }) => [...line.matchAll(/`([^`]+)`/g)].map((match) => ({ text: match[1] ?? '', number })));

const sources = tree.filter((file) => /^src\/.*\.tsx?$/.test(file));
const sourceText = new Map(sources.map((file) => [file, readFileSync(file, 'utf8')]));
/** Code without its comments: a name only a comment mentions is not in the code. */
const withoutComments = (text: string) => text.replace(/\/\*[\s\S]*?\*\//g, '').replace(/(^|[^:'"`\\])\/\/.*$/gm, '$1');
const declarationSources = [
  ...[...sourceText.values()].map(withoutComments),
  readFileSync('wrangler.toml', 'utf8'),
  ...tree.filter((file) => /^migrations\/.*\.sql$/.test(file)).map((file) => readFileSync(file, 'utf8')),
].join('\n');

/** A name the code declares: a binding, a type, a field or key, a method, an import's alias, or a quoted word. */
function declares(text: string, name: string): boolean {
  const n = name.replace(/\$/g, '\\$');
  return new RegExp(
    `\\b(?:const|let|var|function\\*?|class|interface|type|enum|as)\\s+${n}\\b|(?:^|[\\s{,(])${n}\\??\\s*[:=(]|['"\`]${n}['"\`]|\\b${n}\\s*=\\s*"|\\b${n}\\b(?=[^\\n]*\\bON\\b)`,
    'm',
  ).test(text);
}

const where = (number: number) => `${DOC}:${number}`;

describe('the architecture map', () => {
  it('names only files and folders that exist, each bare file name of one file only', () => {
    const problems: string[] = [];
    for (const { text, number } of spans) {
      const [first = ''] = text.trim().split(/\s+/);
      if (!isPathLike(first) || isPlaceholder(first)) continue;
      const found = resolve(first);
      if (found.length === 0) problems.push(`${where(number)} names \`${first}\`, which does not exist`);
      else if (found.length > 1 && !first.includes('/'))
        problems.push(`${where(number)} names \`${first}\`, which is ${found.length} files (${found.join(', ')}): write its path`);
      else if (found.length > 1)
        problems.push(`${where(number)} names \`${first}\`, which ends ${found.join(', ')}: write more of its path`);
    }
    // Plain paths in the text, and the links' targets.
    for (const { line, number } of prose.filter(({ number }) => !inFence(number))) {
      if (!line.startsWith('```') && (line.match(/`/g)?.length ?? 0) % 2)
        problems.push(`${where(number)} opens a code span it closes on another line`);
      for (const [, path = ''] of line.matchAll(/(?<![\w/`.-])((?:src|tests|scripts|docs|e2e|bench|migrations)\/[\w./-]*[\w/])/g))
        if (!isPlaceholder(path) && resolve(path).length === 0) problems.push(`${where(number)} names ${path}, which does not exist`);
      for (const [, target = ''] of line.matchAll(/\]\(([^)#]+)\)/g))
        if (!/^https?:/.test(target) && !existsSync(join('docs', target)))
          problems.push(`${where(number)} links to ${target}, which does not exist`);
    }
    expect(problems).toEqual([]);
  });

  it('lays out folders and files that exist, each under the folder it is listed in', () => {
    const problems: string[] = [];
    let root = '';
    for (const { line, number } of prose.filter(({ number }) => inFence(number))) {
      const top = /^([\w.-]+\/(?:[\w.-]+\/)?)(?:\s|$)/.exec(line)?.[1];
      if (top) root = top;
      if (!root) continue;
      const words = line.match(/[\w./<>…-]+/g) ?? [];
      for (const word of words.map((w) => w.replace(/[.,;:]+$/, ''))) {
        if (!isPathLike(word) || isPlaceholder(word) || word === root || !/[a-z]/.test(word)) continue;
        if (word.includes('/') && !/^[\w.-]+(?:\/[\w.-]+)*\/?$/.test(word)) continue;
        const path = word === root.slice(0, -1) ? root : word;
        if (tree.includes(path) || resolve(path, root).length > 0) continue;
        problems.push(`${where(number)} lists ${word} under ${root}, which does not exist there`);
      }
    }
    expect(problems).toEqual([]);
  });

  it('names code that exists, a name beside its file declared in that file', () => {
    const problems: string[] = [];
    for (const { text, number } of spans) {
      const words = text.trim().split(/\s+/);
      const [first = '', second = ''] = words;
      if (words.length === 2 && isPathLike(first) && IDENTIFIER.test(second)) {
        const [file] = resolve(first);
        const text = file && !file.endsWith('/') ? withoutComments(readFileSync(file, 'utf8')) : '';
        if (!declares(text, second)) problems.push(`${where(number)} names \`${second}\` in ${first}, which declares no such name`);
      } else if (words.length === 1 && IDENTIFIER.test(first) && !declares(declarationSources, first)) {
        problems.push(`${where(number)} names \`${first}\`, which nothing in src/, wrangler.toml or migrations/ declares`);
      }
    }
    expect(problems).toEqual([]);
  });

  it('names only npm scripts that exist and decision records that exist', () => {
    const problems: string[] = [];
    docLines.forEach((line, index) => {
      for (const [, script = ''] of line.matchAll(/npm run ([a-z][a-z0-9:-]*[a-z0-9])/g))
        if (!pkg.scripts[script]) problems.push(`${where(index + 1)} names npm run ${script}, which package.json does not have`);
    });
    const records = readdirSync('docs/decisions').map((file) => file.slice(0, 3));
    docLines.forEach((line, index) => {
      for (const [, ...numbers] of line.matchAll(/decision records? (\d{3})(?:,? (?:and )?(\d{3}))?(?:,? (?:and )?(\d{3}))?/g))
        for (const record of numbers.filter(Boolean))
          if (!records.includes(record ?? '')) problems.push(`${where(index + 1)} names decision record ${record}, which does not exist`);
    });
    expect(problems).toEqual([]);
  });

  it("lists the cron's steps as jobs/cron.ts CRON_STEPS runs them, in order", () => {
    const code = readFileSync('src/worker/jobs/cron.ts', 'utf8');
    const block = /export const CRON_STEPS[^=]*= \[([\s\S]*?)\n\];/.exec(code)?.[1] ?? '';
    const steps = [...block.matchAll(/^\s*\['([^']+)'/gm)].map((match) => match[1]);
    expect(steps.length).toBeGreaterThan(5);
    expect(numberedList('### The cron, in order'), `${DOC} "### The cron, in order"`).toEqual(steps);
  });

  it("lists the request's middleware as app.ts installs it, in order", () => {
    const code = readFileSync('src/worker/app.ts', 'utf8').split('\n');
    const installed = code.flatMap((line, index) => {
      if (!line.startsWith('app.use(')) return [];
      const name = /^app\.use\((?:'[^']*',\s*)?([A-Za-z_$][\w$]*)\);$/.exec(line)?.[1];
      return [name ?? `an unnamed middleware (src/worker/app.ts:${index + 1}): give it a name the map can list`];
    });
    expect(installed.length).toBeGreaterThan(3);
    expect(numberedList('### A request, in order'), `${DOC} "### A request, in order"`).toEqual(installed);
  });

  it('has no exported name that nothing uses, as it says', () => {
    expect(doc).toContain('no dead code');
    const unused: string[] = [];
    const declaration = /^export\s+(?:async\s+)?(?:const|let|function\*?|class|interface|type|enum)\s+([A-Za-z_$][\w$]*)/gm;
    const everything = [
      ...sourceText.values(),
      ...tree.filter((file) => /^(?:tests|scripts|e2e|bench)\/.*\.(?:tsx?|mjs)$/.test(file)).map((f) => readFileSync(f, 'utf8')),
      ...['vite.config.ts', 'vitest.config.ts', 'playwright.config.ts'].filter(existsSync).map((f) => readFileSync(f, 'utf8')),
    ].map(withoutComments);
    const counts = new Map<string, number>();
    for (const text of everything) for (const [word] of text.matchAll(/[\w$]+/g)) counts.set(word, (counts.get(word) ?? 0) + 1);
    for (const [file, text] of sourceText)
      for (const [, name = ''] of text.matchAll(declaration)) if ((counts.get(name) ?? 0) < 2) unused.push(`${file}: ${name}`);
    expect(unused).toEqual([]);
  });
});

/** The first code span of each numbered item under a heading: `1. \`name\`: …`. */
function numberedList(heading: string): string[] {
  const start = docLines.findIndex((line) => line.startsWith(heading));
  expect(start, `${DOC} has a section "${heading}"`).toBeGreaterThan(-1);
  const end = docLines.findIndex((line, index) => index > start && /^#{1,3} /.test(line));
  return docLines.slice(start + 1, end === -1 ? undefined : end).flatMap((line) => /^\d+\. `([^`]+)`/.exec(line)?.[1] ?? []);
}
