// `npm run bench:scale`: flat cost from ten thousand to a million stones. Builds the app once, then for
// two sizes makes a fresh local D1 (migrations as the tests apply them), adds an operator and seeds it straight
// into Miniflare's SQLite file (bench/scale-seed.mjs: realistic shapes, every counter consistent, the same known
// stones at both sizes), serves both databases at once with the production build (scripts/serve-worker.mjs,
// PRODUCTION_VARS, the edge cache off so every read reaches D1), and measures p50/p95 of the routes of
// bench/scale-measure.mjs (one request at a time, small and large in turn), a find, and the cron without and with
// the daily recount (a slice of stones per run, api/statistics/recount.ts; afterwards the cron runs on until the
// recount under way ends, which must find nothing to correct, the finds written between its slices included).
// Prints one table with each route's ratio large/small p50 against its target (1.5× for a route, 2× for the cron),
// and what the database takes on disk: bytes per stone and per find, and how many of them one 10 GB D1 database
// holds at this mix. Not part of the tests: the figures depend on the machine.
//
// Env: SCALE_STONES (the large size, default 1 000 000), SCALE_SMALL_STONES (default 10 000), SCALE_FINDS_PER_STONE
//      (mean, default 5), SCALE_STONES_PER_COLLECTION (one collection per this many stones, default 10, so 100 000
//      at a million), SCALE_REQUESTS (measured requests per route and size, default 40, after SCALE_WARMUP = 5),
//      SCALE_CRON_RUNS (default 5, at most 8), SCALE_ROUTE_SECONDS (a slow route stops after this long per size
//      once it has 5 requests, default 60), SCALE_PORT (default 8801, and the next one), BENCH_REUSE_BUILD=1
//      (serve the build in dist/ as it is), SCALE_KEEP_STATE=1 (keep the databases under .bench/scale/).
// Exit code: 0 when every target is met and every request answered 2xx; 1 when a target is missed, a request
// failed, a cron step failed or the daily recount had anything to correct (the seed's counters were not
// consistent). The report also goes to .bench/scale.json.
import { execFileSync } from 'node:child_process';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import { DatabaseSync } from 'node:sqlite';
import { ensureBuild, PRODUCTION_VARS, serveBuild } from '../scripts/serve-build.mjs';
import { context, measureAll, recountToTheEnd } from './scale-measure.mjs';
import { databaseSize, printResults, printSize } from './scale-report.mjs';
import { seed, sqliteFile } from './scale-seed.mjs';

const env = { ...process.env, WRANGLER_SEND_METRICS: 'false', CLOUDFLARE_CF_FETCH_ENABLED: 'false' };
const OPERATOR = { email: 'scale@example.org', password: 'scale-passwort-lang-genug' };
const ROOT = '.bench/scale';
const REPORT = '.bench/scale.json';

const mix = { findsPerStone: number('SCALE_FINDS_PER_STONE', 5), stonesPerCollection: number('SCALE_STONES_PER_COLLECTION', 10) };
const SIZES = /** @type {const} */ ({
  small: { stones: number('SCALE_SMALL_STONES', 10_000), ...mix },
  large: { stones: number('SCALE_STONES', 1_000_000), ...mix },
});
const options = {
  count: number('SCALE_REQUESTS', 40),
  warmup: number('SCALE_WARMUP', 5),
  cronRuns: Math.min(number('SCALE_CRON_RUNS', 5), 8),
  budgetMs: number('SCALE_ROUTE_SECONDS', 60) * 1000,
  log: (/** @type {string} */ line) => console.info(line),
};
const port = number('SCALE_PORT', 8801);

/** @type {Awaited<ReturnType<typeof serveBuild>>[]} */
const servers = [];
for (const signal of /** @type {const} */ (['SIGINT', 'SIGTERM'])) {
  process.on(signal, async () => {
    await Promise.allSettled(servers.map((s) => s.stop()));
    process.exit(130);
  });
}

let exitCode = 1;
try {
  exitCode = await main();
} catch (error) {
  console.error(error instanceof Error ? (error.stack ?? error.message) : error);
} finally {
  await Promise.allSettled(servers.map((s) => s.stop()));
}
if (process.env.SCALE_KEEP_STATE !== '1') rmSync(ROOT, { recursive: true, force: true });
process.exit(exitCode);

