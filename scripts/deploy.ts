// `npm run deploy -- <staging|production> [--dry-run | --verify] [--tests-passed] [--secrets-file <file>]`
//
// One deploy, in order; the first step that fails stops the rest with a message naming it:
//  1. the environment's section of wrangler.toml and its settings (scripts/deploy/environments.ts)
//  2. a clean work tree: the deployed Worker reports its commit, which must be the one checked out
//  3. type check and tests (`npm test`), unless the caller ran them on this commit (`--tests-passed`, CI)
//  4. the build for that environment (`CLOUDFLARE_ENV=<environment> vite build`, into .deploy/<environment>)
//  5. the Worker's size and startup against their budgets (scripts/deploy/budgets.ts)
//  6. the database's bookmark (printed: the way back), then the D1 migrations, remotely, before the new code
//     (decision record 020: expand, then contract)
//  7. upload and deploy (`--secrets-file` on the first deploy, docs/deploy.md); the deploy's record in KV
//  8. `/healthz` of the deployed site answers with the commit just deployed and is neither down nor misconfigured
//  9. the watcher (watcher/wrangler.toml), which probes the site every minute and mails the operator
// `--verify` does step 8 alone (the CI workflow uploads with wrangler-action, then verifies with this).
// `--dry-run` does steps 1, 4 and 5 (the watcher's build too), which need no account: `npm test` runs it for both
// environments, so a broken deploy config fails CI. In a dry run, values still to be filled in (the domain, resource ids) are listed but
// do not fail; a real deploy refuses them.
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { setTimeout as sleep } from 'node:timers/promises';
import { DEPLOY_RECORD_KEY } from '../src/worker/lib/deploy-record';
import { measureBudgets, STARTUP_BUDGET_MS, UPLOAD_BUDGET_KIB } from './deploy/budgets';
import {
  ENVIRONMENTS,
  environmentProblems,
  isEnvironmentName,
  readWranglerToml,
  requiredSecrets,
  resourcesOf,
  settingFindings,
  sharedResourceProblems,
} from './deploy/environments';
import { readSecrets, secretsAsDeployed } from './deploy/secrets-file';
import { readWatcherToml, WATCHER_CONFIG, watcherProblems } from './deploy/watcher';

const args = process.argv.slice(2);
const name = args.find((arg) => !arg.startsWith('--') && args[args.indexOf(arg) - 1] !== '--secrets-file');
const dryRun = args.includes('--dry-run');
const verifyOnly = args.includes('--verify');
const testsPassed = args.includes('--tests-passed');
const secretsFile = args.includes('--secrets-file') ? args[args.indexOf('--secrets-file') + 1] : undefined;

if (!isEnvironmentName(name) || (args.includes('--secrets-file') && !secretsFile)) {
  console.error(`Usage: npm run deploy -- <${ENVIRONMENTS.join('|')}> [--dry-run | --verify] [--tests-passed] [--secrets-file <file>]`);
  process.exit(2);
}

const env = { ...process.env, WRANGLER_SEND_METRICS: 'false', CLOUDFLARE_CF_FETCH_ENABLED: 'false' };
const outDir = `.deploy/${name}`;
const builtConfig = `${outDir}/reisesteine/wrangler.json`;

let current = '';
function step(title: string) {
  current = title;
  console.info(`\n── ${title} ──`);
}
function stop(reason: string): never {
  console.error(`\n✗ ${dryRun ? 'dry run' : 'deploy'} of ${name} stopped at "${current}": ${reason}`);
  process.exit(1);
}
function run(command: string, commandArgs: string[], extraEnv: Record<string, string> = {}) {
  const result = spawnSync(command, commandArgs, { stdio: 'inherit', env: { ...env, ...extraEnv } });
  if (result.status !== 0) stop(`${command} ${commandArgs.join(' ')} exited with ${result.status ?? result.signal}`);
}
const git = (...gitArgs: string[]) => execFileSync('git', gitArgs, { encoding: 'utf8' }).trim();

/**
 * Waits until the deployed site's `/healthz` reports `commit` (a new version reaches every location within
 * seconds, a new custom domain's certificate may take minutes) and stops when it says misconfigured.
 */
