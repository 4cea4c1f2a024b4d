// No file of src/ imports itself back through others, and no feature of the API imports one that imports it: a
// change to one side of a loop can break the other through a third file, and a newcomer cannot read either alone.
import { describe, expect, it } from 'vitest';
import { cycles, groupedGraph, importGraph } from '../support/import-graph';

const graph = importGraph('src');

/** A feature of the API is its folder under src/worker/api/ (a file directly in it is its own feature). */
const apiFeature = (file: string): string | null => /^src\/worker\/api\/([^/]+?)(?:\.tsx?)?(?:\/|$)/.exec(file)?.[1] ?? null;

describe('the import graph', () => {
  it('reads the tree', () => {
    expect(graph.size).toBeGreaterThan(300);
    // A file known to import another: the reader follows relative imports.
    expect(graph.get('src/worker/index.ts')).toContain('src/worker/app.ts');
  });

  it('finds a loop where there is one', () => {
    const loop = new Map([
      ['a', new Set(['b'])],
      ['b', new Set(['c'])],
      ['c', new Set(['a'])],
      ['d', new Set(['a'])],
    ]);
    expect(cycles(loop)).toEqual([['a', 'b', 'c']]);
  });

  it('follows a feature through the shared modules it imports', () => {
    const features = new Map([
      ['src/worker/api/a/index.ts', new Set(['src/worker/lib/x.ts'])],
      ['src/worker/lib/x.ts', new Set(['src/worker/api/b/queries.ts'])],
      ['src/worker/api/b/queries.ts', new Set(['src/worker/api/a/index.ts'])],
    ]);
    expect(cycles(groupedGraph(features, apiFeature))).toEqual([['a', 'b']]);
  });

  it('has no cycle between files', () => {
    expect(cycles(graph)).toEqual([]);
  });

  it('has no cycle between the features of the API', () => {
    expect(cycles(groupedGraph(graph, apiFeature))).toEqual([]);
  });
});
