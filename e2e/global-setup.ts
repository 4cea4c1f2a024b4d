import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { chromiumTestExecutable } from '../scripts/chromium.mjs';
import { ensureBuild, serveBuild } from '../scripts/serve-build.mjs';
import { startFakeServices } from '../tests/support/fake-services';
import { startPushService, TEST_VAPID } from '../tests/support/push-service';

/** The operator of the browser tests. */
export const E2E_OPERATOR = { email: 'betrieb@example.org', password: 'e2e-passwort-lang-genug' };

/** Builds once, serves the built Worker with fresh seeded state (and the fake Stripe), and stops both after the run. */

export default async function globalSetup() {
  // Which Chromium runs them: the headless shell where it is installed, else the full browser (scripts/chromium.mjs).
  console.info(`browser tests in ${chromiumTestExecutable}`);
  ensureBuild({ rebuild: !process.env.E2E_REUSE_BUILD });
  const fakes = await startFakeServices();
  // The specs that play Stripe's part (a buyer who paid, a refund) reach the fake through this.
  process.env.E2E_FAKES_URL = fakes.url;
  // A real push service on this machine (web-push-testing): the push spec's browser subscribes there.
  const pushService = await startPushService();
  process.env.E2E_PUSH_URL = pushService.url;
  const port = Number(process.env.E2E_PORT ?? 8790);
  const server = await serveBuild({
    port,
    stateDir: `.e2e/state-${port}`,
    config: quickQueueConfig(),
    vars: {
      // Links in pages and mails point at this server.
      PUBLIC_SITE_URL: `http://127.0.0.1:${port}`,
      // An offline map style: the browser tests have no network for tiles.
      MAP_STYLE_URL: '/map-style.json',
      // Mail kept for /dev/mail.json, which only development serves.
      ENVIRONMENT: 'development',
      MAIL_TRANSPORT: 'development',
      // Paid stones against the fake Stripe on 127.0.0.1 (Stripe.js itself cannot load offline).
      STRIPE_SECRET_KEY: 'sk_test_fake',
      STRIPE_PUBLISHABLE_KEY: 'pk_test_fake',
      STRIPE_WEBHOOK_SECRET: 'whsec_e2e',
      STRIPE_API_BASE: fakes.url,
      // The address search and place names ask the fake geocoder.
      GEOCODER_URL: `${fakes.url}/nominatim`,
      // Analytics configured, so the browser tests see that it waits for consent.
      ANALYTICS_ID: 'G-E2ETEST1',
      // A share card renders as soon as it is asked for: the browser tests follow one change at a time (renders that
      // coalesce over SHARE_CARD_DEBOUNCE_SECONDS are the Worker tests', tests/worker/share-coalescing.routes.test.ts).
      SHARE_CARD_DEBOUNCE_SECONDS: '0',
      // Push messages on, with the tests' own VAPID pair (never a deployment's).
      ...TEST_VAPID,
    },
  });
  // The operator the admin tests log in as, added the way an operator of a real installation is.
  execFileSync('npx', ['tsx', 'scripts/add-operator.ts', E2E_OPERATOR.email, '--persist-to', `.e2e/state-${port}`], {
    stdio: ['ignore', 'ignore', 'inherit'],
    env: { ...process.env, OPERATOR_PASSWORD: E2E_OPERATOR.password, WRANGLER_SEND_METRICS: 'false' },
  });
  return async () => {
    await server.stop();
    await fakes.close();
    await pushService.close();
  };
}

/**
 * The build's config with the queue delivering a batch after a second instead of five (as the Worker tests'
 * Miniflare does, vitest.config.ts): a test that waits for a mail or a share card waits for the queue's state, and
 * a shorter batch window only lets that state come sooner. Beside the build's own config, whose relative paths it
 * keeps.
 */
function quickQueueConfig(): string {
  const built = 'dist/reisesteine/wrangler.json';
  const config = JSON.parse(readFileSync(built, 'utf8')) as { queues?: { consumers?: Array<{ max_batch_timeout?: number }> } };
  for (const consumer of config.queues?.consumers ?? []) consumer.max_batch_timeout = 1;
  const file = 'dist/reisesteine/wrangler.e2e.json';
  writeFileSync(file, JSON.stringify(config));
  return file;
}
