/**
 * The restore path of docs/backup-and-restore.md, end to end on local D1 with the real wrangler commands: a
 * migrated and seeded database is exported, the export made importable (scripts/db-backup.mjs), imported into an
 * empty database, and the two compared: the same tables, indexes and triggers (the five-photo trigger), the same
 * rows in every table (d1_migrations too, so the copy knows its migrations), and one stone's journey.
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { experimental_readRawConfig, getPlatformProxy } from 'wrangler';
import { restorableSql, restoreFile } from '../../scripts/db-backup.mjs';
import { wranglerCommandProblem } from '../support/wrangler-help';

const root = join(import.meta.dirname, '../..');
const env = { ...process.env, WRANGLER_SEND_METRICS: 'false', CLOUDFLARE_CF_FETCH_ENABLED: 'false' };
const run = promisify(execFile);

/** The local database as wrangler.toml names it (its id also names the local SQLite file). */
const database = (() => {
  const databases: Array<{ binding: string; database_name?: string; database_id?: string }> =
    experimental_readRawConfig({ config: join(root, 'wrangler.toml') }).rawConfig.d1_databases ?? [];
  const entry = databases.find((d) => d.binding === 'DB');
  if (!entry?.database_id || !entry.database_name) throw new Error('wrangler.toml has no D1 binding DB with a database_id');
  return { name: entry.database_name, id: entry.database_id };
})();

const wrangler = (...args: string[]) => run('npx', ['wrangler', ...args], { cwd: root, env, maxBuffer: 16 * 1024 * 1024 });

/**
 * Runs `use` with the local D1 database kept under `state` (as wrangler's --persist-to), through wrangler's own
 * local bindings (the same runtime as the wrangler commands here), then closes it.
 */
async function withD1<T>(state: string, use: (db: D1Database) => Promise<T>, restored = false): Promise<T> {
  const folder = mkdtempSync(join(dir, 'bindings-'));
  const proxy = await getPlatformProxy<{ DB: D1Database }>({
    // The copy `npm run db:restore` made is bound by the config it wrote; the source by the local database's.
    ...(restored
      ? { configPath: join(root, '.restore/staging/wrangler.json'), environment: 'staging' }
      : { configPath: writeConfig(folder) }),
    persist: { path: join(state, 'v3') },
    remoteBindings: false,
    envFiles: [],
  });
  try {
    return await use(proxy.env.DB);
  } finally {
    await proxy.dispose();
  }
}

interface SchemaEntry {
  type: string;
  name: string;
  tbl_name: string;
  sql: string | null;
}

/** Everything the comparison looks at: the schema, each table's rows (sorted), and one stone's journey. */
async function describeDatabase(state: string, code: string, restored = false) {
  return withD1(
    state,
    async (db) => {
      const schema = (
        await db
          .prepare("SELECT type, name, tbl_name, sql FROM sqlite_master WHERE name NOT LIKE '\\_cf\\_%' ESCAPE '\\' ORDER BY type, name")
          .all<SchemaEntry>()
      ).results;
      const tables = schema.filter((entry) => entry.type === 'table').map((entry) => entry.name);
      const rows: Record<string, string[]> = {};
      const counts: Record<string, number> = {};
      for (const table of tables) {
        const { results } = await db.prepare(`SELECT * FROM "${table}"`).all();
        rows[table] = results.map((row) => JSON.stringify(row)).sort();
        counts[table] = results.length;
      }
      const journey = (
        await db
          .prepare(
            'SELECT seq, location, latitude, longitude, hidden FROM finds WHERE stone_id = (SELECT id FROM stones WHERE code = ?) ORDER BY seq',
          )
          .bind(code)
          .all()
      ).results;
      const stone = await db
        .prepare('SELECT total_distance_km, find_seq FROM stones WHERE code = ?')
        .bind(code)
        .first<{ total_distance_km: number; find_seq: number }>();
      return { schema, counts, rows, journey, stone };
    },
    restored,
  );
}

let dir = '';

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'reisesteine-restore-'));
});

afterAll(() => {
  if (dir) rmSync(dir, { recursive: true, force: true });
});

