import { resolve } from 'node:path';
import type { Page } from '@playwright/test';
import { fakeCameraLaunchOptions } from './chromium';
import { test as base, catalogTexts, expect, PAPA } from './fixtures';
import { writeQrVideo } from './qr-video';

// Chromium's fake camera plays these videos in a loop; the real qr-scanner decodes them.
// The printed QR code of an older stone: /stone/ path, lowercase, no hyphens.
const stoneUrl = 'https://reisesteine.de/stone/b0bcafe42';
const stoneVideo = resolve('test-results/qr-code.y4m');
writeQrVideo(stoneVideo, stoneUrl);
// Someone holds up the wrong QR code first, then the stone's.
const wrongThenStoneVideo = resolve('test-results/qr-wrong-then-stone.y4m');
writeQrVideo(wrongThenStoneVideo, [
  { text: 'https://example.org/hello', seconds: 4 },
  { text: stoneUrl, seconds: 2 },
]);
const wrongVideo = resolve('test-results/qr-wrong.y4m');
writeQrVideo(wrongVideo, 'https://example.org/hello');

/**
 * Each test gets a Chromium whose fake camera (access granted) plays the video named by `cameraVideo`: the browser
 * is chosen per test here, as launch options can only be set per file.
 */
const test = base.extend<{ cameraVideo: string }>({
  cameraVideo: [stoneVideo, { option: true }],
  context: async ({ playwright, cameraVideo, baseURL, locale }, use) => {
    const browser = await playwright.chromium.launch(fakeCameraLaunchOptions(cameraVideo));
    const context = await browser.newContext({ baseURL, locale });
    await use(context);
    await browser.close();
  },
});

type CameraLog = { constraints: MediaStreamConstraints[]; streams: MediaStream[] };

/** Records what the page asks getUserMedia for and the streams it gets, in `window.cameraLog`. */
async function recordCamera(page: Page) {
  await page.addInitScript(() => {
    const log: CameraLog = { constraints: [], streams: [] };
    (window as unknown as { cameraLog: CameraLog }).cameraLog = log;
    const devices = navigator.mediaDevices;
    const getUserMedia = devices.getUserMedia.bind(devices);
    devices.getUserMedia = async (constraints) => {
      log.constraints.push(JSON.parse(JSON.stringify(constraints ?? {})) as MediaStreamConstraints);
      const stream = await getUserMedia(constraints);
      log.streams.push(stream);
      return stream;
    };
  });
}

type ScanLog = { scannedFrames: number };

/**
 * Counts the camera frames the scanner reads, in `window.scannedFrames`: every scan draws the video into a canvas
 * for the decoder (qr-scanner's scanImage, whichever decoder it uses).
 */
async function countScannedFrames(page: Page) {
  await page.addInitScript(() => {
    const log = window as unknown as ScanLog;
    log.scannedFrames = 0;
    const drawImage = CanvasRenderingContext2D.prototype.drawImage;
    CanvasRenderingContext2D.prototype.drawImage = function (this: CanvasRenderingContext2D, ...args: unknown[]) {
      if (args[0] instanceof HTMLVideoElement) log.scannedFrames += 1;
      return (drawImage as (...values: unknown[]) => void).apply(this, args);
    } as typeof drawImage;
  });
}

async function openScanner(page: Page) {
  await page.goto('/');
  await page.getByRole('banner').getByRole('button', { name: 'Stein finden' }).click();
  await page.getByRole('button', { name: 'QR-Code scannen' }).click();
  await expect(page.getByTestId('qr-video')).toBeVisible();
}

test.describe('with a stone QR code in front of the camera', () => {
  test('scanning a stone QR code opens the found-stone choice for its code', async ({ page }) => {
    await openScanner(page);
    const modal = page.getByRole('dialog', { name: `Stein ${PAPA} gefunden` });
    await expect(modal).toBeVisible({ timeout: 15_000 });
    await modal.getByRole('button', { name: 'Nur ansehen' }).click();
    await expect(page).toHaveURL(`/view/${PAPA}`);
  });

  test('asks for the rear camera at ideally 1280x720 and releases it after the scan', async ({ page }) => {
    await recordCamera(page);
    await openScanner(page);
    await expect(page.getByRole('dialog', { name: `Stein ${PAPA} gefunden` })).toBeVisible({ timeout: 15_000 });
    const log = await page.evaluate(() => {
      const { constraints, streams } = (window as unknown as { cameraLog: CameraLog }).cameraLog;
      return { constraints, tracks: streams.flatMap((stream) => stream.getTracks().map((track) => track.readyState)) };
    });
    expect(log.constraints.length).toBeGreaterThan(0);
    for (const constraints of log.constraints) {
      expect(constraints.video).toMatchObject({ facingMode: { ideal: 'environment' }, width: { ideal: 1280 }, height: { ideal: 720 } });
    }
    expect(log.tracks.length).toBeGreaterThan(0);
    expect(
      log.tracks.every((state) => state === 'ended'),
      'every camera track is stopped',
    ).toBe(true);
  });
});

