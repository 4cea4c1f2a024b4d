/** How the browser tests start Debian's Chromium: no downloaded browser, no network but this machine. */
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

/** Launch options for a Chromium whose camera (access granted) plays `videoPath`, a Y4M file from e2e/qr-video.ts. */
export function fakeCameraLaunchOptions(videoPath: string) {
  return {
    executablePath: chromiumExecutable,
    args: [
      ...chromiumArgs,
      '--use-fake-ui-for-media-stream',
      '--use-fake-device-for-media-stream',
      `--use-file-for-fake-video-capture=${videoPath}`,
    ],
  };
}
