import { applyD1Migrations, env, reset } from 'cloudflare:test';
import { afterEach } from 'vitest';

// Every test file starts from the real migrations; storage is wiped after each test.
await applyD1Migrations(env.DB, env.TEST_MIGRATIONS);

afterEach(async () => {
  await reset();
  await applyD1Migrations(env.DB, env.TEST_MIGRATIONS);
});
