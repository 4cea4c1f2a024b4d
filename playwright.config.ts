import { defineConfig } from '@playwright/test';
import { chromiumArgs, chromiumExecutable } from './scripts/chromium.mjs';

const port = Number(process.env.E2E_PORT ?? 8790);

/**
 * Browser tests: Debian's Chromium (no downloaded browser) against the production build served by workerd
 * with its own seeded state (see e2e/global-setup.ts). One worker: the tests share that database.
 */
export default defineConfig({
  testDir: 'e2e',
  outputDir: 'test-results',
  fullyParallel: false,
  workers: 1,
  retries: 0,
  forbidOnly: !!process.env.CI,
  timeout: 30_000,
  expect: { timeout: 10_000 },
  reporter: [['list']],
  globalSetup: './e2e/global-setup.ts',
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    locale: 'de-DE',
    trace: 'retain-on-failure',
    launchOptions: { executablePath: chromiumExecutable, args: chromiumArgs },
  },
});
