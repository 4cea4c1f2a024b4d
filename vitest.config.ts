import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import { cloudflareTest, readD1Migrations } from '@cloudflare/vitest-plugin';
import { defineConfig } from 'vitest/config';
import { buildInfo } from './scripts/build-info-plugin.ts';
import { clientAssets } from './scripts/client-assets-plugin.ts';
import { compiledMessages } from './scripts/compiled-messages-plugin.ts';
import { PRODUCTION_RUNTIME } from './scripts/serve-build.mjs';
import { startFakeServices } from './tests/support/fake-services.ts';
import { startPushService, TEST_VAPID } from './tests/support/push-service.ts';

// The Worker tests' workerd runs as production does, without the local trace collector and explorer (decision
// record 031); a variable set in the shell wins.
for (const [name, value] of Object.entries(PRODUCTION_RUNTIME)) process.env[name] ??= value;

const migrationsDir = fileURLToPath(new URL('./migrations', import.meta.url));

// The outside services' fakes on 127.0.0.1, for the adapters' tests and for the Worker's own configuration (the
// geocoder), so no test ever reaches the network.
const fakes = await startFakeServices();
// A real push service on this machine (web-push-testing), which decrypts what the Worker sends.
const pushService = await startPushService();

export default defineConfig({
  test: {
    // One test file per core at a time (Vitest's default leaves one core free: half the machine on two cores). Each
    // Worker test file runs in a workerd of its own, so files side by side share nothing but the machine.
    maxWorkers: availableParallelism(),
    // The Worker's one log line per request (src/worker/app.ts) would bury the tests' own output.
    onConsoleLog: (line) => !line.includes('"message":"request"'),
    projects: [
      {
        test: {
          name: 'unit',
          include: ['tests/unit/**/*.test.ts'],
          environment: 'node',
          // Some start a process (a script, the dev server); with a test file per core that can take more than 5 s.
          testTimeout: 15_000,
          // Group 1, beside the Worker tests, before ops. Not 0: Vitest 5 runs projects of group 0 last when only one
          // worker is free (maxWorkers 1, as on two cores), after every numbered group.
          sequence: { groupOrder: 1 },
        },
      },
      {
        test: {
          // Operations (decision record 020, docs/backup-and-restore.md): a backup's restore on local D1, and the
          // previous version's Worker tests against the current migrations. They start wrangler and a second Vitest
          // with its own workerd, so they run after the other projects (groupOrder), not beside the Worker tests, and
          // one file at a time.
          name: 'ops',
          include: ['tests/ops/**/*.test.ts'],
          environment: 'node',
          sequence: { groupOrder: 2 },
          fileParallelism: false,
          testTimeout: 30_000,
        },
      },
      {
        plugins: [
          clientAssets(),
          buildInfo(),
          compiledMessages(),
          cloudflareTest(async () => ({
            remoteBindings: false,
            wrangler: { configPath: './wrangler.toml' },
            miniflare: {
              bindings: {
                TEST_MIGRATIONS: await readD1Migrations(migrationsDir),
                PUBLIC_SITE_URL: 'https://reisesteine.test',
                // Tests that need production behaviour pass ENVIRONMENT: 'production' to the app themselves.
                ENVIRONMENT: 'development',
                MAIL_TRANSPORT: 'development',
                GEOCODER_URL: `${fakes.url}/nominatim`,
                // Tests write to D1 directly between reads: the edge cache is off except in its own tests, which
                // pass a lifetime to the app themselves (tests/worker/edge-cache.routes.test.ts).
                EDGE_CACHE_SECONDS: '0',
                // Share cards are rendered only where a test asks for them (tests/worker/share-cards.routes.test.ts).
                SHARE_IMAGES: 'off',
                ...TEST_VAPID,
              },
              // Mail tests wait for the real queue: deliver a batch after a second, not after five.
              queueConsumers: { 'reisesteine-email': { maxBatchTimeout: 1 } },
            },
          })),
        ],
        test: {
          name: 'worker',
          sequence: { groupOrder: 1 },
          // The Worker test files on one core share its workerd, one file after another, as production's isolates serve
          // request after request: starting a workerd and loading the Worker's modules for each of the 81 files took
          // half the Worker tests' time (decision record 031). Every test still starts on empty storage (the setup file's
          // reset); what the Worker's modules keep between requests (a key made from its secret, the share card's parsed
          // assets, a note logged once) is what an isolate in production keeps too.
          isolate: false,
          // Integration tests render pages and wait for the real queue; a busy machine needs more than 5 s now and then.
          testTimeout: 15_000,
          include: ['tests/worker/**/*.test.ts'],
          setupFiles: ['./tests/support/apply-migrations.ts'],
          // The API fuzz's seed and number of requests: FUZZ_SEED=… repeats a run, FUZZ_RUNS=… shortens or lengthens it.
          provide: {
            fakeServicesUrl: fakes.url,
            pushServiceUrl: pushService.url,
            fuzzSeed: process.env.FUZZ_SEED ?? '',
            fuzzRuns: process.env.FUZZ_RUNS ?? '',
          },
        },
      },
    ],
  },
});
