// The runbook is followed by people who have never deployed a Worker: every wrangler command and npm script it
// (and the README, and the backup notes) names must exist, with the flags it gives, and the Stripe API version it
// tells the operator to choose must be the one the SDK pins.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { wranglerCommandProblem } from '../support/wrangler-help';

const DOCS = ['docs/deploy.md', 'docs/backup-and-restore.md', 'README.md'];
const text = DOCS.map((file) => readFileSync(file, 'utf8')).join('\n');
const pkg = JSON.parse(readFileSync('package.json', 'utf8')) as {
  scripts: Record<string, string>;
  dependencies: Record<string, string>;
  devDependencies: Record<string, string>;
};

/** `npx wrangler …` up to the end of its code span, line or comment, with placeholders and quoted text cut off. */
const wranglerCommands = [
  ...new Set(
    [...text.matchAll(/npx wrangler ([^`\n#|]+)/g)].map((match) =>
      (match[1] ?? '')
        .replace(/"[^"]*"|'[^']*'/g, '')
        .split(/\s+/)
        .filter((word) => word && !/^[<…(]/.test(word) && !/[<>…]/.test(word))
        .join(' ')
        .trim(),
    ),
  ),
].filter(Boolean);

describe('the operator docs', () => {
  it('name wrangler commands', () => {
    expect(wranglerCommands.length).toBeGreaterThan(15);
  });

  it.each(wranglerCommands)(
    'npx wrangler %s exists with these flags',
    (command) => {
      expect(wranglerCommandProblem(command)).toBeNull();
    },
    30_000,
  );

  it('name only npm scripts that exist', () => {
    const scripts = [...new Set([...text.matchAll(/npm run ([a-z][a-z0-9:-]*)/g)].map((match) => match[1] ?? ''))];
    expect(scripts.length).toBeGreaterThan(5);
    for (const script of scripts) expect(pkg.scripts[script], `npm run ${script}`).toBeDefined();
  });

  it("tell the Stripe API version the SDK pins, for the webhook's events", () => {
    const ApiVersion = readFileSync('node_modules/stripe/esm/apiVersion.js', 'utf8').match(/ApiVersion = '([^']+)'/)?.[1];
    expect(ApiVersion).toMatch(/^\d{4}-\d{2}-\d{2}\./);
    expect(readFileSync('docs/deploy.md', 'utf8')).toContain(`API version: **${ApiVersion}**`);
    expect(readFileSync('docs/deploy.md', 'utf8')).toContain(`\`stripe\` ${pkg.dependencies.stripe}`);
  });

  it('name the toolchain versions the project pins and tests with', () => {
    const readme = readFileSync('README.md', 'utf8').replace(/\s+/g, ' ');
    const node = /^REISESTEINE_NODE_VERSION="([\d.]+)"$/m.exec(readFileSync('scripts/use-node.sh', 'utf8'))?.[1];
    const date = /^compatibility_date = "([\d-]+)"$/m.exec(readFileSync('wrangler.toml', 'utf8'))?.[1];
    expect(readme).toContain(`Node ${node},`);
    for (const name of ['wrangler', '@cloudflare/vite-plugin', '@cloudflare/vitest-plugin'])
      expect(readme).toContain(`${name} ${pkg.devDependencies[name]}`);
    expect(readme).toContain(`Vitest ${pkg.devDependencies.vitest}`);
    expect(readme).toContain(`compatibility date ${date}`);
  });
});
