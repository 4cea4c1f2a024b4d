/**
 * The rollback check's machinery (decision record 020): which version a rollback would bring back, that version's
 * files in a temporary folder with the current migrations, and its query tests run there by its own Vitest
 * configuration. Node only; the working tree is never touched (git archive reads from the object store).
 */
import { execFileSync, spawn } from 'node:child_process';
import { closeSync, cpSync, existsSync, mkdirSync, openSync, readdirSync, readFileSync, realpathSync, rmSync, symlinkSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { join, relative } from 'node:path';
import { PRODUCTION_RUNTIME } from '../../scripts/serve-build.mjs';

/** What the check prints first when it fails: the rule, in a few lines. */
export const ROLLBACK_RULE = [
  'The rule (docs/decisions/020-migrations-and-rollback.md): a deploy applies the migrations before the new Worker',
  'goes live, and `wrangler rollback` brings back the previous Worker without undoing them. So the previous version',
  'must keep working on the new schema: expand, then contract. Add tables, columns that may be NULL or have a',
  'default, and indexes in one release, and stop using the old ones in its code; drop or rename them only in a later',
  'release, once no version a rollback could bring back uses them.',
].join('\n');

/**
 * A problem with the check itself (no history, a shallow clone, no version before the newest migrations): it fails
 * with this message, which says how to run it, instead of passing without having compared anything.
 */
export class RollbackCheckError extends Error {}

export type PreviousVersion = { rev: string; label: string; reason: string };

const git = (root: string, ...args: string[]) =>
  execFileSync('git', args, { cwd: root, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] }).trim();

/**
 * The version a rollback after deploying the working tree would bring back: the parent of the newest commit that
 * changed `migrations/`, or HEAD itself when `migrations/` has changes not yet committed. A shallow clone has not
 * the history to tell, so it is refused rather than compared with whatever commit it happens to end at.
 */
export function previousVersion(root: string): PreviousVersion {
  let shallow: string;
  try {
    shallow = git(root, 'rev-parse', '--is-shallow-repository');
  } catch (error) {
    throw new RollbackCheckError(
      `The rollback check needs the git history, and ${root} is no git checkout (${String(error).split('\n')[0]}). Run the tests in a clone.`,
    );
  }
  if (shallow === 'true') {
    throw new RollbackCheckError(
      'The rollback check needs the git history, and this clone is shallow: it cannot tell which version a rollback ' +
        'would bring back. Fetch the whole history (`git fetch --unshallow`; in GitHub Actions `actions/checkout` ' +
        'with `fetch-depth: 0`) and run the tests again.',
    );
  }
  const summary = (rev: string) => {
    const line = git(root, 'log', '-n1', '--format=%h %s', rev);
    return line.length > 100 ? `${line.slice(0, 100)}…` : line;
  };
  if (git(root, 'status', '--porcelain', '--untracked-files=all', '--', 'migrations') !== '') {
    const head = git(root, 'rev-parse', 'HEAD');
    return { rev: head, label: summary(head), reason: 'migrations/ has changes not committed yet, so HEAD is the version before them' };
  }
  // Without a version before the newest migrations there is nothing a rollback could bring back here, and a check
  // that compares nothing must not pass: it says how to run it instead.
  const howToRun =
    'The rollback check runs the query tests of the version before the newest change to migrations/ on the current ' +
    'migrations; it needs a clone whose history has that version (a commit before the one that changed migrations/ ' +
    'last). Run the tests in such a clone, or, where no deployed version precedes these migrations (the very first ' +
    'deploy), run the other parts alone (`npm run test:unit`, `npm run test:worker`, `npm run test:e2e`).';
  const last = git(root, 'log', '-n1', '--format=%H', '--', 'migrations');
  if (last === '') throw new RollbackCheckError(`No commit has changed migrations/ in ${root}. ${howToRun}`);
  let parent: string;
  try {
    parent = git(root, 'rev-parse', '--verify', '--quiet', `${last}^`);
  } catch {
    throw new RollbackCheckError(`${summary(last)} made migrations/ and has no parent. ${howToRun}`);
  }
  return { rev: parent, label: summary(parent), reason: `the newest commit that changed migrations/ is ${summary(last)}` };
}

