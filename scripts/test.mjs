// `npm test`: type check, lint, unit and Worker integration tests (Vitest, the latter inside workerd), the deploy's
// dry run for staging and production, the operations tests (rollback, restore), then the browser tests (Playwright
// in Chromium against the production build). Ends with "N passed, N failed".
//
// Parts that leave a core idle run side by side (decision record 031): the type check, lint and the browser tests'
// build beside the dry runs (each mostly one core). The unit and Worker tests take every core alone, as do the operations tests (the rollback
// check runs the previous version's Worker tests); the browser tests come last. A part's output is printed whole
// when it ends, so the log reads part by part.
import { spawn } from 'node:child_process';
import { createWriteStream, existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';

const env = { ...process.env, WRANGLER_SEND_METRICS: 'false', CLOUDFLARE_CF_FETCH_ENABLED: 'false' };
const reports = '.test-reports';
rmSync(reports, { recursive: true, force: true });
mkdirSync(reports, { recursive: true });

let passed = 0;
let failed = 0;
const problems = [];
// The failing tests are named again at the end, where a shortened log (CI keeps its tail) still shows them.
const failures = [];
const timings = [];
const started = Date.now();

/**
 * Runs one part, its output into a log file of its own; prints the log when it ends. Resolves with whether it
 * exited 0.
 * @param {string} name
 * @param {string} cmd
 * @param {string[]} args
 * @param {Record<string, string>} [extraEnv]
 */
function part(name, cmd, args, extraEnv = {}) {
  const log = `${reports}/${name.replace(/[^\w]+/g, '-')}.log`;
  const t = Date.now();
  return new Promise((resolve) => {
    const out = createWriteStream(log);
    const child = spawn(cmd, args, { stdio: ['ignore', 'pipe', 'pipe'], env: { ...env, ...extraEnv } });
    child.stdout.pipe(out, { end: false });
    child.stderr.pipe(out, { end: false });
    child.on('close', (code) => {
      out.end(() => {
        const seconds = (Date.now() - t) / 1000;
        timings.push([name, seconds]);
        console.info(`\n── ${name} (${seconds.toFixed(0)} s) ──`);
        process.stdout.write(readFileSync(log, 'utf8'));
        resolve(code === 0);
      });
    });
  });
}

/** Runs parts one after another. @param {Array<() => Promise<unknown>>} steps */
async function inTurn(steps) {
  for (const step of steps) await step();
}

function readJson(file) {
  return existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')) : null;
}

/** Counts a Vitest run from its JSON report. @param {string} name @param {boolean} ok @param {string} report */
function countVitest(name, ok, report) {
  const vitest = readJson(report);
  if (vitest) {
    for (const file of vitest.testResults ?? [])
      for (const test of file.assertionResults ?? [])
        if (test.status === 'failed') failures.push(`${file.name.replace(`${process.cwd()}/`, '')} › ${test.fullName}`);
    passed += vitest.numPassedTests;
    failed += vitest.numFailedTests;
    if (vitest.numTotalTests === 0) problems.push(`${name}: Vitest ran no test`);
  }
  if (!ok && (!vitest || vitest.numFailedTests === 0)) problems.push(`${name}: Vitest did not finish cleanly`);
}

/** Vitest's arguments for `projects`, with a JSON report. @param {string[]} projects @param {string} report */
const vitestArgs = (projects, report) => [
  'vitest',
  'run',
  ...projects.flatMap((project) => ['--project', project]),
  '--reporter=default',
  '--reporter=json',
  `--outputFile.json=${report}`,
];

// The deploy's dry run for each environment (scripts/deploy.ts): its config, the build for it, `wrangler deploy
// --dry-run` and the Worker's size and startup budgets. Each counts as one test, so a broken deploy config fails.
const dryRun = (environment) => async () => {
  const name = `deploy dry run: ${environment}`;
  if (await part(name, 'npx', ['tsx', 'scripts/deploy.ts', environment, '--dry-run'])) passed += 1;
  else {
    failed += 1;
    failures.push(name);
  }
};

await Promise.all([
  inTurn([
    async () => {
      if (!(await part('type check', 'npx', ['tsc', '-b']))) problems.push('type check failed');
    },
    async () => {
      if (!(await part('lint and format (Biome)', 'npx', ['biome', 'check', '.'])))
        problems.push('lint or format check failed (npm run format fixes what it can)');
    },
    // The browser tests' build (dist/, which nothing before them reads): on the core the dry runs leave idle.
    async () => {
      if (!(await part('build for the browser tests', 'npx', ['vite', 'build', '--logLevel', 'warn'])))
        problems.push('the build for the browser tests failed');
    },
  ]),
  inTurn([dryRun('staging'), dryRun('production')]),
]);

const workerReport = `${reports}/vitest.json`;
countVitest(
  'unit and Worker tests',
  await part('unit and Worker tests (Vitest)', 'npx', vitestArgs(['unit', 'worker'], workerReport)),
  workerReport,
);

// The operations tests, then the browser tests: side by side, the rollback check's Worker tests starved the
// browser on two cores, and a finder's page going offline met requests still under way (decision record 031).
const opsReport = `${reports}/vitest-ops.json`;
countVitest(
  'operations tests',
  await part('operations tests: rollback and restore (Vitest)', 'npx', vitestArgs(['ops'], opsReport)),
  opsReport,
);
const e2eOk = await part('browser tests (Playwright, Chromium)', 'npx', ['playwright', 'test', '--reporter=list,json'], {
  PLAYWRIGHT_JSON_OUTPUT_NAME: `${reports}/playwright.json`,
  E2E_REUSE_BUILD: '1',
});

const e2e = readJson(`${reports}/playwright.json`);
if (e2e) {
  const walk = (suite, titles) => {
    for (const spec of suite.specs ?? [])
      for (const test of spec.tests ?? [])
        if (test.status === 'unexpected' || test.status === 'flaky')
          failures.push(`${spec.file}:${spec.line} › ${[...titles, spec.title].join(' › ')} (${test.status})`);
    for (const child of suite.suites ?? []) walk(child, suite.file === child.file ? [...titles, child.title] : titles);
  };
  for (const suite of e2e.suites ?? []) walk(suite, []);
  passed += e2e.stats.expected;
  failed += e2e.stats.unexpected + e2e.stats.flaky;
  if (e2e.stats.skipped > 0) problems.push(`${e2e.stats.skipped} browser tests were skipped`);
  if (e2e.stats.expected + e2e.stats.unexpected === 0) problems.push('Playwright ran no test');
}
if (!e2eOk && (!e2e || e2e.stats.unexpected === 0)) problems.push('Playwright did not finish cleanly');

console.info(`\ntime per part (side by side where grouped above), ${((Date.now() - started) / 60_000).toFixed(1)} min in all:`);
for (const [name, seconds] of timings) console.info(`  ${name}: ${seconds.toFixed(0)} s`);
for (const failure of failures) console.error(`✗ failed: ${failure}`);
for (const problem of problems) console.error(`✗ ${problem}`);
console.info(`\n${passed} passed, ${failed} failed`);
process.exit(failed > 0 || problems.length > 0 ? 1 : 0);
