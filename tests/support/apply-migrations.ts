import { applyD1Migrations, env, reset } from 'cloudflare:test';
import { afterEach } from 'vitest';
import { forgetMessagesOnTheirWay } from '../../src/worker/share/storage';

// Every test file starts from the real migrations; storage is wiped after each test.
await applyD1Migrations(env.DB, env.TEST_MIGRATIONS);

/** Leaves out the runtime's own objects (`_cf_…`, `sqlite_…`: D1's metadata, AUTOINCREMENT's sequences). */
const OWN = "name NOT LIKE '\\_cf\\_%' ESCAPE '\\' AND name NOT LIKE 'sqlite\\_%' ESCAPE '\\'";

/**
 * The schema the migrations made, as SQLite keeps it (tables, then their indexes, then triggers and views, each in the
 * order they were made), and the rows the migrations wrote (the site totals' row, their own list in d1_migrations). After a test's reset both are made again in one batch, which gives the database the
 * migrations give at a third of the cost of running them again: the reset after each of the Worker tests' three
 * thousand tests is a large part of their time.
 */
const schema = (
  await env.DB.prepare(
    `SELECT type, name, sql FROM sqlite_master WHERE sql IS NOT NULL AND ${OWN}
     ORDER BY CASE type WHEN 'table' THEN 0 WHEN 'index' THEN 1 ELSE 2 END, rowid`,
  ).all<{ type: string; name: string; sql: string }>()
).results;
const quoted = (name: string) => `"${name.replaceAll('"', '""')}"`;
/** An INSERT per row the migrations left, with its values bound. */
const rows: Array<{ sql: string; values: unknown[] }> = [];
for (const { name } of schema.filter((object) => object.type === 'table')) {
  for (const row of (await env.DB.prepare(`SELECT * FROM ${quoted(name)}`).all<Record<string, unknown>>()).results) {
    const columns = Object.keys(row);
    rows.push({
      sql: `INSERT INTO ${quoted(name)} (${columns.map(quoted).join(', ')}) VALUES (${columns.map(() => '?').join(', ')})`,
      values: Object.values(row),
    });
  }
}

/** The tables D1 holds, the runtime's own left out. */
async function tableCount(): Promise<number> {
  const row = await env.DB.prepare(`SELECT count(*) AS n FROM sqlite_master WHERE type = 'table' AND ${OWN}`).first<number>('n');
  return row ?? 0;
}

afterEach(async () => {
  // The queue is emptied below: the share messages this isolate remembers as on their way are gone with it.
  forgetMessagesOnTheirWay();
  // reset() deletes every Durable Object, the local D1 database among them. One that is busy at that moment (the
  // queue consumer reading the outbox a test before filled) survives it with its rows, so the reset is repeated
  // until D1 is empty.
  for (let attempt = 1; ; attempt++) {
    await reset();
    const left = await tableCount();
    if (left === 0) break;
    if (attempt === 5) throw new Error(`the storage reset left ${left} tables in D1, five times`);
  }
  // The rows before the triggers, as the migrations wrote them: no trigger sees them arrive twice.
  const made = (objects: typeof schema) => objects.map((object) => env.DB.prepare(object.sql));
  const triggered = (object: (typeof schema)[number]) => object.type === 'trigger' || object.type === 'view';
  await env.DB.batch([
    ...made(schema.filter((object) => !triggered(object))),
    ...rows.map((row) => env.DB.prepare(row.sql).bind(...row.values)),
    ...made(schema.filter(triggered)),
  ]);
});
