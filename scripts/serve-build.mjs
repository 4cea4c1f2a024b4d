// Serves the production build (`vite build` output) in workerd through `wrangler dev`, with its own local
// state directory, migrated and seeded (or as it is, `prepared`: bench/scale.mjs seeds its own). Used by the
// browser tests and the benchmarks.
import { execFileSync, spawn } from 'node:child_process';
import { existsSync, rmSync } from 'node:fs';
import { setTimeout as sleep } from 'node:timers/promises';

const env = { ...process.env, WRANGLER_SEND_METRICS: 'false', CLOUDFLARE_CF_FETCH_ENABLED: 'false' };

/**
 * Settings a production Worker may run with (its configuration check refuses none of them, see
 * src/worker/lib/settings.ts), for serving the build locally as production runs it: the bench and Lighthouse.
 * The site URL is a public origin that nothing here fetches; a real deployment sets its own and its secrets.
 */
export const PRODUCTION_VARS = {
  ENVIRONMENT: 'production',
  PUBLIC_SITE_URL: 'https://reisesteine.de',
  OPERATOR_JWT_SECRET: 'served locally: an operator token key of over 32 characters',
};

/** Runs `vite build` unless a build is already there (pass { rebuild: true } to force). */
export function ensureBuild({ rebuild = false } = {}) {
  if (!rebuild && existsSync('dist/reisesteine/index.js') && existsSync('dist/client/.vite/manifest.json')) return;
  execFileSync('npx', ['vite', 'build', '--logLevel', 'warn'], { stdio: 'inherit', env });
}

/**
 * Starts the built Worker on 127.0.0.1:`port` with fresh state in `stateDir`.
 * `vars` override wrangler.toml vars (e.g. an offline map style for the browser tests); `config` is the build's
 * deploy config (another environment's build: `.deploy/<environment>/reisesteine/wrangler.json`); `devtools:
 * false` serves it without the devtools inspector, as production runs (scripts/serve-worker.mjs); `prepared: true`
 * serves `stateDir` as it is (already migrated and seeded) instead of starting it afresh.
 * @returns {Promise<{ url: string, stop: () => Promise<void> }>}
 */
export async function serveBuild({
  port,
  stateDir,
  vars = {},
  config = 'dist/reisesteine/wrangler.json',
  devtools = true,
  prepared = false,
}) {
  if (!prepared) {
    rmSync(stateDir, { recursive: true, force: true });
    const quiet = { stdio: ['ignore', 'ignore', 'inherit'], env };
    execFileSync('npx', ['wrangler', 'd1', 'migrations', 'apply', 'DB', '--local', '--persist-to', stateDir], quiet);
    execFileSync('npx', ['tsx', 'scripts/seed.ts', '--persist-to', stateDir], quiet);
  }
  const varArgs = Object.entries(vars).flatMap(([key, value]) => ['--var', `${key}:${value}`]);
  // Without devtools (the bench, Lighthouse) the Worker runs as in production, with no inspector attached
  // (scripts/serve-worker.mjs); the browser tests keep `wrangler dev` as a developer runs it.
  const child = devtools
    ? spawn(
        'npx',
        [
          'wrangler',
          'dev',
          '-c',
          config,
          '--ip',
          '127.0.0.1',
          '--port',
          String(port),
          '--persist-to',
          stateDir,
          '--log-level',
          'warn',
          '--show-interactive-dev-session=false',
          ...varArgs,
        ],
        { stdio: ['ignore', 'pipe', 'pipe'], env, detached: true },
      )
    : spawn('node', ['scripts/serve-worker.mjs'], {
        stdio: ['ignore', 'pipe', 'pipe'],
        env: { ...env, SERVE_WORKER: JSON.stringify({ config, port, persist: stateDir, vars }) },
        detached: true,
      });
  let output = '';
  child.stdout.on('data', (d) => (output += d));
  child.stderr.on('data', (d) => (output += d));
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`wrangler dev exited early:\n${output}`);
    try {
      const res = await fetch(`${url}/favicon.svg`);
      if (res.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      killGroup(child.pid, 'SIGKILL');
      throw new Error(`wrangler dev did not start within 60 s:\n${output}`);
    }
    await sleep(250);
  }
  return {
    url,
    output: () => output,
    stop: async () => {
      if (child.exitCode !== null) return;
      const exited = new Promise((resolve) => child.once('exit', resolve));
      killGroup(child.pid, 'SIGTERM');
      await Promise.race([exited, sleep(5000)]);
      if (child.exitCode === null) killGroup(child.pid, 'SIGKILL');
    },
  };
}

/** Signals the process group of `wrangler dev` (it and its workerd children); a group already gone is fine. */
function killGroup(pid, signal) {
  try {
    process.kill(-pid, signal);
  } catch (error) {
    if (/** @type {NodeJS.ErrnoException} */ (error).code !== 'ESRCH') throw error;
  }
}
