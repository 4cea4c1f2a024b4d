import { chromiumArgs, chromiumTestExecutable } from '../scripts/chromium.mjs';

/** Launch options for a Chromium whose camera (access granted) plays `videoPath`, a Y4M file from e2e/qr-video.ts. */
export function fakeCameraLaunchOptions(videoPath: string) {
  return {
    executablePath: chromiumTestExecutable,
    args: [
      ...chromiumArgs,
      '--use-fake-ui-for-media-stream',
      '--use-fake-device-for-media-stream',
      `--use-file-for-fake-video-capture=${videoPath}`,
    ],
  };
}
