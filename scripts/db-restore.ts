// `npm run db:restore -- <environment> --to <time | bookmark | backups/….restore.sql> [--into <new database>]
//                         [--yes] [--dry-run] [--local <state folder>]`
// The restore sequence of docs/backup-and-restore.md, run as written:
// - to a time or a bookmark: D1 Time Travel puts the environment's database back in place (the bookmark of a time
//   from `time-travel info`, then `time-travel restore`, which prints the bookmark that undoes it);
// - from an export (`npm run db:backup`'s .restore.sql) into a new database: `d1 create`, the import, and the
//   migrations through a config whose `DB` binding names the new database (wrangler applies migrations only to a
//   database its config binds), then what to change in wrangler.toml to use it.
// It prints what is lost first (every write after that moment) and refuses production without --yes. --dry-run
// prints the commands and runs nothing; --local runs the import into local D1 state (the tests do, end to end).
import { execFileSync, spawnSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { readDatabaseName } from './db-backup.mjs';
import { isEnvironmentName } from './deploy/environments';

const USAGE =
  'usage: npm run db:restore -- <staging|production> --to <time | bookmark | file.restore.sql> [--into <new database>] [--yes] [--dry-run] [--local <state folder>]';
const args = process.argv.slice(2);
const option = (name: string) => (args.includes(name) ? args[args.indexOf(name) + 1] : undefined);
const environment = args.find((arg, i) => !arg.startsWith('--') && !['--to', '--into', '--local'].includes(args[i - 1] ?? ''));
const to = option('--to');
const into = option('--into');
const local = option('--local');
const dryRun = args.includes('--dry-run');
const yes = args.includes('--yes');

function stop(message: string): never {
  console.error(`✗ ${message}`);
  process.exit(1);
}
if (!isEnvironmentName(environment) || !to) stop(USAGE);

const env = { ...process.env, WRANGLER_SEND_METRICS: 'false', CLOUDFLARE_CF_FETCH_ENABLED: 'false' };
let database: string;
try {
  database = readDatabaseName('wrangler.toml', environment);
} catch (error) {
  stop(error instanceof Error ? error.message : String(error));
}

const fromFile = to.endsWith('.sql');
const where = local ? ['--local', '--persist-to', local] : ['--remote'];
if (fromFile && !existsSync(to)) stop(`${to} does not exist`);
if (fromFile && !into) stop('an export is imported into a new database: name it with --into (e.g. reisesteine-restored)');
if (!fromFile && into)
  stop('Time Travel restores a database in place; to fill a new database, import an export (--to backups/….restore.sql)');
if (!fromFile && local) stop('local D1 has no Time Travel: --local works with an export (--to backups/….restore.sql)');

console.info(
  fromFile
    ? `Importing ${to} into a new database ${into} for ${environment}. The current database ${database} stays as it is; everything written to it after the export is not in the copy (finds, stones, owners' edits, subscriptions, paid orders: compare Stripe's dashboard for payments made since).`
    : `Putting ${database} (${environment}) back to ${to}. Every write after that moment is lost: finds, stones, owners' edits, subscriptions, paid orders (compare Stripe's dashboard for payments made since, and give those buyers their stones or refund them); mails already sent stay sent. The restore prints the bookmark that undoes it.`,
);
if (environment === 'production' && !yes && !dryRun && !local) stop('production: add --yes once you have read what is lost');

const wrangler = (...command: string[]) => ['npx', 'wrangler', ...command];
function run(command: string[]) {
  console.info(`$ ${command.join(' ')}`);
  if (dryRun) return;
  const result = spawnSync(command[0] ?? 'npx', command.slice(1), { stdio: 'inherit', env });
  if (result.status !== 0) stop(`${command.slice(0, 4).join(' ')} … exited with ${result.status ?? result.signal}`);
}

if (!fromFile) {
  // A time needs its bookmark first (a bookmark is used as it is).
  const isTime = /^\d{9,10}$|^\d{4}-\d{2}-\d{2}T/.test(to);
  let bookmark = to;
  if (isTime) {
    const command = wrangler('d1', 'time-travel', 'info', database, '--env', environment, '--timestamp', to, '--json');
    console.info(`$ ${command.join(' ')}`);
    if (!dryRun) {
      const output = execFileSync(command[0] ?? 'npx', command.slice(1), { encoding: 'utf8', env });
      bookmark = (JSON.parse(output.slice(output.indexOf('{'))) as { bookmark?: string }).bookmark ?? stop('no bookmark for that time');
      console.info(`  ${to} is bookmark ${bookmark}`);
    } else bookmark = '<its bookmark>';
  }
  run(wrangler('d1', 'time-travel', 'restore', database, '--env', environment, '--bookmark', bookmark));
  console.info(
    dryRun ? '\n(dry run: nothing was run)' : `\n✓ ${database} is back at ${to}; the bookmark printed above undoes this restore.`,
  );
  process.exit(0);
}

// An export into a new database. A local one needs no create: its id only names the local file.
let id: string = randomUUID();
if (!local) {
  const command = wrangler('d1', 'create', into ?? '');
  console.info(`$ ${command.join(' ')}`);
  if (!dryRun) {
    const output = execFileSync(command[0] ?? 'npx', command.slice(1), { encoding: 'utf8', env });
    id = output.match(/"?database_id"?\s*[:=]\s*"([0-9a-f-]{36})"/)?.[1] ?? stop(`wrangler d1 create printed no database_id:\n${output}`);
  }
}
// The migrations go through a binding: a config of its own whose DB is the new database.
const folder = resolve('.restore', environment);
mkdirSync(folder, { recursive: true });
const config = resolve(folder, 'wrangler.json');
const binding = { binding: 'DB', database_name: into, database_id: id, migrations_dir: resolve('migrations') };
writeFileSync(
  config,
  `${JSON.stringify({ name: `restore-${environment}`, compatibility_date: '2026-10-12', env: { [environment]: { d1_databases: [binding] } } }, null, 2)}\n`,
);
run(wrangler('d1', 'execute', 'DB', '-c', config, '--env', environment, ...where, '--file', resolve(to)));
run(wrangler('d1', 'migrations', 'apply', 'DB', '-c', config, '--env', environment, ...where));
if (dryRun) {
  console.info('\n(dry run: nothing was run)');
  process.exit(0);
}
console.info(`\n✓ ${into} holds ${to} with every migration (its config: ${config}). To use it: in wrangler.toml set [[env.${environment}.d1_databases]]
  database_name = "${into}" and database_id = "${id}", then deploy (docs/deploy.md). Keep ${database} until the copy is checked.`);
