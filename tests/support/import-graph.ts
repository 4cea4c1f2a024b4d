// The source tree's imports as a graph, for the test that keeps it free of cycles: every static `import … from`,
// `export … from` and `import type`, between files of src/ (a dynamic `import()` is followed too: a lazily loaded
// module that imports its loader back is still a loop a reader has to untangle).
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';

const SOURCE = /\.(?:ts|tsx)$/;
const IMPORT = /(?:^|\n)\s*(?:import|export)\b[^'"`;]*?\bfrom\s*['"]([^'"]+)['"]|\bimport\(\s*['"]([^'"]+)['"]\s*\)/g;

function sourceFiles(folder: string): string[] {
  return readdirSync(folder).flatMap((name) => {
    const path = join(folder, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return SOURCE.test(name) && !name.endsWith('.d.ts') ? [path] : [];
  });
}

function resolveImport(from: string, specifier: string): string | null {
  if (!specifier.startsWith('.')) return null;
  const base = resolve(dirname(from), specifier);
  const candidates = [base, `${base}.ts`, `${base}.tsx`, join(base, 'index.ts'), join(base, 'index.tsx')];
  if (/\.js$/.test(base)) candidates.push(base.replace(/\.js$/, '.ts'), base.replace(/\.js$/, '.tsx'));
  return candidates.find((path) => SOURCE.test(path) && existsSync(path) && statSync(path).isFile()) ?? null;
}

/** Each file of `root` (relative to the repository) with the files of the tree it imports. */
export function importGraph(root: string): Map<string, Set<string>> {
  const graph = new Map<string, Set<string>>();
  for (const file of sourceFiles(resolve(root))) {
    const text = readFileSync(file, 'utf8');
    const targets = new Set<string>();
    for (const match of text.matchAll(IMPORT)) {
      const target = resolveImport(file, match[1] ?? match[2] ?? '');
      if (target && target !== file) targets.add(relative(process.cwd(), target));
    }
    graph.set(relative(process.cwd(), file), targets);
  }
  return graph;
}

/**
 * The graph with each node replaced by `groupOf(node)`, loops inside a group dropped. A node without a group (a
 * shared module) is passed through: a group that imports one which imports another group depends on that group.
 */
export function groupedGraph(graph: Map<string, Set<string>>, groupOf: (file: string) => string | null): Map<string, Set<string>> {
  const grouped = new Map<string, Set<string>>();
  for (const [file, targets] of graph) {
    const from = groupOf(file);
    if (!from) continue;
    const edges = grouped.get(from) ?? new Set<string>();
    grouped.set(from, edges);
    const seen = new Set<string>();
    const queue = [...targets];
    while (queue.length > 0) {
      const target = queue.pop() ?? '';
      if (seen.has(target)) continue;
      seen.add(target);
      const to = groupOf(target);
      if (to === null) queue.push(...(graph.get(target) ?? []));
      else if (to !== from) edges.add(to);
    }
  }
  return grouped;
}

/** The graph's cycles: each strongly connected component of more than one node (Tarjan), its nodes sorted. */
export function cycles(graph: Map<string, Set<string>>): string[][] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];
  let next = 0;
  const visit = (node: string): void => {
    index.set(node, next);
    low.set(node, next);
    next += 1;
    stack.push(node);
    onStack.add(node);
    for (const target of graph.get(node) ?? []) {
      if (!index.has(target)) {
        visit(target);
        low.set(node, Math.min(low.get(node) ?? 0, low.get(target) ?? 0));
      } else if (onStack.has(target)) {
        low.set(node, Math.min(low.get(node) ?? 0, index.get(target) ?? 0));
      }
    }
    if (low.get(node) !== index.get(node)) return;
    const component: string[] = [];
    let member: string | undefined;
    do {
      member = stack.pop();
      if (member === undefined) break;
      onStack.delete(member);
      component.push(member);
    } while (member !== node);
    if (component.length > 1) found.push(component.sort());
  };
  for (const node of graph.keys()) if (!index.has(node)) visit(node);
  return found;
}
