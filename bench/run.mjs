// `npm run bench`: builds the app, serves the production build in workerd (as `wrangler dev` does but without its
// devtools inspector, scripts/serve-worker.mjs; production settings; seeded local D1), and measures
// throughput/latency of a static file, the JSON API and the SSR stone page, the initial JavaScript of `/` and
// the stone page, and workerd memory. Not part of the tests: the figures depend on the machine, and the load
// generator shares the CPU with workerd.
//
// Env: BENCH_SECONDS (measured seconds per target and round, default 5; finds: BENCH_FIND_SECONDS, default 60, the
//      share cards' debounce), BENCH_ROUNDS (default 3),
//      BENCH_CONCURRENCY (connections, default 16), BENCH_WARMUP_SECONDS (default 2), BENCH_PORT (preferred
//      port, default 8795).
// The targets take turns in rounds (static, API, SSR, static, …): a slow spell of the machine then hits all of
// them alike, and each figure is the median over the rounds (ratios per round, then their median).
// Exit code: 0 when every request succeeded; 1 on any error (failed request, wrong page, server problem) or
// when another process rebuilt dist/ during the run (wrangler dev then reloads, and the figures mix builds).
// Also exit 1 when the initial JavaScript of a page exceeds its budget in German or English (JS_BUDGETS: `/` ≤ 70
// KiB gz, the stone page ≤ 86 KiB gz), so growth is seen in the run that causes it. A page that hydrates after load (decision record
// 019) has its JavaScript printed apart, as "after load": it is not initial, and not hidden either; a page that
// loads it after its first paint (the stone page) counts it as initial.
// The throughput targets (ratios to the static file in the same run: the stone JSON ≥ 0.6, the SSR stone page
// ≥ 0.4, both served by the edge cache, and a find ≥ 0.15) fail the run when missed (see readWriteTargets).
// Finds: each request logs a find on one of BENCH_WRITE_STONES stones added for the bench (round robin, so no two
// concurrent requests write the same stone) from a client address of its own, as many finders at once would:
// the abuse limits count per client, so the load stays under them and measures the write, not 429s. The owner
// mails of these stones are off. The D1 rows a find reads come from tests/worker/find-write.cost.test.ts.
// The Worker's upload (≤ 900 KiB gzip) and startup CPU time (≤ 60 ms), measured as the deploy's dry run measures
// them (scripts/deploy/budgets.ts), fail the run when over budget. A share card's render time in workerd (40 finds
// and a photo, bench/share-card-render.mjs) is a line of the report: a figure of the machine, with no target.
// Then Lighthouse (bench/lighthouse.mjs) scores the pages of the same build and fails the run on a missed score;
// BENCH_LIGHTHOUSE=0 leaves it out.
import { execFileSync, spawnSync } from 'node:child_process';
import { readFileSync, statSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import { gzipSync } from 'node:zlib';
import { ensureBuild, PRODUCTION_VARS, serveBuild } from '../scripts/serve-build.mjs';
import { clientName } from './load.mjs';
import { measureRound, medianRounds, ratio, settleCards } from './rounds.mjs';
import { RUNTIME_SETTINGS, serveTrivialWorker } from './runtimes.mjs';
import { lettersFigures, shareCardRender } from './share-card-render.mjs';

const STATE_DIR = '.bench/state';
const MANIFEST = 'dist/client/.vite/manifest.json';
const STONE = 'A1B-2C3-D4E';

import { LOCALES as LANGUAGES } from '../src/shared/i18n/locale.ts';

const STONE_TITLE = 'Omas Gartenstein';

const seconds = positiveNumber('BENCH_SECONDS', 5);
const rounds = Math.round(positiveNumber('BENCH_ROUNDS', 3));
const concurrency = Math.round(positiveNumber('BENCH_CONCURRENCY', 16));
const warmupSeconds = positiveNumber('BENCH_WARMUP_SECONDS', 2, { allowZero: true });
const preferredPort = Math.round(positiveNumber('BENCH_PORT', 8795));

const PROXY = 'workerd (wrangler proxy)';
const RUNTIME = 'workerd (Worker runtime)';

/** Initial JavaScript (gzip -9) per page: a run that exceeds one fails. */
const JS_BUDGETS = [
  { page: '/', gz: 70 * 1024 },
  { page: `/${STONE}`, gz: 86 * 1024 },
];

// No Accept-Encoding: workerd would otherwise gzip every HTML/JSON/SVG response in the Worker process, which
// in production happens at Cloudflare's edge, not in the Worker. Identity keeps the figures about the app.
const LOAD_HEADERS = { 'accept-encoding': 'identity' };

const WRITE_STONES = Math.round(positiveNumber('BENCH_WRITE_STONES', 64));

/**
 * A round of finds lasts one SHARE_CARD_DEBOUNCE_SECONDS — production's 60 s (src/worker/settings/checks.ts
 * DEFAULT_SHARE_CARD_DEBOUNCE_SECONDS) unless BENCH_FIND_SECONDS says otherwise — with the Worker's debounce set to
 * it: a steady minute of finds on the write stones asks for the cards production renders for such a minute (one
 * per stone, a second where a find came in after its render began), and the find's figure counts their CPU
 * (bench/rounds.mjs). BENCH_FIND_SECONDS=5 measures a five-second burst instead, with a card per stone every five
 * seconds (decision record 031).
 */
const findSeconds = Math.max(1, Math.round(positiveNumber('BENCH_FIND_SECONDS', 60)));
const BENCH_VARS = { ...PRODUCTION_VARS, SHARE_CARD_DEBOUNCE_SECONDS: String(findSeconds) };
const FIND_PATH = '/api/stones/{code}/finds';

/** Throughput targets as ratios to the static file in the same round (decision record 014). */
const THROUGHPUT_TARGETS = [
  { name: 'GET /api/stones/{code} (edge cache)', path: `/api/stones/${STONE}`, target: 0.6 },
  { name: 'SSR /{code} (edge cache)', path: `/${STONE}`, target: 0.4 },
  { name: 'find POST /api/stones/{code}/finds', path: FIND_PATH, target: 0.15 },
];

/** Load targets in table order; the first one is the baseline for the ratio column. */
const TARGETS = [
  { name: 'static /favicon.svg', path: '/favicon.svg' },
  // The second baseline: the runtime's own cost per request, without the app (bench/runtimes.mjs).
  { name: "trivial Worker (new Response('ok'))", path: '/', server: /** @type {const} */ ('trivial') },
  { name: `api /api/stones/${STONE}`, path: `/api/stones/${STONE}` },
  { name: `ssr /${STONE}`, path: `/${STONE}` },
  ...writeTargets(),
];

/** Every server this run started (the app and the trivial Worker per runtime setting), to stop at the end. */
/** @type {Awaited<ReturnType<typeof serveBuild>>[]} */
const servers = [];
/** Whether this run built dist/: Lighthouse must not score an older build left there. */
let built = false;
let stopping = false;

// The wrangler process group is detached (so it can be killed as a group); without this, Ctrl-C would
// leave workerd running on the port.
for (const signal of /** @type {const} */ (['SIGINT', 'SIGTERM'])) {
  process.on(signal, async () => {
    if (stopping) return;
    stopping = true;
    console.error(`\n${signal}: stopping the servers`);
    await Promise.all(servers.map((server) => server.stop().catch(() => {})));
    process.exit(130);
  });
}

let exitCode = 1;
try {
  exitCode = await main();
} catch (error) {
  console.error(error instanceof Error ? (error.stack ?? error.message) : error);
} finally {
  if (!stopping) {
    stopping = true;
    for (const server of servers) {
      try {
        await server.stop();
      } catch (error) {
        console.error('stopping a server failed:', error);
        exitCode = 1;
      }
    }
  }
}
exitCode = runLighthouse(exitCode);
// Explicit exit: a lingering keep-alive socket or timer must not keep a finished benchmark alive.
process.exit(exitCode);

/**
 * @param {number} exitCode the load bench's
 * @returns {number} the whole run's
 */
function runLighthouse(exitCode) {
  if (process.env.BENCH_LIGHTHOUSE === '0') return exitCode;
  if (!built) {
    console.log('\nLighthouse left out: this run built nothing to score');
    return 1;
  }
  console.log('\nLighthouse (npm run bench:lighthouse) on the same build…');
  const result = spawnSync(process.execPath, ['bench/lighthouse.mjs'], {
    stdio: 'inherit',
    env: { ...process.env, BENCH_REUSE_BUILD: '1' },
  });
  return result.status === 0 ? exitCode : 1;
}

/** @returns {Promise<number>} the exit code */
async function main() {
  let t = Date.now();
  console.log('building (vite build)…');
  ensureBuild({ rebuild: true });
  built = true;
  const buildStamp = distStamp();
  console.log(`built in ${((Date.now() - t) / 1000).toFixed(1)} s`);

  // Before the server starts: the D1 cost test and the share card render run in their own workerd, which must not
  // share the machine with the load.
  const findCost = findWriteCost();
  const cardRender = shareCardRender();
  const letters = lettersFigures();
  const workerBudgets = measureWorkerBudgets();
  // Each runtime setting serves the same build: the app with state of its own, and the trivial Worker.
  /** @type {import('./rounds.mjs').Served[]} */
  const served = [];
  for (const setting of RUNTIME_SETTINGS) {
    t = Date.now();
    const stateDir = `${STATE_DIR}-${setting.key}`;
    const port = await freePort(preferredPort + 2 * served.length);
    const app = await serveBuild({ port, stateDir, vars: BENCH_VARS, devtools: false, runtime: setting.env });
    servers.push(app);
    const trivial = await serveTrivialWorker({
      port: await freePort(preferredPort + 2 * served.length + 1),
      dir: `.bench/trivial-${setting.key}`,
      runtime: setting.env,
    });
    servers.push(trivial);
    console.log(
      `${setting.label}: the build on ${app.url} (state ${stateDir}), the trivial Worker on ${trivial.url}; ready in ${((Date.now() - t) / 1000).toFixed(1)} s`,
    );
    addWriteStones(stateDir);
    await checkResponses(app.url);
    await checkCacheAndWrites(app.url);
    served.push({ setting, app, trivial, stateDir, port });
  }
  // The figures, budgets and targets are the first setting's: the runtime as production runs it.
  const { url } = served[0].app;
  const { port } = served[0];

  // Each page in every language (the texts differ in size); the largest counts against the budget.
  const initialJs = [];
  for (const page of ['/', `/${STONE}`]) {
    const measured = [];
    for (const language of LANGUAGES) measured.push(await measureInitialJs(url, page, language));
    initialJs.push(measured.reduce((largest, next) => (next.gz > largest.gz ? next : largest)));
  }
  const mapChunk = measureMapChunk();

  const rssBefore = workerdMemory(port);

  // The load generator, wrangler and workerd share this machine's cores; anything else running (a browser
  // test, a build) skews the figures, so the load average goes into the report.
  const loadAvg = os.loadavg().map((n) => Number(n.toFixed(2)));
  console.log(
    `\nload: ${concurrency} connections, ${warmupSeconds} s warm-up, then ${rounds} rounds of ${seconds} s per target and setting (finds: ${findSeconds} s, the share cards' debounce), client ${clientName}, node ${process.version}`,
  );
  console.log(`machine: ${os.availableParallelism()} cores, load average ${loadAvg.join(' / ')} (1/5/15 min) before the load`);
  let warmupErrors = 0;
  for (const s of served) {
    for (const target of TARGETS) {
      if (warmupSeconds === 0) break;
      // Warm-up per target: JIT in workerd, D1/SQLite page cache, asset lookup, keep-alive connections.
      const warm = await measureRound(s, target, loadOptions, warmupSeconds * 1000);
      warmupErrors += warm.errors;
      if (warm.errors > 0)
        console.log(`  warm-up ${s.setting.key} ${target.name}: ${warm.errors} errors (${warm.errorSamples.join('; ')})`);
    }
  }
  await settleCards(served);
  /** @type {import('./rounds.mjs').RoundResult[][][]} runs[setting][target][round] */
  const runs = served.map(() => TARGETS.map(() => []));
  for (let r = 0; r < rounds; r++) {
    for (const [k, s] of served.entries()) {
      for (const [i, target] of TARGETS.entries()) {
        const result = await measureRound(s, target, loadOptions, (target.request ? findSeconds : seconds) * 1000);
        const cards =
          result.rendered === undefined
            ? ''
            : `; ${result.rendered} cards read after it in ${(/** @type {number} */ (result.settleMs) / 1000).toFixed(1)} s`;
        console.log(
          `  round ${r + 1} ${s.setting.key} ${target.name}: ${result.ok} ok, ${result.errors} errors in ${(result.elapsedMs / 1000).toFixed(2)} s${cards}`,
        );
        if (result.errors > 0) console.log(`    errors: ${result.errorSamples.join('; ')}`);
        runs[k]?.[i]?.push(result);
      }
    }
  }
  const perSetting = served.map((s, k) => ({ ...s, results: medianRounds(TARGETS, runs[k] ?? []) }));
  const results = perSetting[0]?.results ?? [];
  /** Median over the rounds of (target rps / static rps), on the runtime as production runs it. @param {number} i */
  const ratioOf = (i) => ratio(runs[0] ?? [], i, 0);

  const rssAfter = workerdMemory(port);
  const interference = [];
  // dist/ is shared with the browser tests and the dev tools. wrangler dev watches it and restarts the
  // Worker runtime when another `vite build` rewrites it, so the run would mix two builds and a restart.
  if (distStamp() !== buildStamp) interference.push('dist/ was rebuilt by another process during the run');
  const runtimeBefore = rssBefore.find((p) => p.role === RUNTIME);
  const runtimeAfter = rssAfter.find((p) => p.role === RUNTIME);
  if (runtimeBefore && runtimeAfter && runtimeBefore.pid !== runtimeAfter.pid) {
    interference.push(`the Worker runtime restarted during the run (workerd pid ${runtimeBefore.pid} → ${runtimeAfter.pid})`);
  }

  // ---- report ----
  for (const [k, s] of perSetting.entries()) {
    console.log(`\nthroughput and latency, ${s.setting.label} (median of ${rounds} rounds; each round's rps under "rounds")`);
    printTable(
      ['target', 'rps', 'rounds', 'p50 ms', 'p95 ms', 'p99 ms', 'errors', 'vs static', 'vs trivial', 'client cpu'],
      s.results.map((r, i) => [
        r.name,
        r.rps.toFixed(0),
        r.roundRps.map((n) => n.toFixed(0)).join(' / '),
        ms(r.latencyMs.p50),
        ms(r.latencyMs.p95),
        ms(r.latencyMs.p99),
        String(r.errors),
        ratio(runs[k] ?? [], i, 0).toFixed(2),
        ratio(runs[k] ?? [], i, 1).toFixed(2),
        pct(r.clientCpu),
      ]),
    );
    for (const r of s.results.filter((result) => result.findRps !== undefined)) {
      const perFind = (/** @type {number | undefined} */ cpu) => (cpu === undefined || r.ok === 0 ? '-' : `${(cpu / r.ok).toFixed(2)} ms`);
      console.log(
        `  ${r.name}: ${r.findRps?.toFixed(0)} finds/s alone; workerd CPU per find ${perFind(r.findCpuMs)} for the find and ${perFind(r.renderCpuMs)} for its share of the ${r.rendered} cards rendered after the round; "rps" counts both`,
      );
    }
  }
  console.log('\nthe runtime switches side by side (ratio to the static file of the same runtime; rps on/off)');
  printTable(
    [
      'target',
      ...perSetting.map((s) => `vs static, ${s.setting.key}`),
      ...perSetting.map((s) => `vs trivial, ${s.setting.key}`),
      'rps on/off',
    ],
    TARGETS.map((target, i) => [
      target.name,
      ...perSetting.map((_, k) => ratio(runs[k] ?? [], i, 0).toFixed(2)),
      ...perSetting.map((_, k) => ratio(runs[k] ?? [], i, 1).toFixed(2)),
      ((perSetting[1]?.results[i]?.rps ?? Number.NaN) / (perSetting[0]?.results[i]?.rps ?? Number.NaN)).toFixed(2),
    ]),
  );
  console.log(
    `client cpu: CPU used by this load generator (100 % = one core), taken from the same ${os.availableParallelism()} cores as workerd`,
  );
  const ssrRatio = ratioOf(TARGETS.findIndex((t) => t.path === `/${STONE}`));
  const throughputTargets = readWriteTargets(ratioOf, findCost);

  console.log(
    '\ninitial JavaScript (module scripts + modulepreloads, or what the page loads after its first paint; gzip -9), in the language where it is largest',
  );
  console.log('after load: what a page that hydrates after load (decision record 019) fetches once loaded and idle, or on a first tap');
  printTable(
    ['page', 'files', 'raw', 'gzip', 'after load'],
    initialJs.map((p) => [
      `${p.page} (${p.language})`,
      String(p.files.length),
      kib(p.raw),
      kib(p.gz),
      p.afterLoad.files.length > 0 ? `${kib(p.afterLoad.gz)} (${p.afterLoad.files.length} files)` : '-',
    ]),
  );
  for (const p of initialJs) {
    console.log(`  ${p.page}: ${p.files.map((f) => `${f.path} ${kib(f.raw)} / ${kib(f.gz)} gz`).join(', ') || 'none'}`);
    if (p.afterLoad.files.length > 0) {
      console.log(`  ${p.page} after load: ${p.afterLoad.files.map((f) => `${f.path} ${kib(f.raw)} / ${kib(f.gz)} gz`).join(', ')}`);
    }
    for (const warning of p.warnings) console.log(`  warning (${p.page}): ${warning}`);
  }
  const overBudget = checkJsBudgets(initialJs);
  if (mapChunk) {
    console.log(
      `lazy map chunk (not initial JS, loaded by the stone page on demand): ${mapChunk.file} ${kib(mapChunk.raw)} / ${kib(mapChunk.gz)} gz` +
        mapChunk.extras.map((e) => `; ${e.file} ${kib(e.raw)} / ${kib(e.gz)} gz`).join(''),
    );
    const leaked = initialJs.filter((p) => p.files.some((f) => f.path.endsWith(mapChunk.file)));
    if (leaked.length > 0) console.log(`  warning: the map chunk is part of the initial JS of ${leaked.map((p) => p.page).join(', ')}`);
  } else {
    console.log(`lazy map chunk: no manifest entry containing 'map-engine' in ${MANIFEST}`);
  }

  console.log('\nthe Worker as deployed (wrangler deploy --dry-run, wrangler check startup; scripts/deploy/budgets.ts)');
  printTable(
    ['measure', 'value', 'budget'],
    [
      ['upload (gzip)', kib(workerBudgets.upload.gzipKiB * 1024), kib(workerBudgets.budgets.uploadGzipKiB * 1024)],
      ['upload (all)', kib(workerBudgets.upload.totalKiB * 1024), '-'],
      [
        `startup CPU (least of ${workerBudgets.startupRuns})`,
        `${workerBudgets.startupMs.toFixed(1)} ms`,
        `${workerBudgets.budgets.startupMs} ms`,
      ],
    ],
  );

  console.log(
    cardRender
      ? `\nshare card render in workerd (40 finds, 1600×1200 JPEG photo; bench/share-card-render.mjs): median ${cardRender.medianMs} ms of ${cardRender.runsMs.join(', ')} ms, ${kib(cardRender.pngBytes)} PNG`
      : '\nshare card render: not measured',
  );
  console.log(
    letters.cron && letters.render
      ? `letters (tests/bench/letters-cron.measure.ts): the cron step for ${letters.cron.recipients} recipients ${letters.cron.stepMs} ms with the local D1's SQL, ${letters.cron.queueSends} queue sends; a week's letter of ${letters.render.stones} stones and ${letters.render.finds} finds renders in ${letters.render.renderMs} ms, ${kib(letters.render.htmlBytes)} HTML`
      : 'letters: not measured',
  );
  console.log(
    letters.memorial
      ? `letters of the year: the cron step for ${letters.memorial.letters} owners whose day it is among ${letters.memorial.stones} stones ${letters.memorial.stepMs} ms, ${letters.memorial.queueSends} queue sends`
      : 'letters of the year: not measured',
  );

  if (rssBefore.length > 0) {
    console.log('\nworkerd memory (RSS; peak = kernel high-water mark since start)');
    printTable(
      ['process', 'pid', 'before load', 'after load', 'peak'],
      rssAfter.map((after) => {
        const before = rssBefore.find((b) => b.role === after.role);
        return [after.role, String(after.pid), before ? mib(before.rssKb) : '-', mib(after.rssKb), after.peakKb ? mib(after.peakKb) : '-'];
      }),
    );
  } else {
    console.log('\nworkerd memory: no workerd process found (ps)');
  }

  // Warm-up responses must be 200 too: a failure there is as much a bug as one during the measurement.
  const totalErrors = warmupErrors + results.reduce((sum, r) => sum + r.errors, 0);
  const round = (/** @type {number} */ n, d = 2) => Number(n.toFixed(d));
  const summary = {
    date: new Date().toISOString(),
    node: process.version,
    client: clientName,
    cpus: os.availableParallelism(),
    loadAvg,
    seconds,
    findSeconds,
    rounds,
    concurrency,
    warmupSeconds,
    targets: results.map((r, i) => ({
      path: r.path,
      rps: round(r.rps, 1),
      roundRps: r.roundRps.map((n) => round(n, 1)),
      ratio: round(ratioOf(i)),
      p50: round(r.latencyMs.p50),
      p95: round(r.latencyMs.p95),
      p99: round(r.latencyMs.p99),
      ok: r.ok,
      errors: r.errors,
      clientCpu: round(r.clientCpu),
    })),
    warmupErrors,
    interference,
    ssrRatio: round(ssrRatio),
    throughputTargets: throughputTargets.list,
    findWriteCost: findCost,
    shareCardRender: cardRender,
    letters,
    initialJs: initialJs.map((p) => ({ page: p.page, files: p.files.length, raw: p.raw, gz: p.gz, afterLoadGz: p.afterLoad.gz })),
    jsBudgets: JS_BUDGETS.map((b) => ({ page: b.page, gz: b.gz, met: !overBudget.some((o) => o.page === b.page) })),
    mapChunk: mapChunk && { file: mapChunk.file, raw: mapChunk.raw, gz: mapChunk.gz },
    worker: {
      uploadGzipKiB: workerBudgets.upload.gzipKiB,
      uploadKiB: workerBudgets.upload.totalKiB,
      startupMs: round(workerBudgets.startupMs, 1),
    },
    workerdRssKb: rssAfter.map((a) => ({
      role: a.role,
      before: rssBefore.find((b) => b.role === a.role)?.rssKb ?? null,
      after: a.rssKb,
      peak: a.peakKb,
    })),
  };
  // A disturbed run is a failed measurement: its figures must not end up in the notes.
  for (const problem of interference) console.log(`\nFAILED: ${problem}; re-run when nothing else builds or serves dist/`);
  if (totalErrors > 0) console.log(`\nFAILED: ${totalErrors} request errors`);
  for (const missed of throughputTargets.list.filter((t) => !t.met)) {
    console.log(`\nFAILED: ${missed.name} at ${missed.ratio.toFixed(2)} of static rps, target ≥ ${missed.target}`);
  }
  for (const o of overBudget) console.log(`\nFAILED: initial JS of ${o.page} is ${kib(o.gz)} gz, budget ${kib(o.budget)}`);
  for (const over of workerBudgets.over) console.log(`\nFAILED: ${over}`);
  const ok =
    totalErrors === 0 && interference.length === 0 && throughputTargets.met && overBudget.length === 0 && workerBudgets.over.length === 0;
  if (ok) console.log('\nOK');
  console.log(JSON.stringify(summary));
  return ok ? 0 : 1;
}

/**
 * One request per target before the load, so a broken page fails loudly instead of being benchmarked:
 * a 200 "not found" SSR page or an empty body would otherwise look like great throughput.
 * @param {string} url
 */
async function checkResponses(url) {
  const fav = await get(`${url}/favicon.svg`);
  expect(fav.status === 200 && fav.text.includes('<svg'), `/favicon.svg: ${fav.status}, not an SVG`);
  const api = await get(`${url}/api/stones/${STONE}`);
  expect(api.status === 200, `/api/stones/${STONE}: ${api.status}`);
  const stone = JSON.parse(api.text);
  expect(stone.code === STONE && stone.finds?.length === 4, `/api/stones/${STONE}: unexpected body ${api.text.slice(0, 200)}`);
  const page = await get(`${url}/${STONE}`);
  expect(page.status === 200, `/${STONE}: ${page.status}`);
  // The title arrives in the streamed Suspense part, so this also proves the body was read to the end.
  expect(page.text.includes(STONE_TITLE) && page.text.trimEnd().endsWith('</html>'), `/${STONE}: the stone title or </html> is missing`);
}

/**
 * @param {boolean} ok
 * @param {string} message
 */
function expect(ok, message) {
  if (!ok) throw new Error(`sanity check failed: ${message}`);
}

/**
 * @param {string} url
 * @param {Record<string, string>} [headers]
 * @returns {Promise<{ status: number, text: string, bytes: Buffer }>}
 */
async function get(url, headers = {}) {
  const res = await fetch(url, { headers: { ...LOAD_HEADERS, ...headers } });
  const bytes = Buffer.from(await res.arrayBuffer());
  return { status: res.status, text: bytes.toString('utf8'), bytes };
}

/**
 * The JS a page loads before it is interactive: every `<script type="module" src>` and
 * `<link rel="modulepreload" href>` in the HTML, de-duplicated. As a cross-check the static `imports` of
 * those chunks in the Vite manifest are added too (a browser fetches them before running the entry even
 * when the HTML forgot to preload them); each such addition is reported as a warning.
 * @param {string} url
 * @param {string} page
 * @param {string} language the page's language (Accept-Language), whose texts it loads
 */
async function measureInitialJs(url, page, language) {
  const html = await get(url + page, { 'accept-language': language });
  expect(html.status === 200, `${page}: ${html.status}`);
  /** @type {Set<string>} */
  const paths = new Set();
  for (const [tag] of html.text.matchAll(/<(?:script|link)\b[^>]*>/gi)) {
    const attrs = attributes(tag);
    const isModuleScript = tag.toLowerCase().startsWith('<script') && attrs.type === 'module' && attrs.src;
    const isModulePreload = tag.toLowerCase().startsWith('<link') && attrs.rel?.split(/\s+/).includes('modulepreload') && attrs.href;
    const ref = isModuleScript ? attrs.src : isModulePreload ? attrs.href : undefined;
    if (ref) paths.add(new URL(ref, url + page).pathname);
  }
  // A page that hydrates after its first paint or after load (decision record 019) names its JavaScript only in
  // its inline script: the entry it imports and the modules it preloads then. After the first paint is as initial
  // as a module script (it loads right away, only behind the styles); after load is measured apart ("after
  // load"), not hidden.
  const afterLoadEntry = html.text.match(/import\("([^"]+\.js)"\)/)?.[1];
  const afterPaint = html.text.includes('"hydrate":"after-paint"');
  /** @type {Set<string>} */
  const afterLoadPaths = new Set();
  if (afterLoadEntry) {
    const into = afterPaint ? paths : afterLoadPaths;
    into.add(new URL(afterLoadEntry, url + page).pathname);
    const preload = html.text.match(/"preload":(\[[^\]]*\])/)?.[1];
    for (const ref of preload ? JSON.parse(preload) : []) into.add(new URL(ref, url + page).pathname);
  }
  expect(paths.size > 0 || afterLoadPaths.size > 0, `${page}: no module scripts, modulepreloads or after-load import in the HTML`);

  const warnings = [];
  const manifest = readManifest();
  if (manifest) {
    const byFile = new Map(Object.values(manifest).map((chunk) => [`/${chunk.file}`, chunk]));
    const queue = [...paths];
    while (queue.length > 0) {
      const chunk = byFile.get(/** @type {string} */ (queue.shift()));
      for (const key of chunk?.imports ?? []) {
        const path = `/${manifest[key].file}`;
        if (paths.has(path)) continue;
        paths.add(path);
        queue.push(path);
        warnings.push(`${path} is statically imported but not preloaded (counted)`);
      }
    }
  }

  const files = await measureFiles(url, page, paths);
  const afterLoad = await measureFiles(url, page, afterLoadPaths);
  return {
    page,
    language,
    files,
    warnings,
    raw: files.reduce((s, f) => s + f.raw, 0),
    gz: files.reduce((s, f) => s + f.gz, 0),
    afterLoad: { files: afterLoad, gz: afterLoad.reduce((s, f) => s + f.gz, 0) },
  };
}

