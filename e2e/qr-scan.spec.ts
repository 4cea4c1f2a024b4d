import { resolve } from 'node:path';
import { chromiumArgs, chromiumExecutable } from './chromium';
import { expect, PAPA, test } from './fixtures';
import { writeQrVideo } from './qr-video';

const video = resolve('test-results/qr-code.y4m');
// The printed QR code of an older stone: /stone/ path, lowercase, no hyphens.
writeQrVideo(video, 'https://reisesteine.de/stone/b0bcafe42');

// Chromium's fake camera plays the video; the real qr-scanner decodes it.
test.use({
  launchOptions: {
    executablePath: chromiumExecutable,
    args: [...chromiumArgs, '--use-fake-ui-for-media-stream', '--use-fake-device-for-media-stream', `--use-file-for-fake-video-capture=${video}`],
  },
});

test('scanning a stone QR code opens the found-stone choice for its code', async ({ page }) => {
  await page.goto('/');
  await page.getByRole('banner').getByRole('button', { name: 'Stein finden' }).click();
  await page.getByRole('button', { name: 'QR-Code scannen' }).click();
  await expect(page.getByTestId('qr-video')).toBeVisible();
  const modal = page.getByRole('dialog', { name: `Stein ${PAPA} gefunden` });
  await expect(modal).toBeVisible({ timeout: 15_000 });
  await modal.getByRole('button', { name: 'Nur ansehen' }).click();
  await expect(page).toHaveURL(`/view/${PAPA}`);
});
