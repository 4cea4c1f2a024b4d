import { applyD1Migrations, env } from 'cloudflare:test';
import { afterEach } from 'vitest';
import { reset } from 'cloudflare:test';

// Every test file starts from the real migrations; storage is wiped after each test.
await applyD1Migrations(env.DB, env.TEST_MIGRATIONS);

afterEach(async () => {
  await reset();
  await applyD1Migrations(env.DB, env.TEST_MIGRATIONS);
});