/** Raw and gzip -9 size of each path. @param {string} url @param {string} page @param {Set<string>} paths */
async function measureFiles(url, page, paths) {
  const files = [];
  for (const path of paths) {
    const res = await get(url + path);
    expect(res.status === 200, `${page}: ${path} ${res.status}`);
    files.push({ path, raw: res.bytes.length, gz: gzipSync(res.bytes, { level: 9 }).length });
  }
  return files;
}

/**
 * Prints each page's initial JavaScript against its budget (JS_BUDGETS) and returns the pages over it.
 * @param {{ page: string, gz: number }[]} initialJs
 * @returns {{ page: string, gz: number, budget: number }[]}
 */
function checkJsBudgets(initialJs) {
  const over = [];
  for (const budget of JS_BUDGETS) {
    const measured = initialJs.find((p) => p.page === budget.page);
    if (!measured) throw new Error(`no initial JS measured for ${budget.page}`);
    const met = measured.gz <= budget.gz;
    console.log(
      `budget: initial JS of ${budget.page} ≤ ${kib(budget.gz)} gz → ${kib(measured.gz)} gz ${met ? 'MET' : `EXCEEDED (${kib(measured.gz - budget.gz)} over)`}`,
    );
    if (!met) over.push({ page: budget.page, gz: measured.gz, budget: budget.gz });
  }
  return over;
}

