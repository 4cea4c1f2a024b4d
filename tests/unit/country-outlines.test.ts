/** The countries' outlines the Worker reads (src/worker/geo/country-outlines.bin) are what the script writes now. */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, it } from 'vitest';

it('are current: scripts/country-outlines.mjs writes the same bytes from the installed world-atlas', () => {
  const out = join(mkdtempSync(join(tmpdir(), 'outlines-')), 'country-outlines.bin');
  execFileSync(process.execPath, ['scripts/country-outlines.mjs'], { env: { ...process.env, COUNTRY_OUTLINES_OUT: out } });
  const written = readFileSync(out);
  expect(written.length).toBeGreaterThan(10_000);
  expect(written.equals(readFileSync('src/worker/geo/country-outlines.bin'))).toBe(true);
});
