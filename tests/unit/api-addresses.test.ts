// The browser reaches the API through one table of addresses (src/shared/api-routes.ts): an address spelled anywhere
// else is one the type test of that table (tests/worker/api-table.routes.test.ts) cannot hold to the Worker's routes.
// The few spelled elsewhere are named here with the reason, so that no other one can appear.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * Where an address may be written besides the table. Every page's first JavaScript holds these: moving them into the
 * table would put the whole table into it (measured: 174 to 763 bytes gzip more on the stone page, whose budget has
 * 47 bytes of room). Each is still typed by the table's route (`Read<…>`, `Address<…>`).
 */
const SPELLED_BESIDE_THE_TABLE: Record<string, string> = {
  'src/shared/queries.ts': "the reads every page's first JavaScript makes (the server fills them before the first byte)",
  'src/client/features/find-form/find-form.tsx': "the find form's find, in the stone page's first JavaScript",
  'src/client/features/find-form/address-search.tsx': "the find form's address search, in the stone page's first JavaScript",
  'src/client/features/find-form/published-place.tsx': "the find form's published place, loaded with the find form",
};

const TABLE = 'src/shared/api-routes.ts';

function sourceFiles(folder: string): string[] {
  return readdirSync(folder).flatMap((name) => {
    const path = join(folder, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(name) ? [path] : [];
  });
}

/** The code of a file without its comments (a comment may name an address it explains). */
const withoutComments = (text: string) => text.replace(/\/\*[\s\S]*?\*\//g, '').replace(/(^|[^:'"`])\/\/.*$/gm, '$1');

/** The lines of `text` that write an API address in a string or template literal. */
function addressesIn(text: string): string[] {
  return withoutComments(text)
    .split('\n')
    .filter((line) => /['"`]\/api\//.test(line))
    .map((line) => line.trim());
}

const files = [...sourceFiles('src/client'), ...sourceFiles('src/shared')].filter((file) => file !== TABLE);

describe("the browser's API addresses", () => {
  it('are found where they are written', () => {
    expect(addressesIn("const a = api('/api/stones');\n// '/api/blog' in a comment")).toEqual(["const a = api('/api/stones');"]);
    expect(addressesIn(readFileSync(TABLE, 'utf8')).length).toBeGreaterThan(20);
  });

  it('are written only in the table, and beside it only where the first JavaScript needs them', () => {
    const elsewhere = files.flatMap((file) =>
      SPELLED_BESIDE_THE_TABLE[file] ? [] : addressesIn(readFileSync(file, 'utf8')).map((line) => `${file}: ${line}`),
    );
    expect(elsewhere).toEqual([]);
  });

  it('beside the table, each named file still writes one (or it leaves the list)', () => {
    for (const file of Object.keys(SPELLED_BESIDE_THE_TABLE)) expect(addressesIn(readFileSync(file, 'utf8')), file).not.toEqual([]);
  });
});