/** Parses the attributes of one start tag (quoted, unquoted and bare). @param {string} tag */
function attributes(tag) {
  /** @type {Record<string, string>} */
  const attrs = {};
  const body = tag.replace(/^<\w+/, '').replace(/\/?>$/, '');
  for (const m of body.matchAll(/([^\s"'=<>/]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'>]+)))?/g)) {
    attrs[m[1].toLowerCase()] = m[2] ?? m[3] ?? m[4] ?? '';
  }
  return attrs;
}

/** @returns {Record<string, { file: string, imports?: string[], css?: string[], assets?: string[] }> | null} */
function readManifest() {
  try {
    return JSON.parse(readFileSync(MANIFEST, 'utf8'));
  } catch {
    return null;
  }
}

/** The lazily loaded map chunk (MapLibre), from the Vite manifest, with its CSS and web-worker assets. */
function measureMapChunk() {
  const manifest = readManifest();
  const key = manifest && Object.keys(manifest).find((k) => k.includes('map-engine'));
  if (!manifest || !key) return null;
  const size = (/** @type {string} */ file) => {
    const bytes = readFileSync(`dist/client/${file}`);
    return { file, raw: bytes.length, gz: gzipSync(bytes, { level: 9 }).length };
  };
  const chunk = manifest[key];
  return { ...size(chunk.file), extras: [...(chunk.css ?? []), ...(chunk.assets ?? [])].map(size) };
}

/**
 * RSS of the workerd processes serving `port`. `wrangler dev` runs two: a proxy that owns the public port and
 * the runtime with the Worker; both are in the process group of the wrangler command started by serveBuild.
 * @param {number} port
 * @returns {{ pid: number, role: string, rssKb: number, peakKb: number | null }[]}
 */
function workerdMemory(port) {
  let ps;
  try {
    ps = execFileSync('ps', ['-eo', 'pid=,pgid=,rss=,args='], { encoding: 'utf8' });
  } catch {
    return [];
  }
  const rows = ps
    .split('\n')
    .map((line) => line.trim().match(/^(\d+)\s+(\d+)\s+(\d+)\s+(.*)$/))
    .filter((m) => m !== null)
    .map((m) => ({ pid: Number(m[1]), pgid: Number(m[2]), rssKb: Number(m[3]), args: m[4] }));
  // The proxy is the workerd listening on our port; its process group is the wrangler group.
  const proxy = rows.find((r) => /\bworkerd\b/.test(r.args.split(' ')[0]) && r.args.includes(`entry=127.0.0.1:${port}`));
  if (!proxy) return [];
  return rows
    .filter((r) => r.pgid === proxy.pgid && /\bworkerd$/.test(r.args.split(' ')[0]))
    .map((r) => ({ pid: r.pid, role: r === proxy ? PROXY : RUNTIME, rssKb: r.rssKb, peakKb: peakRssKb(r.pid) }));
}

/**
 * The built Worker's upload and startup CPU time against the deploy's budgets (scripts/deploy/budgets.ts, the
 * same measurement as the deploy's dry run), on this run's build.
 * @returns {{ upload: { totalKiB: number, gzipKiB: number }, startupMs: number, startupRuns: number, over: string[], budgets: { uploadGzipKiB: number, startupMs: number } }}
 */
function measureWorkerBudgets() {
  const out = execFileSync('npx', ['tsx', 'scripts/deploy/measure.ts', 'dist/reisesteine/wrangler.json', '.bench/worker'], {
    encoding: 'utf8',
    env: { ...process.env, WRANGLER_SEND_METRICS: 'false', CLOUDFLARE_CF_FETCH_ENABLED: 'false' },
  });
  return JSON.parse(out.trim().split('\n').at(-1) ?? '{}');
}

/** Modification times of the build outputs that the served Worker and its assets come from. */
function distStamp() {
  return ['dist/reisesteine/index.js', 'dist/reisesteine/wrangler.json', MANIFEST]
    .map((file) => {
      try {
        return statSync(file).mtimeMs;
      } catch {
        return 'missing';
      }
    })
    .join(',');
}

/** VmHWM from /proc (Linux only): the peak RSS, which catches a spike during the load that ps would miss. @param {number} pid */
function peakRssKb(pid) {
  try {
    const m = readFileSync(`/proc/${pid}/status`, 'utf8').match(/^VmHWM:\s+(\d+)\s+kB/m);
    return m ? Number(m[1]) : null;
  } catch {
    return null;
  }
}

/** `preferred` if it is free on 127.0.0.1, otherwise a port the OS picks. @param {number} preferred */
async function freePort(preferred) {
  const tryListen = (/** @type {number} */ p) =>
    new Promise((resolve) => {
      const srv = net.createServer();
      srv.once('error', () => resolve(null));
      srv.listen(p, '127.0.0.1', () => {
        const { port } = /** @type {net.AddressInfo} */ (srv.address());
        srv.close(() => resolve(port));
      });
    });
  return /** @type {number} */ ((await tryListen(preferred)) ?? (await tryListen(0)));
}

/**
 * @param {string} name
 * @param {number} fallback
 * @param {{ allowZero?: boolean }} [options]
 */
function positiveNumber(name, fallback, { allowZero = false } = {}) {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isFinite(value) || value < 0 || (value === 0 && !allowZero)) {
    console.error(`${name} must be a ${allowZero ? 'non-negative' : 'positive'} number, got ${JSON.stringify(raw)}`);
    process.exit(2);
  }
  return value;
}

/** @param {string[]} header @param {string[][]} rows */
function printTable(header, rows) {
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i].length)));
  const line = (/** @type {string[]} */ cells) => cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]) : c.padStart(widths[i]))).join('  ');
  console.log(line(header));
  console.log(widths.map((w) => '-'.repeat(w)).join('  '));
  for (const row of rows) console.log(line(row));
}

