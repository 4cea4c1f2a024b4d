// `npm run db:backup -- <environment> [--dry-run]`: exports the environment's remote D1 database (the `DB` binding
// of its [env.<name>] section in wrangler.toml) to backups/<environment>-<UTC time>.sql with `wrangler d1 export`,
// then writes beside it the same export in an order an empty database can import (<name>.restore.sql). The
// restore path is in docs/backup-and-restore.md. --dry-run prints the wrangler command and runs nothing.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import { experimental_readRawConfig, unstable_splitSqlQuery } from 'wrangler';

export const BACKUP_DIR = 'backups';
const USAGE = 'usage: npm run db:backup -- <environment> [--dry-run]   (environment: staging or production)';

/** A refusal the operator can act on: printed as it is, without a stack. */
export class BackupError extends Error {}

/** The environment and whether to run nothing, from the command line (after `--`). */
export function parseArgs(argv) {
  const dryRun = argv.includes('--dry-run');
  const unknown = argv.filter((arg) => arg.startsWith('-') && arg !== '--dry-run');
  if (unknown.length) throw new BackupError(`unknown option ${unknown.join(' ')}\n${USAGE}`);
  const names = argv.filter((arg) => !arg.startsWith('-'));
  if (names.length !== 1) throw new BackupError(names.length ? `one environment, not ${names.join(' ')}\n${USAGE}` : USAGE);
  const [environment = ''] = names;
  if (!/^[a-z][a-z0-9_-]*$/.test(environment)) throw new BackupError(`not an environment name: ${environment}\n${USAGE}`);
  return { environment, dryRun };
}

/**
 * The database name of the `DB` binding in [env.<environment>]. D1 bindings are not inherited from the top of
 * wrangler.toml (that one is the local database): an environment without its own must not be backed up from it.
 */
export function databaseName(rawConfig, environment, configPath = 'wrangler.toml') {
  const section = rawConfig.env?.[environment];
  if (!section)
    throw new BackupError(`${configPath} has no [env.${environment}] section yet: add it (docs/deploy.md) before backing it up`);
  const binding = (section.d1_databases ?? []).find((database) => database.binding === 'DB');
  if (!binding?.database_name) {
    throw new BackupError(`${configPath} has no [[env.${environment}.d1_databases]] with binding "DB" and a database_name`);
  }
  return binding.database_name;
}

/** The database name, read with wrangler's own reader of wrangler.toml (the same file `wrangler d1 export` reads). */
export function readDatabaseName(configPath, environment) {
  if (!existsSync(configPath)) throw new BackupError(`${configPath} not found: run this from the repository's root`);
  return databaseName(experimental_readRawConfig({ config: configPath }).rawConfig, environment, configPath);
}

/** backups/<environment>-<UTC date and time>.sql, without colons (which some file systems refuse). */
export function backupFile(environment, now = new Date()) {
  const stamp = now
    .toISOString()
    .replace(/\.\d{3}Z$/, 'Z')
    .replaceAll(':', '-');
  return `${BACKUP_DIR}/${environment}-${stamp}.sql`;
}

/** The arguments after `wrangler` that export the environment's remote database to `output`. */
export function exportArgs(database, environment, output) {
  return ['d1', 'export', database, '--remote', '--env', environment, '--output', output];
}

/** Where the importable copy of an export goes: beside it. */
export const restoreFile = (output) => output.replace(/\.sql$/, '.restore.sql');

/**
 * The export reordered so an empty database can import it: every table first, then the rows, then indexes,
 * triggers and views (last, as in the export: a trigger made after the rows does not fire for them). `wrangler d1
 * export` writes each table's rows right after that table, and a row of a table with a foreign key to a table
 * made later fails ("no such table: main.stones"; here `finds` and `photos` come before `stones`,
 * workers-sdk issues 5683 and 9349). `PRAGMA defer_foreign_keys` stays first, so the rows may come in any order.
 * Throws on a statement it does not know, rather than guess.
 */
export function restorableSql(dump) {
  const head = [];
  const tables = [];
  // Unique indexes come with the tables, before any row: a foreign key may name a column that only a unique index
  // makes a key (stone_title_words → stones.code), and SQLite refuses a child row while that index is missing.
  const keys = [];
  const rows = [];
  const tail = [];
  for (const statement of unstable_splitSqlQuery(dump)) {
    const text = statement.trim();
    if (text === '') continue;
    if (/^PRAGMA\s/i.test(text)) head.push(text);
    // ANALYZE makes the sqlite_stat tables whose rows follow it (only when the database has statistics).
    else if (/^(CREATE\s+TABLE|ANALYZE)\s/i.test(text)) tables.push(text);
    // sqlite_sequence is emptied right before its rows are written again: the two stay together, in order.
    else if (/^INSERT\s+INTO\s/i.test(text) || /^DELETE\s+FROM\s+"?sqlite_sequence"?$/i.test(text)) rows.push(text);
    else if (/^CREATE\s+UNIQUE\s+INDEX\s/i.test(text)) keys.push(text);
    else if (/^CREATE\s+(INDEX|TRIGGER|VIEW)\s/i.test(text)) tail.push(text);
    else throw new BackupError(`unexpected statement in the export, not reordered: ${text.slice(0, 80)}`);
  }
  if (tables.length === 0) throw new BackupError('the export has no table');
  return `${[...head, ...tables, ...keys, ...rows, ...tail].map((text) => `${text};`).join('\n')}\n`;
}

/** Runs one named step; a failure stops the backup with the step's name. */
function step(name, run) {
  console.info(`── ${name}`);
  try {
    return run();
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw new BackupError(`step "${name}" failed: ${reason}`);
  }
}

const quote = (arg) => (/^[\w./:=@-]+$/.test(arg) ? arg : `'${arg.replaceAll("'", "'\\''")}'`);

function main(argv) {
  const { environment, dryRun } = parseArgs(argv);
  const database = step(`read the database of [env.${environment}] from wrangler.toml`, () =>
    readDatabaseName('wrangler.toml', environment),
  );
  const output = backupFile(environment);
  const args = exportArgs(database, environment, output);
  if (dryRun) {
    console.info(['npx', 'wrangler', ...args].map(quote).join(' '));
    return;
  }
  step(`create ${BACKUP_DIR}/`, () => mkdirSync(BACKUP_DIR, { recursive: true }));
  step(`export ${database} (${environment}) with wrangler d1 export`, () => {
    console.info('   D1 answers no queries while it exports: run this at a quiet time.');
    const result = spawnSync('npx', ['wrangler', ...args], {
      stdio: 'inherit',
      env: { ...process.env, WRANGLER_SEND_METRICS: 'false', CLOUDFLARE_CF_FETCH_ENABLED: 'false' },
    });
    if (result.error) throw result.error;
    if (result.status !== 0) throw new Error(`wrangler exited with ${result.status ?? result.signal}`);
    if (!existsSync(output) || statSync(output).size === 0) throw new Error(`wrangler wrote nothing to ${output}`);
  });
  const restore = restoreFile(output);
  step(`write the importable copy ${restore}`, () => writeFileSync(restore, restorableSql(readFileSync(output, 'utf8'))));
  console.info(
    `Backup of ${database} (${environment}):\n  ${output}  (as D1 exported it)\n  ${restore}  (to import into an empty database)`,
  );
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  try {
    main(process.argv.slice(2));
  } catch (error) {
    console.error(
      `✗ ${error instanceof BackupError ? error.message : error instanceof Error ? (error.stack ?? error.message) : String(error)}`,
    );
    process.exit(1);
  }
}
