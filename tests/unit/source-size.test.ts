import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

/** The most lines a source file may have (docs/architecture.md): past it, a file is split where its parts have names. */
const MAX_LINES = 250;

const root = join(import.meta.dirname, '../..');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return /\.(?:ts|tsx)$/.test(entry.name) ? [path] : [];
  });
}

describe('the source files', () => {
  const files = sourceFiles(join(root, 'src'));

  it('are found', () => {
    expect(files.length).toBeGreaterThan(150);
  });

  it(`have at most ${MAX_LINES} lines each`, () => {
    const tooLong = files
      .map((file) => ({ file: relative(root, file), lines: readFileSync(file, 'utf8').trimEnd().split('\n').length }))
      .filter(({ lines }) => lines > MAX_LINES)
      .map(({ file, lines }) => `${file}: ${lines}`);
    expect(tooLong).toEqual([]);
  });
});