// Function declarations (not arrow consts) because main() runs via top-level await before this point.
/** @param {number} n */
function ms(n) {
  return n.toFixed(2);
}
/** @param {number} n */
function pct(n) {
  return `${(n * 100).toFixed(0)} %`;
}
/** @param {number} bytes */
function kib(bytes) {
  return `${(bytes / 1024).toFixed(1)} KiB`;
}
/** @param {number} kb */
function mib(kb) {
  return `${(kb / 1024).toFixed(1)} MiB`;
}

// ---- writes, the edge cache and the throughput targets ----

/** The bench's write stones: BE0-000-000, BE0-000-001, … @param {number} i */
function writeStoneCode(i) {
  return `BE0-000-${i.toString(16).toUpperCase().padStart(3, '0')}`;
}

/** The find write as a load target: each request a find on the next stone, from a client of its own. */
function writeTargets() {
  let next = 0;
  return [
    {
      name: `write POST ${FIND_PATH} (${WRITE_STONES} stones)`,
      path: FIND_PATH,
      okStatus: 201,
      /** @param {string} url */
      request: (url) => {
        const i = next++ % WRITE_STONES;
        return {
          url: `${url}/api/stones/${writeStoneCode(i)}/finds`,
          method: 'POST',
          headers: { ...LOAD_HEADERS, 'content-type': 'application/json', 'cf-connecting-ip': benchClientAddress() },
          body: JSON.stringify({ location: 'Hamburg', latitude: 53.55 + (next % 100) / 1000, longitude: 10 }),
        };
      },
    },
  ];
}

