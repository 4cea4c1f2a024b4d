// How the browser tests and the Lighthouse bench start Debian's Chromium: no downloaded browser, no network but
// this machine.

export const chromiumExecutable = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

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