async function main() {
  ensureBuild({ rebuild: !process.env.BENCH_REUSE_BUILD });
  const now = Date.now();
  /** @type {Record<string, { seconds: number, counts: Record<string, number> }>} */
  const seeded = {};
  for (const [name, size] of Object.entries(SIZES)) {
    const stateDir = `${ROOT}/${name}`;
    console.info(`${name}: ${size.stones} stones, ${size.findsPerStone} finds per stone, a collection per ${size.stonesPerCollection}`);
    rmSync(stateDir, { recursive: true, force: true });
    mkdirSync(stateDir, { recursive: true });
    /** @type {import('node:child_process').ExecFileSyncOptions} */
    const quiet = { stdio: ['ignore', 'ignore', 'inherit'], env };
    execFileSync('npx', ['wrangler', 'd1', 'migrations', 'apply', 'DB', '--local', '--persist-to', stateDir], quiet);
    execFileSync('npx', ['tsx', 'scripts/add-operator.ts', OPERATOR.email, '--persist-to', stateDir], {
      ...quiet,
      env: { ...env, OPERATOR_PASSWORD: OPERATOR.password },
    });
    seeded[name] = seed(stateDir, { ...size, now, log: options.log });
    console.info(`  seeded in ${seeded[name].seconds.toFixed(1)} s: ${JSON.stringify(seeded[name].counts)}`);
  }

  const vars = { ...PRODUCTION_VARS, EDGE_CACHE_SECONDS: '0' };
  for (const [i, name] of ['small', 'large'].entries()) {
    servers.push(await serveBuild({ port: port + i, stateDir: `${ROOT}/${name}`, vars, devtools: false, prepared: true }));
  }
  const [small, large] = /** @type {[typeof servers[number], typeof servers[number]]} */ (servers);
  const ctx = { small: await context(small.url, OPERATOR), large: await context(large.url, OPERATOR) };
  const load = os.loadavg().map((n) => n.toFixed(1));
  console.info(`\nmeasuring (${options.count} requests per route and size after ${options.warmup}, load average ${load.join(' / ')})`);
  const { rows, recountAt } = await measureAll(ctx, options);
  /** @type {Record<string, number>} */
  const recountEnd = {};
  for (const [name, server] of Object.entries({ small, large })) {
    const file = new DatabaseSync(sqliteFile(`${ROOT}/${name}`));
    const underWay = () => file.prepare('SELECT recount_after FROM site_totals WHERE id = 1').get()?.recount_after != null;
    try {
      const end = await recountToTheEnd(server.url, recountAt, underWay);
      recountEnd[name] = end.runs ? end.at : recountAt;
      console.info(`${name}: the recount under way ended after ${end.runs} more cron runs`);
    } finally {
      file.close();
    }
  }
  const problems = [];
  for (const [name, server] of Object.entries({ small, large })) {
    const output = server.output();
    if (output.includes('cron step failed')) problems.push(`${name}: a cron step failed`);
    if (output.includes('site totals drifted')) problems.push(`${name}: the daily recount corrected the seeded totals`);
  }
  await Promise.allSettled(servers.splice(0).map((s) => s.stop()));

  console.info('\nlatency per route, one request at a time, edge cache off');
  const results = printResults(rows);
  const sizes = { small: databaseSize(`${ROOT}/small`), large: databaseSize(`${ROOT}/large`) };
  for (const [name, size] of Object.entries(sizes)) {
    if (Number(size.totals?.verified_at) !== recountEnd[name]) problems.push(`${name}: the recount did not end in the cron run it should`);
  }
  console.info('');
  printSize('small', sizes.small, seeded.small?.seconds ?? 0);
  printSize('large', sizes.large, seeded.large?.seconds ?? 0);
  for (const problem of problems) console.error(problem);
  const ok = results.ok && problems.length === 0;
  const machine = { cores: os.availableParallelism(), loadAverage: os.loadavg(), node: process.version };
  writeFileSync(
    REPORT,
    `${JSON.stringify({ at: new Date(now).toISOString(), machine, options, SIZES, seeded, sizes, rows: results.rows, problems, ok }, null, 2)}\n`,
  );
  console.info(`\nreport: ${REPORT}; ${ok ? 'every target met' : 'targets missed or requests failed (exit 1)'}`);
  return ok ? 0 : 1;
}

/** A positive number from the environment, or the default. @param {string} name @param {number} fallback */
function number(name, fallback) {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isFinite(value) || value <= 0) {
    console.error(`${name} must be a positive number, got ${JSON.stringify(raw)}`);
    process.exit(2);
  }
  return value;
}