/** A client address of its own: a random /64 of the documentation range (the limits count per /64). */
function benchClientAddress() {
  const group = () => Math.floor(Math.random() * 0x10000).toString(16);
  return `2001:db8:${group()}:${group()}::1`;
}

/**
 * runLoad's options for a target: its GET, or the requests it makes.
 * @param {string} url
 * @param {{ path: string, request?: (url: string) => import('./load.mjs').LoadRequest, okStatus?: number }} target
 */
function loadOptions(url, target) {
  const { request, okStatus } = target;
  return { url: url + target.path, concurrency, headers: LOAD_HEADERS, ...(request ? { request: () => request(url), okStatus } : {}) };
}

/** Adds the write stones to the bench's local D1 (owner mails off: the queue is not what a find costs). @param {string} stateDir */
function addWriteStones(stateDir) {
  const sql = `INSERT INTO stones (id, code, title, creator_email, owner_token_hash, notify_on_find)
WITH RECURSIVE n(i) AS (SELECT 0 UNION ALL SELECT i + 1 FROM n WHERE i < ${WRITE_STONES - 1})
SELECT printf('bench-write-%04d', i), printf('BE0-000-%03X', i), 'Schreibstein ' || i, 'bench@example.org', printf('w%063d', i), 0 FROM n;`;
  execFileSync('npx', ['wrangler', 'd1', 'execute', 'DB', '--local', '--persist-to', stateDir, '--command', sql], {
    stdio: ['ignore', 'ignore', 'inherit'],
    env: { ...process.env, WRANGLER_SEND_METRICS: 'false', CLOUDFLARE_CF_FETCH_ENABLED: 'false' },
  });
}