/**
 * The previous version's tests that exercise its queries against D1: every `*.routes.test.ts` and
 * `*.queries.test.ts` (the API and the pages through the whole Worker), and the queue consumer's and the cron's
 * (`email-queue`, and the fault tests, which run the photo sweep: `faults.test.ts`, split by the part that fails
 * into `faults.<part>.test.ts` later). Left out for time (the check takes seven to eight minutes on two cores as it is) and
 * because they reach no query the others do not: the API fuzz and the robustness suite (thousands of requests
 * about input, three minutes and more), the abuse limits (older versions wait for the limiter's next minute),
 * the adapters, the security and XSS suites, and the write-cost measurement (a new index may change it on purpose).
 * Left out because it checks a document, not a query: the inventory of personal data against the schema.
 */
export function isQueryTest(file: string): boolean {
  if (file === 'rate-limits.routes.test.ts') return false;
  // The inventory of personal data holds the documentation to the schema: a version's inventory cannot name a table a
  // later migration adds (`stone_title_words` was the first), which is no query a rollback would break.
  if (file === 'privacy-inventory.queries.test.ts') return false;
  return /\.(routes|queries)\.test\.ts$/.test(file) || file === 'email-queue.test.ts' || /^faults(?:\.[a-z0-9-]+)?\.test\.ts$/.test(file);
}

/** Everything in node_modules but the caches Vite and TypeScript write there, which must stay the checkout's own. */
const OWN_CACHES = new Set(['.vite', '.vite-temp', '.tmp', '.cache']);

/**
 * The previous version's files in `<dir>/previous`, from git's object store, with the current `migrations/`
 * (uncommitted changes included). Its dependencies: the current node_modules (each entry linked, so Vite's caches
 * stay apart) when its package-lock.json is the current one; otherwise its own, installed with `npm ci` from its
 * lock file, as a rollback brings that version back with the dependencies it was built and tested with (after a
 * toolchain upgrade, its Vitest configuration may name packages the current node_modules no longer has).
 */
export function extractPreviousVersion(root: string, rev: string, dir: string): string {
  const tree = join(dir, 'previous');
  const archive = join(dir, 'previous.tar');
  mkdirSync(tree, { recursive: true });
  execFileSync('git', ['archive', '--format=tar', '-o', archive, rev], { cwd: root, stdio: 'pipe' });
  execFileSync('tar', ['-xf', archive, '-C', tree], { stdio: 'pipe' });
  rmSync(join(tree, 'migrations'), { recursive: true, force: true });
  cpSync(join(root, 'migrations'), join(tree, 'migrations'), { recursive: true });
  if (sameLockFile(root, tree)) {
    mkdirSync(join(tree, 'node_modules'));
    for (const entry of readdirSync(join(root, 'node_modules'))) {
      if (!OWN_CACHES.has(entry)) symlinkSync(join(root, 'node_modules', entry), join(tree, 'node_modules', entry));
    }
  } else {
    try {
      execFileSync('npm', ['ci', '--no-audit', '--no-fund', '--prefer-offline', '--loglevel=error'], { cwd: tree, stdio: 'pipe' });
    } catch (error) {
      const output = error instanceof Error && 'stderr' in error ? String(error.stderr) : String(error);
      throw new RollbackCheckError(`npm ci of the previous version's own dependencies failed (${tree}):\n${output.slice(-2000)}`);
    }
  }
  return tree;
}

/** Whether the previous version in `tree` locks the same dependencies as the current checkout in `root`. */
export function sameLockFile(root: string, tree: string): boolean {
  const lock = (folder: string) => {
    const file = join(folder, 'package-lock.json');
    return existsSync(file) ? readFileSync(file, 'utf8') : null;
  };
  const current = lock(root);
  return current !== null && current === lock(tree);
}

/** The previous version's query tests, as paths in its tree. */
export function queryTestFiles(tree: string): string[] {
  const folder = join(tree, 'tests', 'worker');
  const files = existsSync(folder) ? readdirSync(folder).filter(isQueryTest).sort() : [];
  if (files.length === 0) throw new RollbackCheckError(`the previous version has no query tests in tests/worker (${tree})`);
  return files.map((file) => `tests/worker/${file}`);
}

