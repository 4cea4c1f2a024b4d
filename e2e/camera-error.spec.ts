import { expect, test } from './fixtures';

// This browser has no camera at all.
test.use({ allowConsoleErrors: [/camera|Requested device not found|NotFoundError/i] });

test('without a usable camera the dialog says "Kamera-Fehler" and asks to allow access', async ({ page }) => {
  await page.goto('/');
  await page.getByRole('banner').getByRole('button', { name: 'Stein finden' }).click();
  await page.getByRole('button', { name: 'QR-Code scannen' }).click();
  await expect(page.getByRole('alert')).toContainText('Kamera-Fehler', { timeout: 10_000 });
  await expect(page.getByRole('alert')).toContainText('Bitte erlaube den Zugriff auf die Kamera');
});

test.describe('in a browser without camera support', () => {
  test('the dialog says "Kamera nicht verfügbar"', async ({ page }) => {
    await page.addInitScript(() => {
      Object.defineProperty(navigator, 'mediaDevices', { value: undefined });
    });
    await page.goto('/');
    await page.getByRole('banner').getByRole('button', { name: 'Stein finden' }).click();
    await page.getByRole('button', { name: 'QR-Code scannen' }).click();
    await expect(page.getByRole('alert')).toContainText('Kamera nicht verfügbar');
  });
});
