// How the browser tests and the Lighthouse bench start Debian's Chromium: no downloaded browser, no network but
// this machine.
import { existsSync } from 'node:fs';

/** The full browser: Lighthouse measures the pages in it, as a visitor's Chromium renders them. */
export const chromiumExecutable = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/**
 * The browser tests' Chromium: Debian's `chromium-headless-shell` (the same Chromium, built without the browser's
 * own windows and services; what Playwright runs headless by default), a quarter less of the browser tests' time
 * than the full browser (decision record 031). Where it is not installed, the full browser runs them.
 * `CHROMIUM_PATH` chooses either.
 */
export const chromiumTestExecutable =
  process.env.CHROMIUM_PATH ?? (existsSync('/usr/bin/chromium-headless-shell') ? '/usr/bin/chromium-headless-shell' : '/usr/bin/chromium');

export const chromiumArgs = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--no-first-run',
  // Map tiles, fonts or trackers would fail here instead of reaching the internet.
  '--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE localhost, EXCLUDE 127.0.0.1',
];