/** Puts the previous version's own migrations back in its tree, for telling its own failures from the schema's. */
export function restoreOwnMigrations(root: string, rev: string, tree: string): void {
  const archive = join(tree, '..', 'migrations.tar');
  rmSync(join(tree, 'migrations'), { recursive: true, force: true });
  execFileSync('git', ['archive', '--format=tar', '-o', archive, rev, 'migrations'], { cwd: root, stdio: 'pipe' });
  execFileSync('tar', ['-xf', archive, '-C', tree], { stdio: 'pipe' });
}

export interface TestFailure {
  /** `tests/worker/<file> › <describe> <test>`, or the file alone when it failed as a whole. */
  test: string;
  message: string;
}

export interface PreviousRun {
  files: string[];
  passed: number;
  failures: TestFailure[];
  /** The end of the run's output, for when it ended without a report. */
  logTail: string;
}

/** A failure of the run itself (it crashed, hung, or ran nothing): never explained by the previous version's own state. */
const RUN = '(the run)';

/** Vitest's JSON report, the parts read here. */
interface JsonReport {
  numPassedTests: number;
  testResults: Array<{
    name: string;
    status: string;
    message?: string;
    assertionResults: Array<{ fullName: string; status: string; failureMessages: string[] }>;
  }>;
}

/**
 * Runs `files` of the previous version in `tree` with its own Vitest configuration, on every core with the files of a
 * core in one workerd as the current version runs its Worker tests; `name` names the report and
 * the log beside the tree. A failed test is run once more (`--retry=1`): a query the schema breaks fails every
 * time, a test that depends on timing under load does not. The run is stopped after `timeoutMs`, with the
 * workerd processes it started.
 */
export async function runPreviousTests(tree: string, files: string[], name: string, timeoutMs: number): Promise<PreviousRun> {
  const report = join(tree, '..', `${name}.json`);
  const log = join(tree, '..', `${name}.log`);
  // This Vitest's own variables would make the second one think it is a worker of the first.
  // Its workerd runs as production does, without the local trace collector and explorer (decision record 031).
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    ...PRODUCTION_RUNTIME,
    WRANGLER_SEND_METRICS: 'false',
    CLOUDFLARE_CF_FETCH_ENABLED: 'false',
  };
  for (const key of Object.keys(env)) if (key.startsWith('VITEST')) delete env[key];
  const output = openSync(log, 'w');
  const child = spawn(
    process.execPath,
    // One file per core, the files on one core in one workerd, as the current version's Worker tests run
    // (vitest.config.ts maxWorkers and isolate; decision record 031).
    [
      join(tree, 'node_modules', 'vitest', 'vitest.mjs'),
      'run',
      `--maxWorkers=${availableParallelism()}`,
      '--isolate=false',
      '--retry=1',
      '--reporter=json',
      `--outputFile=${report}`,
      ...files,
    ],
    { cwd: tree, env, stdio: ['ignore', output, output], detached: true },
  );
  let stopped = false;
  const timer = setTimeout(() => {
    stopped = true;
    if (child.pid) process.kill(-child.pid, 'SIGKILL');
  }, timeoutMs);
  const code = await new Promise<number | null>((resolve) => child.on('exit', (exit) => resolve(exit)));
  clearTimeout(timer);
  closeSync(output);
  const logTail = readFileSync(log, 'utf8').split('\n').slice(-40).join('\n');
  if (!existsSync(report)) {
    const message = stopped
      ? `stopped after ${Math.round(timeoutMs / 60_000)} minutes before it finished: a hang, or a machine too slow for the check's time`
      : `ended (exit ${code}) without a report`;
    return { files, passed: 0, failures: [{ test: RUN, message }], logTail };
  }
  const result = JSON.parse(readFileSync(report, 'utf8')) as JsonReport;
  const base = realpathSync(tree);
  const failures: TestFailure[] = [];
  for (const file of result.testResults) {
    const path = relative(base, realpathSync(file.name));
    const failed = file.assertionResults.filter((test) => test.status === 'failed');
    for (const test of failed) failures.push({ test: `${path} › ${test.fullName}`, message: test.failureMessages.join('\n') });
    if (file.status === 'failed' && failed.length === 0) failures.push({ test: path, message: file.message ?? 'the file failed' });
  }
  if (code !== 0 && failures.length === 0) failures.push({ test: RUN, message: `Vitest exited with ${code}` });
  if (result.numPassedTests === 0 && failures.length === 0) failures.push({ test: RUN, message: 'no test ran' });
  return { files, passed: result.numPassedTests, failures, logTail };
}

