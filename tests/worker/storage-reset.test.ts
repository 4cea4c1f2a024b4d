import { env } from 'cloudflare:test';
import { expect, it } from 'vitest';

// The Worker tests' storage reset (tests/support/apply-migrations.ts) makes the schema again from the one the
// migrations made: the second test sees after the reset exactly what the first saw after the migrations.

const snapshot = async () => ({
  schema: (await env.DB.prepare('SELECT type, name, tbl_name, sql FROM sqlite_master ORDER BY type, name').all()).results,
  applied: (await env.DB.prepare('SELECT id, name FROM d1_migrations ORDER BY id').all()).results,
});

let afterMigrations: Awaited<ReturnType<typeof snapshot>> | undefined;

it('the migrations made the schema (the first test of the file)', async () => {
  afterMigrations = await snapshot();
  expect(afterMigrations.schema.length).toBeGreaterThan(20);
  expect(afterMigrations.applied.length).toBe(env.TEST_MIGRATIONS.length);
  await env.DB.prepare("INSERT INTO d1_migrations (name) VALUES ('left by a test')").run();
});

it('after the reset: the same tables, indexes, triggers and applied migrations, no row left', async () => {
  expect(afterMigrations).toBeDefined();
  expect(await snapshot()).toEqual(afterMigrations);
});