/**
 * The reads under load come from the edge cache (a second read is a hit), and a find is logged (201) with its
 * bookmark: otherwise the figures would be about something else.
 * @param {string} url
 */
async function checkCacheAndWrites(url) {
  for (const path of [`/api/stones/${STONE}`, `/${STONE}`]) {
    await get(url + path);
    const res = await fetch(url + path, { headers: LOAD_HEADERS });
    await res.arrayBuffer();
    expect(
      res.headers.get('x-cache') === 'hit',
      `${path}: the second read is not an edge-cache hit (x-cache ${res.headers.get('x-cache')})`,
    );
  }
  const find = writeTargets()[0].request(url);
  const res = await fetch(find.url, { method: find.method, headers: find.headers, body: find.body });
  const body = await res.text();
  expect(res.status === 201, `${find.url}: ${res.status} ${body.slice(0, 200)}`);
  expect(/^[0-9a-f-]+$/.test(res.headers.get('x-d1-bookmark') ?? ''), `${find.url}: no x-d1-bookmark`);
}

/**
 * D1 rows one find reads and writes, measured through the whole route with D1's own counts (`meta.rows_read`)
 * by tests/worker/find-write.cost.test.ts; null when that test could not run.
 * @returns {{ first: { rowsRead: number, rowsWritten: number, statements: number }, later: { rowsRead: number, rowsWritten: number, statements: number } } | null}
 */