async function verifyDeployed(expected: string) {
  step('health of the deployed site');
  // The checks behind the status need the health token: from the shell, else from the secrets file.
  const token = process.env.HEALTH_TOKEN?.trim() || (secretsFile ? readSecrets(secretsFile).HEALTH_TOKEN : undefined);
  const healthHeaders: Record<string, string> = { 'cache-control': 'no-cache', ...(token ? { authorization: `Bearer ${token}` } : {}) };
  if (!token) console.info('  (no HEALTH_TOKEN in the shell or the secrets file: only the status is shown)');
  const { siteUrl } = resourcesOf(readWranglerToml(), name as (typeof ENVIRONMENTS)[number]);
  const deadline = Date.now() + 180_000;
  let last = 'no answer yet';
  for (;;) {
    try {
      const res = await fetch(`${siteUrl}/healthz`, { headers: healthHeaders });
      const body = (await res.json()) as { status?: string; version?: string; checks?: unknown };
      last = `${res.status} ${body.status} version ${body.version}`;
      if (body.version === expected) {
        if (body.status === 'misconfigured' || body.status === 'down')
          stop(`/healthz says ${body.status}: ${JSON.stringify(body.checks ?? {})}`);
        console.info(`  ${siteUrl}/healthz: ${body.status}, version ${body.version}`);
        if (body.status === 'degraded') console.warn(`  degraded: ${JSON.stringify(body.checks ?? {}, null, 2)}`);
        return;
      }
    } catch (error) {
      last = String(error);
    }
    if (Date.now() > deadline) stop(`${siteUrl}/healthz did not report commit ${expected} within 3 minutes (last: ${last})`);
    await sleep(5000);
  }
}

// `--verify`: only step 8, for a deploy made by other means (the CI workflow uploads with wrangler-action).
if (verifyOnly) {
  const expected = process.env.BUILD_COMMIT?.trim() || git('rev-parse', 'HEAD');
  await verifyDeployed(expected);
  console.info(`\n✓ ${name} runs ${expected}`);
  process.exit(0);
}

// 1. Configuration
step('configuration');
const config = readWranglerToml();
const problems = [
  ...environmentProblems(config, name),
  ...sharedResourceProblems(config),
  ...watcherProblems(config, readWatcherToml(), name),
];
const findings = settingFindings(config, name);
const structure = problems.filter((p) => p.kind === 'structure').map((p) => p.message);
const placeholders = [
  ...problems.filter((p) => p.kind === 'placeholder').map((p) => p.message),
  ...findings.filter((f) => f.severity === 'refuse').map((f) => `${f.setting} ${f.problem}`),
];
for (const message of structure) console.error(`  ✗ ${message}`);
for (const message of placeholders) console.warn(`  ${dryRun ? '!' : '✗'} ${message}`);
for (const f of findings.filter((f) => f.severity === 'feature')) console.warn(`  ! ${f.setting} ${f.problem}`);
if (structure.length) stop(`${structure.length} problem(s) in wrangler.toml [env.${name}]`);
if (placeholders.length && !dryRun) stop(`${placeholders.length} value(s) still to be set (npm run preflight -- ${name} lists them)`);
if (placeholders.length) console.warn(`  ${placeholders.length} value(s) to be set before a real deploy; a dry run goes on.`);
console.info(`  secrets it needs at Cloudflare: ${requiredSecrets(config, name).join(', ')}`);
for (const shadowed of secretsFile ? secretsAsDeployed(secretsFile).fromShell : [])
  console.warn(`  ! ${shadowed} is exported in this shell: wrangler sends that value, not the secrets file's (unset it)`);

// 2. A clean work tree
let commit = 'dry-run';
if (!dryRun) {
  step('work tree');
  if (git('status', '--porcelain', '--untracked-files=no')) stop('the work tree has uncommitted changes: deploy a commit');
  commit = git('rev-parse', 'HEAD');
  console.info(`  commit ${commit}`);
}

// 3. Type check and tests
if (!dryRun && !testsPassed) {
  step('type check and tests');
  run('npm', ['test']);
}