describe('a backup of the database', () => {
  it('imports into an empty database with every table, row, index and trigger, and its migrations', { timeout: 180_000 }, async () => {
    // `wrangler d1 export --local` has no --persist-to: it reads .wrangler/state beside the config it is given.
    const source = join(dir, 'source');
    const sourceState = join(source, '.wrangler', 'state');
    const targetState = join(dir, 'target', '.wrangler', 'state');
    const dump = join(dir, 'backup.sql');

    await wrangler('d1', 'migrations', 'apply', 'DB', '--local', '--persist-to', sourceState);
    await run('npx', ['tsx', 'scripts/seed.ts', '--persist-to', sourceState], { cwd: root, env });
    // What the seed does not write: subscriptions, a mail in the outbox, and text that tests the export's quoting.
    await withD1(sourceState, async (db) => {
      const stone = await db.prepare('SELECT id, code FROM stones ORDER BY code LIMIT 1').first<{ id: string; code: string }>();
      if (!stone) throw new Error('the seed wrote no stone');
      await db.batch([
        db
          .prepare('INSERT INTO subscriptions (id, stone_id, email, locale, confirmed_at) VALUES (?, ?, ?, ?, ?)')
          .bind('sub-1', stone.id, "o'brien@example.org", 'en', Date.now()),
        db.prepare('INSERT INTO subscriptions (id, stone_id, email) VALUES (?, ?, ?)').bind('sub-2', stone.id, 'fan@xn--mller-kva.de'),
        db
          .prepare('INSERT INTO email_outbox (id, dedupe_key, kind, recipient, locale, payload, subject) VALUES (?, ?, ?, ?, ?, ?, ?)')
          .bind(
            'mail-1',
            'find:1',
            'find-owner',
            'owner@example.org',
            'de',
            JSON.stringify({ code: stone.code, comment: 'Grüße; \'quoted\' "twice"\nline two\r\nline three\ttab 🪨 \u2028' }),
            'Dein Stein wurde gefunden – schön!',
          ),
      ]);
    });

    const { stdout } = await wrangler('d1', 'export', 'DB', '--local', '--config', writeConfig(source), '--output', dump);
    expect(stdout).toContain('Done');
    writeFileSync(restoreFile(dump), restorableSql(readFileSync(dump, 'utf8')));
    // The runbook's sequence as `npm run db:restore` runs it: the import into a new database, then the migrations
    // through a config that binds it (here into local state; against Cloudflare it creates the database first).
    const { stdout: restoring } = await run(
      'npx',
      ['tsx', 'scripts/db-restore.ts', 'staging', '--to', restoreFile(dump), '--into', 'reisesteine-restored', '--local', targetState],
      { cwd: root, env, maxBuffer: 16 * 1024 * 1024 },
    );
    expect(restoring).toContain('No migrations to apply');
    expect(restoring).toContain('reisesteine-restored holds');

    // The seeded stone with the longest journey.
    const code = await withD1(
      sourceState,
      async (db) => (await db.prepare('SELECT code FROM stones ORDER BY find_seq DESC LIMIT 1').first<string>('code')) ?? '',
    );
    const before = await describeDatabase(sourceState, code);
    const after = await describeDatabase(targetState, code, true);

    expect(before.schema.filter((entry) => entry.type === 'trigger').map((entry) => entry.name)).toContain('photos_max_five');
    expect(after.schema).toEqual(before.schema);
    expect(after.counts).toEqual(before.counts);
    for (const table of ['stones', 'finds', 'photos', 'subscriptions', 'email_outbox', 'blog_posts', 'site_totals', 'd1_migrations']) {
      expect(before.counts[table], table).toBeGreaterThan(0);
    }
    expect(after.rows).toEqual(before.rows);
    expect(before.journey.length).toBeGreaterThanOrEqual(3);
    expect(before.stone?.total_distance_km).toBeGreaterThan(0);
    expect(after.journey).toEqual(before.journey);
    expect(after.stone).toEqual(before.stone);

    // The copy knew which migrations it has (above), and its trigger still holds a stone at five photos.
    await withD1(
      targetState,
      async (db) => {
        const stone = await db
          .prepare('SELECT s.id, (SELECT count(*) FROM photos p WHERE p.stone_id = s.id) AS photos FROM stones s ORDER BY code LIMIT 1')
          .first<{ id: string; photos: number }>();
        const insert = () =>
          db
            .prepare('INSERT INTO photos (id, stone_id, r2_key, content_type, size_bytes) VALUES (?, ?, ?, ?, 1)')
            .bind(crypto.randomUUID(), stone?.id, `${crypto.randomUUID()}.png`, 'image/png');
        for (let i = stone?.photos ?? 0; i < 5; i++) await insert().run();
        await expect(insert().run()).rejects.toThrow(/MAX_PHOTOS_EXCEEDED/);
      },
      true,
    );
  });
});

/** A wrangler.toml in `folder` with only the local database, for `wrangler d1 export --local --config`. */
function writeConfig(folder: string): string {
  const file = join(folder, 'wrangler.toml');
  writeFileSync(
    file,
    `name = "restore-check"\n\n[[d1_databases]]\nbinding = "DB"\ndatabase_name = "${database.name}"\ndatabase_id = "${database.id}"\n`,
  );
  return file;
}

describe('npm run db:restore', () => {
  const restore = (...args: string[]) =>
    run('npx', ['tsx', 'scripts/db-restore.ts', ...args], { cwd: root, env }).then(
      ({ stdout }) => ({ code: 0, output: stdout }),
      (error: { code?: number; stdout?: string; stderr?: string }) => ({ code: error.code ?? 1, output: `${error.stdout}${error.stderr}` }),
    );

  it('says what is lost, and refuses production without --yes', async () => {
    const refused = await restore('production', '--to', '2026-11-29T09:30:00Z');
    expect(refused.code).toBe(1);
    expect(refused.output).toContain('Every write after that moment is lost');
    expect(refused.output).toContain('production: add --yes');
  }, 60_000);

  it('runs Time Travel as the runbook writes it: each command one wrangler has', async () => {
    const { code, output } = await restore('production', '--to', '2026-11-29T09:30:00Z', '--dry-run');
    expect(code).toBe(0);
    const commands = output
      .split('\n')
      .filter((line) => line.startsWith('$ npx wrangler'))
      .map((line) => line.slice(2));
    expect(commands.map((command) => command.split(' ').slice(2, 5).join(' '))).toEqual(['d1 time-travel info', 'd1 time-travel restore']);
    for (const command of commands)
      expect(wranglerCommandProblem(command.replace(/^npx wrangler /, '').replace('<its bookmark>', 'b'))).toBeNull();
  }, 60_000);

  it('refuses what it cannot do: a time into a new database, Time Travel on local state, an export without --into', async () => {
    for (const args of [
      ['staging', '--to', '2026-11-29T09:30:00Z', '--into', 'copy'],
      ['staging', '--to', '2026-11-29T09:30:00Z', '--local', dir],
      ['staging', '--to', 'package.json.sql'],
    ]) {
      const { code } = await restore(...args);
      expect(code, args.join(' ')).toBe(1);
    }
  }, 60_000);
});
