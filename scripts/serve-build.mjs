// Serves the production build (`vite build` output) in workerd through `wrangler dev`, with its own local
// state directory, migrated and seeded (or as it is, `prepared`: bench/scale.mjs seeds its own). Used by the
// browser tests and the benchmarks.
import { execFileSync, spawn } from 'node:child_process';
import { existsSync, rmSync } from 'node:fs';
import { setTimeout as sleep } from 'node:timers/promises';

const env = { ...process.env, WRANGLER_SEND_METRICS: 'false', CLOUDFLARE_CF_FETCH_ENABLED: 'false' };

/**
 * The local runtime as production runs it (decision record 031): wrangler, the Vite plugin and Miniflare attach a
 * trace collector to every Worker (`X_LOCAL_OBSERVABILITY`) and serve a local explorer (`X_LOCAL_EXPLORER`) unless
 * told not to; production has neither. The bench, Lighthouse, the browser tests and the Worker tests run without
 * them; the bench measures them on beside off in the same run.
 */
export const PRODUCTION_RUNTIME = { X_LOCAL_OBSERVABILITY: 'false', X_LOCAL_EXPLORER: 'false' };

/**
 * Settings a production Worker may run with (its configuration check refuses none of them, see
 * src/worker/settings/checks.ts), for serving the build locally as production runs it: the bench and Lighthouse.
 * The site URL is a public origin that nothing here fetches; a real deployment sets its own and its secrets.
 */
export const PRODUCTION_VARS = {
  ENVIRONMENT: 'production',
  PUBLIC_SITE_URL: 'https://reisesteine.de',
  OPERATOR_JWT_SECRET: 'served locally: an operator token key of over 32 characters',
  HEALTH_TOKEN: 'served locally: the health token of a monitor, over 32 characters',
  // Production does not open without its imprint (a site in Germany must name who runs it).
  LEGAL_NAME: 'Reisesteine (lokal gebaut)',
  LEGAL_ADDRESS: 'Hauptstraße 1|24103 Kiel',
  LEGAL_EMAIL: 'impressum@reisesteine.de',
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
 * false` serves it without the devtools inspector, as production runs (scripts/serve-worker.mjs); `runtime` sets
 * the local runtime's switches (PRODUCTION_RUNTIME unless given); `prepared: true` serves `stateDir` as it is
 * (already migrated and seeded) instead of starting it afresh.
 * @param {{ port: number, stateDir: string, vars?: Record<string, string>, config?: string, devtools?: boolean, runtime?: Record<string, string>, prepared?: boolean }} options
 * @returns {Promise<{ url: string, output: () => string, stop: () => Promise<void> }>}
 */
export async function serveBuild({
  port,
  stateDir,
  vars = {},
  config = 'dist/reisesteine/wrangler.json',
  devtools = true,
  runtime = PRODUCTION_RUNTIME,
  prepared = false,
}) {
  if (!prepared) {
    rmSync(stateDir, { recursive: true, force: true });
    const quiet = { stdio: ['ignore', 'ignore', 'inherit'], env };
    execFileSync('npx', ['wrangler', 'd1', 'migrations', 'apply', 'DB', '--local', '--persist-to', stateDir], quiet);
    execFileSync('npx', ['tsx', 'scripts/seed.ts', '--persist-to', stateDir], quiet);
  }
  if (!devtools) return serveWorker({ config, port, persist: stateDir, vars, runtime, probe: '/favicon.svg' });
  const varArgs = Object.entries(vars).flatMap(([key, value]) => ['--var', `${key}:${value}`]);
  // The browser tests keep `wrangler dev` as a developer runs it, devtools included.
  const args = ['wrangler', 'dev', '-c', config, '--ip', '127.0.0.1', '--port', String(port), '--persist-to', stateDir];
  args.push('--log-level', 'warn', '--show-interactive-dev-session=false', ...varArgs);
  const child = spawn('npx', args, { stdio: ['ignore', 'pipe', 'pipe'], env: { ...env, ...runtime }, detached: true });
  return started(child, `http://127.0.0.1:${port}`, '/favicon.svg');
}

/**
 * Serves a Worker's config (`wrangler.json`) without the devtools inspector, as production runs
 * (scripts/serve-worker.mjs), and resolves once `probe` answers 200. The bench serves its trivial Worker so too.
 * @param {{ config: string, port: number, persist: string, vars?: Record<string, string>, runtime?: Record<string, string>, probe?: string }} options
 */
export function serveWorker({ config, port, persist, vars = {}, runtime = PRODUCTION_RUNTIME, probe = '/' }) {
  const child = spawn('node', ['scripts/serve-worker.mjs'], {
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...env, ...runtime, SERVE_WORKER: JSON.stringify({ config, port, persist, vars }) },
    detached: true,
  });
  return started(child, `http://127.0.0.1:${port}`, probe);
}

/**
 * Waits until the server `child` started answers `probe` with 200 (at most 60 s).
 * @param {import('node:child_process').ChildProcess & { stdout: import('node:stream').Readable, stderr: import('node:stream').Readable }} child
 * @param {string} url
 * @param {string} probe
 */
async function started(child, url, probe) {
  let output = '';
  child.stdout.on('data', (d) => (output += d));
  child.stderr.on('data', (d) => (output += d));
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the Worker's server exited early:\n${output}`);
    try {
      const res = await fetch(`${url}${probe}`);
      if (res.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      killGroup(child.pid, 'SIGKILL');
      throw new Error(`the Worker's server did not start within 60 s:\n${output}`);
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
