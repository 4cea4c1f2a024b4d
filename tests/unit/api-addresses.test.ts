// The browser reaches the API through one table of addresses (src/shared/api-table.ts says what each answers, its
// builders write them, encoding every parameter): an address spelled anywhere else is one the type test of that table
// (tests/worker/api-table.routes.test.ts) cannot hold to the Worker's routes, so none may be.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * The modules that build the table's addresses, each for where its callers load: the later screens' (one file the
 * stone page's first JavaScript does not load), the reads of every page's first JavaScript (the server fills them
 * before the first byte), and the find form's calls (in the stone page's first JavaScript with the form). One
 * module for all would put every builder into that first JavaScript (measured: 174 to 763 bytes gzip more on the
 * stone page, whose budget has 40 bytes of room), and the reads and the form's calls apart in one module of their own
 * became a file of its own there (74 bytes more).
 */
const BUILDERS = ['src/shared/api-routes.ts', 'src/shared/queries.ts', 'src/shared/api-routes-find-form.ts'];
/** The table itself: route names and their answers, a type the builders and the reads are typed by. */
const TABLE = 'src/shared/api-table.ts';

function sourceFiles(folder: string): string[] {
  return readdirSync(folder).flatMap((name) => {
    const path = join(folder, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(name) ? [path] : [];
  });
}

/** The code of a file without its comments (a comment may name an address it explains). */
const withoutComments = (text: string) => text.replace(/\/\*[\s\S]*?\*\//g, '').replace(/(^|[^:'"`])\/\/.*$/gm, '$1');

/**
 * The lines of `text` that write an API address in a string or template literal; a route's name as a type's
 * argument (`Read<'/api/stones/:code'>`) is a type, not an address.
 */
function addressesIn(text: string): string[] {
  return withoutComments(text)
    .split('\n')
    .filter((line) => /(?<!<)['"`]\/api\//.test(line))
    .map((line) => line.trim());
}

const files = [...sourceFiles('src/client'), ...sourceFiles('src/shared')].filter((file) => file !== TABLE && !BUILDERS.includes(file));

describe("the browser's API addresses", () => {
  it('are found where they are written', () => {
    expect(addressesIn("const a = api('/api/stones');\n// '/api/blog' in a comment\ntype R = Read<'/api/blog'>;")).toEqual([
      "const a = api('/api/stones');",
    ]);
    for (const builders of BUILDERS) expect(addressesIn(readFileSync(builders, 'utf8')), builders).not.toEqual([]);
  });

  it("are written only by the table's builders", () => {
    const elsewhere = files.flatMap((file) => addressesIn(readFileSync(file, 'utf8')).map((line) => `${file}: ${line}`));
    expect(elsewhere).toEqual([]);
  });
});
