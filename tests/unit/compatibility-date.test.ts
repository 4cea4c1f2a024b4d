// The compatibility date is the newest that every workerd in the toolchain accepts (decision record 022): a newer
// one would make the runtime that `npm run dev` or the tests start fall back to its own newest date, with a warning,
// and dev would no longer run what production runs.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { parse } from 'smol-toml';
import { describe, expect, it } from 'vitest';

const root = join(import.meta.dirname, '../..');
const config = parse(readFileSync(join(root, 'wrangler.toml'), 'utf8')) as { compatibility_date: string };

/** Every installed `workerd` package: the one at the top and those nested under the Cloudflare packages. */
function workerdPackages(folder = join(root, 'node_modules'), depth = 0): string[] {
  if (depth > 4 || !existsSync(folder)) return [];
  const found: string[] = [];
  for (const entry of readdirSync(folder, { withFileTypes: true })) {
    if (!entry.isDirectory() || entry.name.startsWith('.')) continue;
    const path = join(folder, entry.name);
    if (entry.name === 'workerd' && existsSync(join(path, 'lib', 'main.js'))) found.push(path);
    else if (entry.name.startsWith('@')) found.push(...workerdPackages(path, depth));
    else if (existsSync(join(path, 'node_modules'))) found.push(...workerdPackages(join(path, 'node_modules'), depth + 1));
  }
  return found;
}

/** The newest compatibility date the workerd package at `path` accepts (the `compatibilityDate` it exports). */
async function newestDate(path: string): Promise<string> {
  const module = (await import(pathToFileURL(join(path, 'lib', 'main.js')).href)) as { compatibilityDate: string };
  return module.compatibilityDate;
}

describe('the compatibility date', () => {
  const packages = workerdPackages();

  it('is accepted by every workerd the toolchain runs (dev, tests, build, deploy)', async () => {
    expect(packages.length).toBeGreaterThan(0);
    for (const path of packages) {
      const newest = await newestDate(path);
      expect(newest, path).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      expect(config.compatibility_date <= newest, `${path} supports dates up to ${newest}`).toBe(true);
    }
  });

  it('is the newest date they all accept, so an upgrade that allows a newer one is noticed', async () => {
    const dates = await Promise.all(packages.map(newestDate));
    expect(config.compatibility_date).toBe(dates.sort()[0]);
  });
});
