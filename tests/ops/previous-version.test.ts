/**
 * How the rollback check finds the previous version (tests/ops/previous-version.ts), on small repositories made
 * here: the parent of the newest commit that changed migrations/, HEAD while migrations/ has uncommitted changes,
 * the same in a normal clone, and a clear refusal in a shallow clone or outside git; and when it needs its own
 * dependencies.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { failedFiles, isQueryTest, judge, type PreviousRun, previousVersion, sameLockFile } from './previous-version';

const dir = mkdtempSync(join(tmpdir(), 'reisesteine-history-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const git = (cwd: string, ...args: string[]) =>
  execFileSync('git', ['-c', 'user.name=Test', '-c', 'user.email=test@example.org', '-c', 'init.defaultBranch=main', ...args], {
    cwd,
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'pipe'],
  }).trim();

function commit(repo: string, files: Record<string, string>, message: string): string {
  for (const [file, text] of Object.entries(files)) {
    mkdirSync(join(repo, file, '..'), { recursive: true });
    writeFileSync(join(repo, file), text);
  }
  git(repo, 'add', '-A');
  git(repo, 'commit', '-q', '-m', message);
  return git(repo, 'rev-parse', 'HEAD');
}

/** init → code → a migration → more code. */
function history(name: string) {
  const repo = join(dir, name);
  mkdirSync(repo);
  git(repo, 'init', '-q');
  commit(repo, { 'migrations/0000_init.sql': 'CREATE TABLE a (x);', 'src/app.ts': '1' }, 'init');
  const beforeMigration = commit(repo, { 'src/app.ts': '2' }, 'code');
  commit(repo, { 'migrations/0001_b.sql': 'CREATE TABLE b (y);' }, 'migration b');
  const head = commit(repo, { 'src/app.ts': '3' }, 'more code');
  return { repo, beforeMigration, head };
}

describe('the previous version', () => {
  it('is the parent of the newest commit that changed migrations/', () => {
    const { repo, beforeMigration } = history('plain');
    const previous = previousVersion(repo);
    expect(previous.rev).toBe(beforeMigration);
    expect(previous.rev && previous.label).toMatch(/ code$/);
    expect(previous.reason).toMatch(/migration b$/);
  });

  it('is HEAD while migrations/ has changes not committed yet, a new file or an edited one', () => {
    const { repo, head } = history('pending');
    writeFileSync(join(repo, 'migrations', '0002_c.sql'), 'CREATE TABLE c (z);');
    expect(previousVersion(repo).rev).toBe(head);
    rmSync(join(repo, 'migrations', '0002_c.sql'));
    writeFileSync(join(repo, 'migrations', '0001_b.sql'), 'CREATE TABLE b (y, w);');
    expect(previousVersion(repo).rev).toBe(head);
  });

  it('is found the same in a normal clone, which keeps the history', () => {
    const { repo, beforeMigration } = history('origin');
    const clone = join(dir, 'clone');
    git(dir, 'clone', '-q', repo, clone);
    expect(previousVersion(clone).rev).toBe(beforeMigration);
  });

  it('is not guessed in a shallow clone: the check fails and says how to fetch the history', () => {
    const { repo } = history('shallow-origin');
    const clone = join(dir, 'shallow');
    git(dir, 'clone', '-q', '--depth', '1', `file://${repo}`, clone);
    expect(() => previousVersion(clone)).toThrow(/shallow.*git fetch --unshallow/s);
  });

  it('is not guessed outside a git checkout', () => {
    const plain = join(dir, 'no-git');
    mkdirSync(plain);
    expect(() => previousVersion(plain)).toThrow(/needs the git history/);
  });

  it('fails the check, saying how to run it, when the only commit that changed migrations/ is the first', () => {
    const repo = join(dir, 'first');
    mkdirSync(repo);
    git(repo, 'init', '-q');
    commit(repo, { 'migrations/0000_init.sql': 'CREATE TABLE a (x);' }, 'init');
    commit(repo, { 'src/app.ts': '1' }, 'code');
    expect(() => previousVersion(repo)).toThrow(/init made migrations\/ and has no parent\..*npm run test:unit/s);
  });

  it('fails the check when no commit has changed migrations/', () => {
    const repo = join(dir, 'none');
    mkdirSync(repo);
    git(repo, 'init', '-q');
    commit(repo, { 'src/app.ts': '1' }, 'code');
    expect(() => previousVersion(repo)).toThrow(/No commit has changed migrations\/.*needs a clone whose history has that version/s);
  });
});

describe('the tests the check runs', () => {
  it('are the query-level Worker tests', () => {
    const files = [
      'finds.routes.test.ts',
      'schema.queries.test.ts',
      'email-queue.test.ts',
      'faults.test.ts',
      'faults.d1.test.ts',
      'faults.photos.test.ts',
      'rate-limits.routes.test.ts',
      'api.fuzz.test.ts',
      'api.robustness.test.ts',
      'mail.adapter.test.ts',
      'find-write.cost.test.ts',
      'privacy-inventory.queries.test.ts',
    ];
    expect(files.filter(isQueryTest)).toEqual([
      'finds.routes.test.ts',
      'schema.queries.test.ts',
      'email-queue.test.ts',
      'faults.test.ts',
      'faults.d1.test.ts',
      'faults.photos.test.ts',
    ]);
  });
});

describe('a failure of the previous version', () => {
  const run = (...tests: string[]): PreviousRun => ({
    files: [],
    passed: 10,
    failures: tests.map((test) => ({ test, message: 'AssertionError' })),
    logTail: '',
  });
  const a = 'tests/worker/a.routes.test.ts › writes a row';
  const b = 'tests/worker/b.routes.test.ts › reads a row';

  it('counts when it fails again alone and the previous version passes it on its own migrations', () => {
    expect(judge(run(a, b), run(a, b), run(a))).toEqual({ broken: run(b).failures, ownFailures: run(a).failures, flaky: [] });
    expect(failedFiles(run(a, b, `${a} again`))).toEqual(['tests/worker/a.routes.test.ts', 'tests/worker/b.routes.test.ts']);
  });

  it('does not count when it passes when run again alone (timing under load)', () => {
    expect(judge(run(a, b), run(b), run())).toEqual({ broken: run(b).failures, ownFailures: [], flaky: run(a).failures });
  });

  it('counts always when a run itself failed: nothing can be told then', () => {
    expect(judge(run(a, '(the run)'), run(a), run(a)).broken).toEqual(run('(the run)').failures);
    expect(judge(run(a), run('(the run)'), null).broken).toEqual(run(a).failures);
    expect(judge(run(a), run(a), run('(the run)')).broken).toEqual(run(a).failures);
  });
});

describe("the previous version's dependencies", () => {
  const folder = (name: string, lock?: string) => {
    const path = join(dir, 'locks', name);
    mkdirSync(path, { recursive: true });
    if (lock !== undefined) writeFileSync(join(path, 'package-lock.json'), lock);
    return path;
  };

  it('are the current ones only when its package-lock.json is byte for byte the current one', () => {
    const current = folder('current', '{"packages":{"node_modules/vitest":{"version":"5.1.1"}}}');
    expect(sameLockFile(current, folder('same', '{"packages":{"node_modules/vitest":{"version":"5.1.1"}}}'))).toBe(true);
    expect(sameLockFile(current, folder('older', '{"packages":{"node_modules/vitest":{"version":"4.1.12"}}}'))).toBe(false);
    expect(sameLockFile(current, folder('none'))).toBe(false);
    expect(sameLockFile(folder('no-lock'), folder('no-lock-either'))).toBe(false);
  });
});
