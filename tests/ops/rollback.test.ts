/**
 * Rollback safety (decision record 020): the deploy applies the migrations before the new Worker goes live and
 * `wrangler rollback` does not undo them, so the version a rollback brings back runs on the new schema. This runs
 * that version's query tests (tests/ops/previous-version.ts `isQueryTest`), from git, against the current
 * `migrations/`, and fails with the rule when one fails there that passes on the version's own migrations.
 */
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  extractPreviousVersion,
  failedFiles,
  failureMessage,
  judge,
  type PreviousRun,
  previousVersion,
  queryTestFiles,
  restoreOwnMigrations,
  runPreviousTests,
  uncountedNote,
} from './previous-version';

const root = join(import.meta.dirname, '../..');

/**
 * The previous version's query tests (about 870 in 59 files) take about three minutes on two cores, twice that on
 * a machine busy with something else. A hung workerd is stopped well before the test's end, and a run stopped for
 * time says so.
 */
const RUN_TIMEOUT_MS = 25 * 60_000;

describe('a rollback to the previous version', () => {
  it('finds it working on the current migrations: its query tests pass', { timeout: 3 * RUN_TIMEOUT_MS + 60_000 }, async () => {
    const previous = previousVersion(root);
    const dir = mkdtempSync(join(tmpdir(), 'reisesteine-rollback-'));
    const tree = extractPreviousVersion(root, previous.rev, dir);
    // The check means something only when the previous version really runs on the current migrations.
    expect(readdirSync(join(tree, 'migrations'))).toEqual(readdirSync(join(root, 'migrations')));
    const current = await runPreviousTests(tree, queryTestFiles(tree), 'current-migrations', RUN_TIMEOUT_MS);
    // What failed runs again alone (a test that depends on timing passes then), and what fails again runs on the
    // version's own migrations (a test it fails there too is not the new schema's doing).
    let again: PreviousRun | null = null;
    let own: PreviousRun | null = null;
    if (failedFiles(current).length > 0)
      again = await runPreviousTests(tree, failedFiles(current), 'current-migrations-again', RUN_TIMEOUT_MS);
    if (again && failedFiles(again).length > 0) {
      restoreOwnMigrations(root, previous.rev, tree);
      own = await runPreviousTests(tree, failedFiles(again), 'own-migrations', RUN_TIMEOUT_MS);
    }
    const verdict = judge(current, again, own);
    if (verdict.broken.length > 0) throw new Error(failureMessage(previous, current, verdict, dir));
    if (verdict.ownFailures.length > 0 || verdict.flaky.length > 0) console.warn(uncountedNote(previous, verdict));
    rmSync(dir, { recursive: true, force: true });
    console.info(
      `rollback check: ${previous.label} passed ${current.passed} tests in ${current.files.length} files on the current migrations`,
    );
  });
});
