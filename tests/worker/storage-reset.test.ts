import { env } from 'cloudflare:test';
import { expect, it } from 'vitest';

// The Worker tests' storage reset (tests/support/apply-migrations.ts) makes the schema again from the one the
// migrations made: the second test sees after the reset exactly what the first saw after the migrations.

async function snapshot() {
  const schema = (await env.DB.prepare('SELECT type, name, tbl_name, sql FROM sqlite_master ORDER BY type, name').all()).results;
  const tables = schema.filter((object) => object.type === 'table' && !String(object.name).startsWith('_cf_'));
  const rows: Record<string, string[]> = {};
  for (const { name } of tables) {
    // Sorted here: some tables have no rowid.
    const found = (await env.DB.prepare(`SELECT * FROM "${name}"`).all()).results.map((row) => JSON.stringify(row));
    rows[String(name)] = found.sort();
  }
  return { schema, rows };
}

let afterMigrations: Awaited<ReturnType<typeof snapshot>> | undefined;

it('the migrations made the schema (the first test of the file)', async () => {
  afterMigrations = await snapshot();
  expect(afterMigrations.schema.length).toBeGreaterThan(20);
  expect(afterMigrations.rows.d1_migrations).toHaveLength(env.TEST_MIGRATIONS.length);
  // Rows a migration wrote, which the reset must bring back too.
  expect(afterMigrations.rows.site_totals).toHaveLength(1);
  await env.DB.prepare("INSERT INTO d1_migrations (name) VALUES ('left by a test')").run();
});

it('after the reset: the same tables, indexes and triggers, the rows the migrations wrote and no other', async () => {
  expect(afterMigrations).toBeDefined();
  expect(await snapshot()).toEqual(afterMigrations);
});
