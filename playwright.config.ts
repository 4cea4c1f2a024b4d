import { defineConfig } from '@playwright/test';
import { chromiumArgs, chromiumTestExecutable } from './scripts/chromium.mjs';

const port = Number(process.env.E2E_PORT ?? 8790);

/**
 * Browser tests: Debian's Chromium (no downloaded browser) against the production build served by workerd
 * with its own seeded state (see e2e/global-setup.ts), which the tests of every worker share.
 */
export default defineConfig({
  testDir: 'e2e',
  outputDir: 'test-results',
  fullyParallel: false,
  // Three files at a time against the one server: each test is a client of its own (e2e/fixtures.ts) with stones of
  // its own (a seeded stone written to is used by one file only). With two, the two cores were busy 1.47 of 2 on
  // average — a test waiting for a mail, a share card or a page's timer leaves its core idle — and with three the
  // run took 210 s instead of 256 s (decision record 031).
  workers: 3,
  retries: 0,
  forbidOnly: !!process.env.CI,
  timeout: 30_000,
  expect: { timeout: 10_000 },
  reporter: [['list']],
  globalSetup: './e2e/global-setup.ts',
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    locale: 'de-DE',
    // A failed test keeps its trace: every request and its answer, the console, each step and the test's source.
    // Screenshots and DOM snapshots at every step are left out: recording them cost a sixth of the browser tests' time
    // (three spec files: 200 s with them, 172 s without, 165 s with no trace at all); the error context beside the
    // trace holds the page's accessibility tree at the failure.
    // The service worker installs on a page's first visit and fetches and compiles the stone page's files ahead: a
    // quarter of the browser's time in tests that never go offline. Those of the offline finder (offline.spec.ts) let
    // it run, one of them through every kind of screen; the others run without it.
    serviceWorkers: 'block',
    trace: { mode: 'retain-on-failure', screenshots: false, snapshots: false },
    launchOptions: { executablePath: chromiumTestExecutable, args: chromiumArgs },
  },
});
