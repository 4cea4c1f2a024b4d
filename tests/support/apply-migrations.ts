import { applyD1Migrations, env, reset } from 'cloudflare:test';
import { afterEach } from 'vitest';

// Every test file starts from the real migrations; storage is wiped after each test.
await applyD1Migrations(env.DB, env.TEST_MIGRATIONS);

/** Leaves out the runtime's own objects (`_cf_…`, `sqlite_…`: D1's metadata, AUTOINCREMENT's sequences). */
const OWN = "name NOT LIKE '\\_cf\\_%' ESCAPE '\\' AND name NOT LIKE 'sqlite\\_%' ESCAPE '\\'";

/**
 * The schema the migrations made, as SQLite keeps it: tables first, then their indexes, then triggers and views, each
 * in the order they were made. After a test's reset it is made again from this in one batch, which gives the same
 * tables as running the migrations again (their copies of tables, their data changes) at a third of the cost: the
 * reset after each of the Worker tests' three thousand tests is a large part of their time.
 */
const schema = (
  await env.DB.prepare(
    `SELECT sql FROM sqlite_master WHERE sql IS NOT NULL AND ${OWN}
     ORDER BY CASE type WHEN 'table' THEN 0 WHEN 'index' THEN 1 ELSE 2 END, rowid`,
  ).all<{ sql: string }>()
).results.map((row) => row.sql);
/** The migrations' own rows (d1_migrations, a table of the schema above): wrangler's view of what is applied. */
const applied = (await env.DB.prepare('SELECT name FROM d1_migrations ORDER BY id').all<{ name: string }>()).results.map((row) => row.name);

/** The tables D1 holds, the runtime's own left out. */
async function tableCount(): Promise<number> {
  const row = await env.DB.prepare(`SELECT count(*) AS n FROM sqlite_master WHERE type = 'table' AND ${OWN}`).first<number>('n');
  return row ?? 0;
}

afterEach(async () => {
  // reset() deletes every Durable Object, the local D1 database among them. One that is busy at that moment (the
  // queue consumer reading the outbox a test before filled) survives it with its rows, so the reset is repeated
  // until D1 is empty.
  for (let attempt = 1; ; attempt++) {
    await reset();
    const left = await tableCount();
    if (left === 0) break;
    if (attempt === 5) throw new Error(`the storage reset left ${left} tables in D1, five times`);
  }
  const insertApplied = env.DB.prepare('INSERT INTO d1_migrations (name) VALUES (?)');
  await env.DB.batch([...schema.map((sql) => env.DB.prepare(sql)), ...applied.map((name) => insertApplied.bind(name))]);
});
