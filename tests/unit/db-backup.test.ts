/**
 * `npm run db:backup -- <environment>` (scripts/db-backup.mjs): its arguments, the wrangler command it runs, and
 * the reordering that makes an export importable. The export itself needs a Cloudflare account; the restore of a
 * real local export is tests/ops/restore.test.ts.
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import {
  BackupError,
  backupFile,
  databaseName,
  exportArgs,
  parseArgs,
  readDatabaseName,
  restorableSql,
  restoreFile,
} from '../../scripts/db-backup.mjs';

const script = join(import.meta.dirname, '../../scripts/db-backup.mjs');
const dir = mkdtempSync(join(tmpdir(), 'reisesteine-backup-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const CONFIG = `name = "reisesteine"

[[d1_databases]]
binding = "DB"
database_name = "reisesteine-local"
database_id = "00000000-0000-0000-0000-000000000000"

[env.production]
name = "reisesteine-production"

[[env.production.d1_databases]]
binding = "DB"
database_name = "reisesteine-production"
database_id = "11111111-1111-1111-1111-111111111111"

[env.staging]
name = "reisesteine-staging"
`;

/** Runs the script as npm does, in a folder whose wrangler.toml is `config`. */
async function cli(args: string[], config = CONFIG): Promise<{ code: number; stdout: string; stderr: string }> {
  const cwd = mkdtempSync(join(dir, 'cwd-'));
  writeFileSync(join(cwd, 'wrangler.toml'), config);
  try {
    const { stdout, stderr } = await promisify(execFile)(process.execPath, [script, ...args], { cwd });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, stdout: failed.stdout, stderr: failed.stderr };
  }
}

describe('db:backup arguments', () => {
  it('takes one environment and --dry-run', () => {
    expect(parseArgs(['production'])).toEqual({ environment: 'production', dryRun: false });
    expect(parseArgs(['--dry-run', 'staging'])).toEqual({ environment: 'staging', dryRun: true });
  });

  it('refuses none, two, an unknown option and a name that is no environment', () => {
    expect(() => parseArgs([])).toThrow(/usage: npm run db:backup -- <environment>/);
    expect(() => parseArgs(['staging', 'production'])).toThrow(/one environment/);
    expect(() => parseArgs(['production', '--remote'])).toThrow(/unknown option --remote/);
    expect(() => parseArgs(['../production'])).toThrow(BackupError);
  });

  it('names the file after the environment and the UTC time, without colons', () => {
    expect(backupFile('production', new Date('2026-03-01T04:05:06.789Z'))).toBe('backups/production-2026-03-01T04-05-06Z.sql');
    expect(restoreFile('backups/production-2026-03-01T04-05-06Z.sql')).toBe('backups/production-2026-03-01T04-05-06Z.restore.sql');
  });

  it('exports the remote database of that environment', () => {
    expect(exportArgs('reisesteine-production', 'production', 'backups/p.sql')).toEqual([
      'd1',
      'export',
      'reisesteine-production',
      '--remote',
      '--env',
      'production',
      '--output',
      'backups/p.sql',
    ]);
  });
});

describe('the database of an environment', () => {
  it('is the DB binding of its own section, never the local one at the top', () => {
    const file = join(dir, 'wrangler.toml');
    writeFileSync(file, CONFIG);
    expect(readDatabaseName(file, 'production')).toBe('reisesteine-production');
    expect(() => readDatabaseName(file, 'staging')).toThrow(/no \[\[env\.staging\.d1_databases\]\] with binding "DB"/);
    expect(() => readDatabaseName(file, 'preview')).toThrow(/no \[env\.preview\] section yet/);
    expect(() => databaseName({}, 'production')).toThrow(BackupError);
  });
});

