// `npm test`: type check, lint, unit and Worker integration tests (Vitest, the latter inside workerd), the deploy's
// dry run for staging and production, then the browser tests (Playwright in Chromium against the production
// build). Ends with "N passed, N failed".
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';

const env = { ...process.env, WRANGLER_SEND_METRICS: 'false', CLOUDFLARE_CF_FETCH_ENABLED: 'false' };
const reports = '.test-reports';
rmSync(reports, { recursive: true, force: true });
mkdirSync(reports, { recursive: true });

let passed = 0;
let failed = 0;
const problems = [];
// The failing tests are named again at the end, where a shortened log (CI keeps its tail) still shows them.
const failures = [];

function step(name, cmd, args, extraEnv = {}) {
  console.info(`\n── ${name} ──`);
  const result = spawnSync(cmd, args, { stdio: 'inherit', env: { ...env, ...extraEnv } });
  return result.status === 0;
}

function readJson(file) {
  return existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')) : null;
}

if (!step('type check', 'npx', ['tsc', '-b'])) problems.push('type check failed');
if (!step('lint and format (Biome)', 'npx', ['biome', 'check', '.']))
  problems.push('lint or format check failed (npm run format fixes what it can)');

const vitestOk = step('unit and Worker tests (Vitest)', 'npx', [
  'vitest',
  'run',
  '--reporter=default',
  '--reporter=json',
  `--outputFile.json=${reports}/vitest.json`,
]);
const vitest = readJson(`${reports}/vitest.json`);
if (vitest) {
  for (const file of vitest.testResults ?? [])
    for (const test of file.assertionResults ?? [])
      if (test.status === 'failed') failures.push(`${file.name.replace(`${process.cwd()}/`, '')} › ${test.fullName}`);
  passed += vitest.numPassedTests;
  failed += vitest.numFailedTests;
  if (vitest.numTotalTests === 0) problems.push('Vitest ran no test');
}
if (!vitestOk && (!vitest || vitest.numFailedTests === 0)) problems.push('Vitest did not finish cleanly');

// The deploy's dry run for each environment (scripts/deploy.ts): its config, the build for it, `wrangler deploy
// --dry-run` and the Worker's size and startup budgets. Each counts as one test, so a broken deploy config fails.
for (const environment of ['staging', 'production']) {
  const name = `deploy dry run: ${environment}`;
  if (step(name, 'npx', ['tsx', 'scripts/deploy.ts', environment, '--dry-run'])) passed += 1;
  else {
    failed += 1;
    failures.push(name);
  }
}

const e2eOk = step('browser tests (Playwright, Chromium)', 'npx', ['playwright', 'test', '--reporter=list,json'], {
  PLAYWRIGHT_JSON_OUTPUT_NAME: `${reports}/playwright.json`,
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

for (const failure of failures) console.error(`✗ failed: ${failure}`);
for (const problem of problems) console.error(`✗ ${problem}`);
console.info(`\n${passed} passed, ${failed} failed`);
process.exit(failed > 0 || problems.length > 0 ? 1 : 0);
