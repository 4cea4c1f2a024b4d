import { applyD1Migrations, env, reset } from 'cloudflare:test';
import { afterEach } from 'vitest';

// Every test file starts from the real migrations; storage is wiped after each test.
await applyD1Migrations(env.DB, env.TEST_MIGRATIONS);

/** The tables D1 holds, the runtime's own (`_cf_…`, `sqlite_…`) left out. */
async function tableCount(): Promise<number> {
  const row = await env.DB.prepare(
    "SELECT count(*) AS n FROM sqlite_master WHERE type = 'table' AND name NOT LIKE '\\_cf\\_%' ESCAPE '\\' AND name NOT LIKE 'sqlite\\_%' ESCAPE '\\'",
  ).first<number>('n');
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
  await applyD1Migrations(env.DB, env.TEST_MIGRATIONS);
});