function findWriteCost() {
  try {
    const out = execFileSync('npx', ['vitest', 'run', '--project', 'worker', 'tests/worker/find-write.cost.test.ts'], {
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { ...process.env, WRANGLER_SEND_METRICS: 'false', CLOUDFLARE_CF_FETCH_ENABLED: 'false' },
    });
    const line = out.split('\n').find((l) => l.includes('FIND_WRITE_COST '));
    return line ? JSON.parse(line.slice(line.indexOf('FIND_WRITE_COST ') + 'FIND_WRITE_COST '.length)) : null;
  } catch (error) {
    console.log(`find write cost: the measuring test failed (${error instanceof Error ? error.message.split('\n')[0] : error})`);
    return null;
  }
}

/**
 * Prints the throughput targets with their figures; `met` is false when one is missed.
 * @param {(i: number) => number} ratioOf
 * @param {ReturnType<typeof findWriteCost>} findCost
 */
function readWriteTargets(ratioOf, findCost) {
  const list = THROUGHPUT_TARGETS.map((t) => {
    const ratio = ratioOf(TARGETS.findIndex((target) => target.path === t.path));
    return { name: t.name, ratio: Number(ratio.toFixed(3)), target: t.target, met: ratio >= t.target };
  });
  console.log('\nthroughput targets (ratio to static rps, median of the rounds)');
  printTable(
    ['target', 'ratio', 'needed', ''],
    list.map((t) => [t.name, t.ratio.toFixed(2), `≥ ${t.target}`, t.met ? 'MET' : 'NOT MET']),
  );
  if (findCost) {
    console.log(
      `D1 per find (meta.rows_read, whole route): ${findCost.first.rowsRead} rows read, ${findCost.first.rowsWritten} written in ${findCost.first.statements} statements on a new stone; ${findCost.later.rowsRead} read on a stone with 50 finds`,
    );
  }
  return { list, met: list.every((t) => t.met) };
}