export interface RollbackVerdict {
  /** Failures the current migrations cause: they fail again when run alone, and pass on the version's own migrations. */
  broken: TestFailure[];
  /** Failures the previous version has on its own migrations too: not a rollback problem, and not judged. */
  ownFailures: TestFailure[];
  /** Failures that passed when their files ran again alone: a test that depends on timing, under load. */
  flaky: TestFailure[];
}

/**
 * Tells the schema's failures from the others, given the whole run on the current migrations (`first`), its failed
 * files run again alone on the same migrations (`again`) and on the version's own (`own`). A failure of a run
 * itself (it crashed or hung) tells nothing, so what it would have judged counts as broken.
 */
export function judge(first: PreviousRun, again: PreviousRun | null, own: PreviousRun | null): RollbackVerdict {
  const verdict: RollbackVerdict = { broken: first.failures.filter((failure) => failure.test === RUN), ownFailures: [], flaky: [] };
  const candidates = first.failures.filter((failure) => failure.test !== RUN);
  const failing = (run: PreviousRun | null) =>
    run && !run.failures.some((failure) => failure.test === RUN) ? new Set(run.failures.map((failure) => failure.test)) : null;
  const failsAgain = failing(again);
  const failsOnItsOwn = failing(own);
  for (const failure of candidates) {
    if (failsAgain && !failsAgain.has(failure.test)) verdict.flaky.push(failure);
    else if (failsOnItsOwn?.has(failure.test)) verdict.ownFailures.push(failure);
    else verdict.broken.push(failure);
  }
  return verdict;
}

/** The files of failed tests, to run again on the previous version's own migrations. */
export const failedFiles = (run: PreviousRun): string[] => [
  ...new Set(run.failures.filter((failure) => failure.test !== RUN).map((failure) => failure.test.split(' › ')[0] ?? '')),
];

/** The line of a failure that says why: the database's own words when there are any (Drizzle's first line is the SQL). */
function reason(message: string): string {
  const lines = message.split('\n').map((line) => line.trim());
  const line = lines.find((l) => /no such (column|table)|SQLITE_|D1_ERROR|constraint failed/i.test(l)) ?? lines.find((l) => l !== '') ?? '';
  return line.length > 200 ? `${line.slice(0, 200)}…` : line;
}

const listed = (failures: TestFailure[]) =>
  failures
    .slice(0, 20)
    .map(({ test, message }) => `  ✗ ${test}\n      ${reason(message)}`)
    .concat(failures.length > 20 ? [`  … and ${failures.length - 20} more`] : [])
    .join('\n');

/** The failures not counted, for a warning when they are all there is. */
export function uncountedNote(previous: { label: string }, verdict: RollbackVerdict): string {
  return [
    verdict.ownFailures.length
      ? `rollback check: ${previous.label} fails these on its own migrations as well, so they say nothing about the new schema ` +
        `(a version that fails its own tests is a poor rollback target all the same):\n${listed(verdict.ownFailures)}`
      : '',
    verdict.flaky.length
      ? `rollback check: these failed in the whole run and passed when run again alone (timing under load):\n${listed(verdict.flaky)}`
      : '',
  ]
    .filter(Boolean)
    .join('\n');
}

/** The message of a failed check: the rule first, then what failed, then where to look. */
export function failureMessage(
  previous: { label: string; reason: string },
  run: PreviousRun,
  verdict: RollbackVerdict,
  dir: string,
): string {
  return [
    'A rollback would break: the previous version fails against the current migrations.',
    '',
    ROLLBACK_RULE,
    '',
    `Previous version: ${previous.label} (${previous.reason}).`,
    `Its tests that fail with migrations/ as it is now, again when run alone, and pass with its own (${verdict.broken.length}; ${run.passed} passed):`,
    listed(verdict.broken),
    verdict.ownFailures.length || verdict.flaky.length ? `\n${uncountedNote(previous, verdict)}` : '',
    '',
    'Make the migration additive, or split it over two releases. When a migration really cannot keep the previous',
    'version working, the record says what to do instead of relying on a rollback.',
    `The previous version and the runs' output are kept in ${dir} (cd ${join(dir, 'previous')} && npx vitest run <file>).`,
    verdict.broken.some((failure) => failure.test === RUN) ? `\nThe run's last lines:\n${run.logTail}` : '',
  ].join('\n');
}