test.describe('with a QR code that holds no stone code', () => {
  test.use({ cameraVideo: wrongThenStoneVideo });

  test('says "Ungültiger Code", keeps scanning and then opens the stone scanned next', async ({ page }) => {
    await openScanner(page);
    const alert = page.getByRole('alert');
    await expect(alert).toContainText('Ungültiger Code', { timeout: 10_000 });
    await expect(alert).toContainText('Der Code muss das Format XXX-XXX-XXX haben');
    await expect(alert).toContainText('https://example.org/hello');
    const modal = page.getByRole('dialog', { name: `Stein ${PAPA} gefunden` });
    await expect(modal).toBeVisible({ timeout: 15_000 });
    await modal.getByRole('button', { name: 'Nur ansehen' }).click();
    await expect(page).toHaveURL(`/view/${PAPA}`);
  });
});

test.describe('with only a QR code that holds no stone code', () => {
  test.use({ cameraVideo: wrongVideo });

  test('shows the invalid-code message once and steadily while the camera keeps scanning', async ({ page }) => {
    await countScannedFrames(page);
    await openScanner(page);
    const alert = page.getByRole('alert');
    await expect(alert).toContainText('Ungültiger Code', { timeout: 10_000 });
    // The same text scanned again (every 500 ms) neither re-creates nor hides the message: four more scans of it.
    await alert.evaluate((element) => element.setAttribute('data-first-shown', ''));
    const scanned = await page.evaluate(() => (window as unknown as ScanLog).scannedFrames);
    await expect
      .poll(() => page.evaluate(() => (window as unknown as ScanLog).scannedFrames), { timeout: 10_000 })
      .toBeGreaterThanOrEqual(scanned + 4);
    await expect(page.getByRole('alert')).toHaveCount(1);
    await expect(alert).toHaveAttribute('data-first-shown', '');
    await expect(page.getByTestId('qr-video')).toBeVisible();
  });
});

test.describe('when the QR decoder cannot be downloaded', () => {
  test.use({
    allowConsoleErrors: [/net::ERR_FAILED|Failed to fetch dynamically imported module/],
    // The download is refused by the page's request routing, which the service worker's own fetches would bypass.
    serviceWorkers: 'block',
  });

  test('says the scanner could not be loaded, stops the camera and offers typing the code', async ({ page }) => {
    await page.route('**/assets/qr-scanner-worker*', (route) => route.abort());
    await recordCamera(page);
    await openScanner(page);
    const alert = page.getByRole('alert');
    await expect(alert).toContainText('Kamera-Fehler', { timeout: 10_000 });
    await expect(alert).toContainText('Der QR-Scanner konnte nicht geladen werden');
    await expect(alert).not.toContainText('erlaube den Zugriff');
    const tracks = await page.evaluate(() =>
      (window as unknown as { cameraLog: CameraLog }).cameraLog.streams.flatMap((stream) =>
        stream.getTracks().map((track) => track.readyState),
      ),
    );
    expect(tracks.length).toBeGreaterThan(0);
    expect(
      tracks.every((state) => state === 'ended'),
      'every camera track is stopped',
    ).toBe(true);
    await page.getByRole('button', { name: 'Code eingeben' }).click();
    await expect(page.getByLabel('Stein-Code')).toBeVisible();
  });
});

test.describe('for a finder whose browser reads Turkish', () => {
  test.use({ locale: 'tr-TR' });
  const turkish = catalogTexts('tr', ['', 'find-dialog']);
  const say = (id: string) => turkish[id] ?? id;

  test('the scanner and the found-stone choice speak Turkish, and the stone opens in Turkish', async ({ page }) => {
    await page.goto('/');
    await expect(page.locator('html')).toHaveAttribute('lang', 'tr');
    await page
      .getByRole('banner')
      .getByRole('button', { name: say('core.nav.find') })
      .click();
    await page.getByRole('button', { name: say('find-dialog.scan') }).click();
    await expect(page.getByText(say('find-dialog.camera.hint'))).toBeVisible();
    const modal = page.getByRole('dialog', { name: say('find-dialog.findModal.title').replace('{code}', PAPA) });
    await expect(modal).toBeVisible({ timeout: 15_000 });
    await modal.getByRole('button', { name: say('find-dialog.findModal.view') }).click();
    await expect(page).toHaveURL(`/view/${PAPA}`);
    await expect(page.locator('html')).toHaveAttribute('lang', 'tr');
  });
});
