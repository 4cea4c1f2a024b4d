import { execFileSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import type { Plugin } from 'vite';

const VIRTUAL_ID = 'virtual:build-info';
const RESOLVED_ID = `\0${VIRTUAL_ID}`;

function git(...args: string[]): string | null {
  try {
    return execFileSync('git', args, { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim();
  } catch {
    return null;
  }
}

/**
 * The commit a build is made from: `BUILD_COMMIT` when the deploy passes it (CI knows its commit), else git's
 * HEAD, with `-dirty` when the working tree has changes (such a build is not any commit). `unknown` without git.
 */
export function buildCommit(): string {
  const fromEnv = process.env.BUILD_COMMIT?.trim();
  if (fromEnv) return fromEnv;
  const head = git('rev-parse', 'HEAD');
  if (!head) return 'unknown';
  return git('status', '--porcelain', '--untracked-files=no') ? `${head}-dirty` : head;
}

/** The newest migration file: the schema this build's queries are written for. */
export function latestMigration(dir = 'migrations'): string | null {
  return (
    readdirSync(dir)
      .filter((name) => name.endsWith('.sql'))
      .sort()
      .at(-1) ?? null
  );
}

/** `virtual:build-info`: the build's commit and the newest migration, for `/healthz` (src/worker/health.ts). */
export function buildInfo(): Plugin {
  return {
    name: 'reisesteine:build-info',
    resolveId(id) {
      return id === VIRTUAL_ID ? RESOLVED_ID : undefined;
    },
    load(id) {
      if (id !== RESOLVED_ID) return undefined;
      return `export default ${JSON.stringify({ commit: buildCommit(), migration: latestMigration() })};`;
    },
  };
}