// 4. Build
step(`build for ${name}`);
rmSync(outDir, { recursive: true, force: true });
run('npx', ['vite', 'build', '--logLevel', 'warn'], {
  CLOUDFLARE_ENV: name,
  BUILD_OUT_DIR: outDir,
  ...(dryRun ? {} : { BUILD_COMMIT: commit }),
});
if (!existsSync(builtConfig)) stop(`the build wrote no ${builtConfig}`);
// The Worker names the client's hashed files in every page: they must be this build's, not another folder's.
const manifest = JSON.parse(readFileSync(`${outDir}/client/.vite/manifest.json`, 'utf8')) as Record<string, { file: string }>;
const entry = manifest['src/client/main.tsx']?.file;
// The Worker's code is its main module and the chunks it imports (the page renderer loads with the first page).
const workerCode = readdirSync(`${outDir}/reisesteine`, { recursive: true, encoding: 'utf8' })
  .filter((file) => file.endsWith('.js'))
  .map((file) => readFileSync(`${outDir}/reisesteine/${file}`, 'utf8'));
if (!entry || !workerCode.some((code) => code.includes(`/${entry}`)))
  stop(`the Worker does not name this build's client entry (${entry ?? 'none in the manifest'})`);
const missing = Object.values(manifest).filter((chunk) => !existsSync(`${outDir}/client/${chunk.file}`));
if (missing.length) stop(`the client build lacks ${missing.map((chunk) => chunk.file).join(', ')}`);
console.info(`  the Worker names the client build's ${Object.keys(manifest).length} files (entry /${entry})`);
// The Vite plugin copies secrets it finds (.dev.vars, the shell's environment) next to the build for `vite
// preview`; a deploy never uses them, and they must not lie around in a build folder or a CI artifact.
rmSync(`${outDir}/reisesteine/.dev.vars`, { force: true });

// 5. Budgets
step('size and startup');
try {
  const budgets = measureBudgets(builtConfig, `${outDir}/measure`);
  console.info(`  upload ${budgets.upload.gzipKiB} KiB gzip (budget ${UPLOAD_BUDGET_KIB} KiB), ${budgets.upload.totalKiB} KiB in all`);
  console.info(`  startup ${budgets.startupMs.toFixed(1)} ms CPU, least of ${budgets.startupRuns} runs (budget ${STARTUP_BUDGET_MS} ms)`);
  if (budgets.over.length) stop(budgets.over.join('; '));
} catch (error) {
  stop(error instanceof Error ? error.message : String(error));
}

// 5b. The watcher builds (it is deployed after the site, step 9)
step('the watcher');
run('npx', ['wrangler', 'deploy', '--dry-run', '-c', WATCHER_CONFIG, '--env', name, '--outdir', `${outDir}/watcher`]);

if (dryRun) {
  console.info(
    `\n✓ dry run of ${name}: configuration, build, the watcher, wrangler deploy --dry-run and the budgets passed (no account used)`,
  );
  process.exit(0);
}

// 6. The database's bookmark (the way back from a migration that goes wrong), then the migrations
step('D1 bookmark and migrations (remote)');
let bookmark: string | undefined;
try {
  const info = execFileSync('npx', ['wrangler', 'd1', 'time-travel', 'info', 'DB', '--env', name, '--json'], { encoding: 'utf8', env });
  bookmark = (JSON.parse(info.slice(info.indexOf('{'))) as { bookmark?: string }).bookmark;
} catch (error) {
  stop(`D1 gave no bookmark, without which a migration could not be undone: ${String(error)}`);
}
if (!bookmark) stop('D1 gave no bookmark, without which a migration could not be undone');
console.info(`  bookmark before the migrations: ${bookmark}`);
console.info(`  to undo them (and every write since): npx wrangler d1 time-travel restore DB --env ${name} --bookmark ${bookmark}`);
run('npx', ['wrangler', 'd1', 'migrations', 'apply', 'DB', '--remote', '--env', name]);

// 7. Upload and deploy; the deploy's commit, time and bookmark go where /healthz's details show them
step('upload and deploy');
run('npx', ['wrangler', 'deploy', '-c', builtConfig, ...(secretsFile ? ['--secrets-file', secretsFile] : [])]);
const deployRecord = JSON.stringify({ commit, at: new Date().toISOString(), bookmark });
run('npx', ['wrangler', 'kv', 'key', 'put', DEPLOY_RECORD_KEY, deployRecord, '--binding', 'CACHE', '--env', name, '--remote']);

// 8. The deployed site says it runs this commit
await verifyDeployed(commit);

// 9. The watcher, which probes it every minute from outside (docs/deploy.md, "Watching the site")
step('the watcher');
run('npx', ['wrangler', 'deploy', '-c', WATCHER_CONFIG, '--env', name]);
console.info(`\n✓ ${name} runs ${commit}, watched every minute`);