describe('npm run db:backup', () => {
  it('prints the wrangler command with --dry-run and runs nothing', async () => {
    const { code, stdout } = await cli(['production', '--dry-run']);
    expect(code).toBe(0);
    expect(stdout).toMatch(
      /^npx wrangler d1 export reisesteine-production --remote --env production --output backups\/production-\d{4}-\d\d-\d\dT\d\d-\d\d-\d\dZ\.sql$/m,
    );
  });

  it('stops with exit code 1, naming the step, when the environment has no database yet', async () => {
    const { code, stderr } = await cli(['staging', '--dry-run']);
    expect(code).toBe(1);
    expect(stderr).toContain('✗ step "read the database of [env.staging] from wrangler.toml" failed');
    expect(stderr).not.toContain('    at ');
  });

  it('says how to use it when the environment is missing', async () => {
    const { code, stderr } = await cli([]);
    expect(code).toBe(1);
    expect(stderr).toContain('usage: npm run db:backup -- <environment>');
  });
});

describe('the importable copy of an export', () => {
  // As `wrangler d1 export` writes it: each table's rows right after the table, a child table before its parent.
  const dump = [
    'PRAGMA defer_foreign_keys=TRUE;',
    'CREATE TABLE d1_migrations(\n\t\tid INTEGER PRIMARY KEY AUTOINCREMENT,\n\t\tname TEXT UNIQUE\n);',
    `INSERT INTO "d1_migrations" VALUES(1,'0000_init.sql');`,
    'CREATE TABLE `finds` (\n\t`id` text PRIMARY KEY NOT NULL,\n\t`stone_id` text NOT NULL,\n\tFOREIGN KEY (`stone_id`) REFERENCES `stones`(`id`)\n);',
    `INSERT INTO "finds" VALUES('f1','s1');`,
    'CREATE TABLE `stones` (\n\t`id` text PRIMARY KEY NOT NULL,\n\t`title` text NOT NULL\n);',
    `INSERT INTO "stones" VALUES('s1',replace('Oma''s; stone\\nline two','\\n',char(10)));`,
    'DELETE FROM sqlite_sequence;',
    `INSERT INTO "sqlite_sequence" VALUES('d1_migrations',1);`,
    'CREATE UNIQUE INDEX `finds_stone_idx` ON `finds` (`stone_id`);',
    "CREATE TRIGGER `log_find` AFTER INSERT ON `finds`\nBEGIN\n  INSERT INTO \"stones\" VALUES ('x', 'y;z');\nEND;",
  ].join('\n');

  it('makes every table and unique index before any row, keeps the rows in order and other indexes and triggers last', () => {
    const statements = [
      'PRAGMA defer_foreign_keys=TRUE',
      'CREATE TABLE d1_migrations(\n\t\tid INTEGER PRIMARY KEY AUTOINCREMENT,\n\t\tname TEXT UNIQUE\n)',
      'CREATE TABLE `finds` (\n\t`id` text PRIMARY KEY NOT NULL,\n\t`stone_id` text NOT NULL,\n\tFOREIGN KEY (`stone_id`) REFERENCES `stones`(`id`)\n)',
      'CREATE TABLE `stones` (\n\t`id` text PRIMARY KEY NOT NULL,\n\t`title` text NOT NULL\n)',
      // A foreign key may name a column that only a unique index makes a key: it must be there before the rows.
      'CREATE UNIQUE INDEX `finds_stone_idx` ON `finds` (`stone_id`)',
      `INSERT INTO "d1_migrations" VALUES(1,'0000_init.sql')`,
      `INSERT INTO "finds" VALUES('f1','s1')`,
      `INSERT INTO "stones" VALUES('s1',replace('Oma''s; stone\\nline two','\\n',char(10)))`,
      'DELETE FROM sqlite_sequence',
      `INSERT INTO "sqlite_sequence" VALUES('d1_migrations',1)`,
      "CREATE TRIGGER `log_find` AFTER INSERT ON `finds`\nBEGIN\n  INSERT INTO \"stones\" VALUES ('x', 'y;z');\nEND",
    ];
    expect(restorableSql(dump)).toBe(`${statements.map((statement) => `${statement};`).join('\n')}\n`);
  });

  it('refuses a statement it does not know instead of guessing where it goes', () => {
    expect(() => restorableSql(`${dump}\nCREATE VIRTUAL TABLE t USING fts5(x);`)).toThrow(/unexpected statement in the export/);
  });
});
