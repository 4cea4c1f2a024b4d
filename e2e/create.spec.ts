import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';

async function openCreator(page: Page) {
  await page.goto('/');
  await page.getByRole('main').getByRole('button', { name: 'Stein erstellen' }).click();
  await expect(page.getByRole('dialog', { name: 'Stein erstellen' })).toBeVisible();
}

async function fillBasics(page: Page, email: string, title: string) {
  await page.getByRole('textbox', { name: 'Deine E-Mail-Adresse' }).fill(email);
  await page.getByRole('textbox', { name: 'Name des Steins' }).fill(title);
  await page.getByRole('button', { name: 'Weiter' }).click();
}

test('a free stone: creator, success page with code, QR code and an owner link that opens, and the label sheet', async ({ page }) => {
  await openCreator(page);
  await fillBasics(page, `free-${Date.now()}@example.org`, 'Omas Reisestein');
  await expect(page.getByRole('heading', { name: 'Premium-Funktionen' })).toBeFocused();
  await expect(page.getByTestId('creator-price')).toHaveText('Kostenlos');
  await page.getByRole('button', { name: 'Weiter' }).click();
  await page.getByRole('button', { name: 'Stein erstellen', exact: true }).click();

  await expect(page).toHaveURL(/\/success\?code=[0-9A-F]{3}-[0-9A-F]{3}-[0-9A-F]{3}&paid=false$/);
  await expect(page.getByRole('status').filter({ hasText: 'Stein erfolgreich erstellt!' })).toBeVisible();
  const code = (await page.getByTestId('success-code').textContent()) ?? '';
  const qr = page.getByRole('img', { name: `QR-Code für Stein ${code}` });
  await expect(qr).toBeVisible();
  // Loaded, not only laid out: its width is known once the image has arrived.
  await expect.poll(() => qr.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
  await expect(page.getByText('Dieser Link ist die einzige Möglichkeit, deinen Stein zu verwalten.', { exact: false })).toBeVisible();

  await page.getByTestId('owner-link').getByRole('link').click();
  await expect(page.getByRole('heading', { name: `Stein ${code} verwalten` })).toBeVisible();
  await expect(page.getByRole('definition').filter({ hasText: 'Omas Reisestein' })).toBeVisible();

  await page.goto(`/etikett/${code}`);
  await expect(page.getByTestId('label-3')).toHaveCount(5);
  await expect(page.getByTestId('label-5').first()).toContainText(code);
  const width = await page
    .getByTestId('label-4')
    .first()
    .locator('img')
    .evaluate((img) => img.getBoundingClientRect().width);
  // 4 cm in CSS pixels (96 px per inch): what prints as 4 cm at 100 %.
  expect(Math.round(width)).toBe(Math.round((4 / 2.54) * 96));
});

test('the creator refuses what the spec refuses, with its messages', async ({ page }) => {
  await openCreator(page);
  const next = page.getByRole('button', { name: 'Weiter' });
  // Disabled without e-mail or title (a title of spaces is none).
  await expect(next).toBeDisabled();
  await page.getByRole('textbox', { name: 'Deine E-Mail-Adresse' }).fill('keine-adresse');
  await page.getByRole('textbox', { name: 'Name des Steins' }).fill('   ');
  await expect(next).toBeDisabled();
  await page.getByRole('textbox', { name: 'Name des Steins' }).fill('Stein');
  await next.click();
  await expect(page.getByText('Bitte gib eine gültige E-Mail-Adresse ein')).toBeVisible();

  await page.getByRole('textbox', { name: 'Deine E-Mail-Adresse' }).fill('ok@example.org');
  await page.getByRole('textbox', { name: 'Name des Steins' }).fill('x'.repeat(200));
  await expect(page.getByRole('textbox', { name: 'Name des Steins' })).toHaveValue('x'.repeat(128));
  await expect(page.getByText('128 / 128')).toBeVisible();
  await next.click();

  await page.getByRole('checkbox', { name: 'Fotos (bis zu 5) – 5 €' }).check();
  await expect(page.getByTestId('creator-price')).toHaveText('Gesamt: 5,00 €');
  await page.getByRole('checkbox', { name: 'Eine Geschichte – 5 €' }).check();
  await expect(page.getByTestId('creator-price')).toHaveText('Gesamt: 10,00 €');
  await page.getByRole('button', { name: 'Weiter' }).click();
  await expect(page.getByText('Fotos erforderlich')).toBeVisible();
});

test('a title of invisible characters only is no title: the first step says so in the field and stays', async ({ page }) => {
  await openCreator(page);
  const title = page.getByRole('textbox', { name: 'Name des Steins' });
  await page.getByRole('textbox', { name: 'Deine E-Mail-Adresse' }).fill('unsichtbar@example.org');
  // Zero-width spaces: not whitespace to trim(), so the button is enabled, but nothing a finder could read.
  await title.fill('\u200B\u200B');
  await page.getByRole('button', { name: 'Weiter' }).click();
  await expect(title).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByRole('alert').filter({ hasText: 'Name ist erforderlich' })).toBeVisible();
  await expect(title).toHaveAccessibleDescription('Name ist erforderlich');
  await expect(page.getByRole('heading', { name: 'Grundinformationen' })).toBeVisible();
  await expect(page.getByRole('checkbox', { name: 'Fotos (bis zu 5) – 5 €' })).toHaveCount(0);

  // A visible title goes on.
  await title.fill('\u200BSichtbar');
  await page.getByRole('button', { name: 'Weiter' }).click();
  await expect(page.getByRole('heading', { name: 'Premium-Funktionen' })).toBeFocused();
});

test('a 12-megapixel phone photo of several MB is shrunk in the browser and accepted', async ({ page }) => {
  await openCreator(page);
  await fillBasics(page, 'photo@example.org', 'Fotostein');
  await page.getByRole('checkbox', { name: 'Fotos (bis zu 5) – 5 €' }).check();
  // A noisy 4000×3000 JPEG at full quality, made in the page and chosen as a phone would: larger than the 5 MB
  // the server takes.
  const size = await page.evaluate(async () => {
    const canvas = document.createElement('canvas');
    canvas.width = 4000;
    canvas.height = 3000;
    const context = canvas.getContext('2d');
    if (!context) throw new Error('no canvas');
    const image = context.createImageData(4000, 3000);
    for (let i = 0; i < image.data.length; i++) image.data[i] = (i * 2654435761) % 251;
    context.putImageData(image, 0, 0);
    const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, 'image/jpeg', 1));
    if (!blob) throw new Error('no JPEG');
    const input = document.querySelector<HTMLInputElement>('input[type=file]');
    if (!input) throw new Error('no file input');
    const files = new DataTransfer();
    files.items.add(new File([blob], 'IMG_0001.JPG', { type: 'image/jpeg' }));
    input.files = files.files;
    input.dispatchEvent(new Event('change', { bubbles: true }));
    return blob.size;
  });
  expect(size).toBeGreaterThan(5 * 1024 * 1024);
  await expect(page.getByText('1 Foto ausgewählt')).toBeVisible({ timeout: 20_000 });
  await expect(page.getByRole('button', { name: 'IMG_0001.jpg entfernen' })).toBeVisible();
});

test.describe('a paid stone', () => {
  // Stripe.js comes from Stripe's servers, which this machine cannot reach: the page says so, the browser logs it.
  test.use({ allowConsoleErrors: [/ERR_NAME_NOT_RESOLVED/] });

  test('goes from the creator to the checkout, where only Stripe’s own form (offline here) is missing', async ({ page }) => {
    await openCreator(page);
    await fillBasics(page, 'paid@example.org', 'Erinnerungsstein');
    await page.getByRole('checkbox', { name: 'Eine Geschichte – 5 €' }).check();
    await page.getByRole('textbox', { name: 'Die Geschichte' }).fill('Er lag am Strand von Rügen.');
    await page.getByRole('button', { name: 'Weiter' }).click();
    await page.getByRole('button', { name: 'Bezahlen und erstellen' }).click();

    await expect(page).toHaveURL(/\/checkout\?amount=5&features=/);
    await expect(page.getByRole('heading', { name: 'Bezahlung' })).toBeVisible();
    await expect(page.getByTestId('checkout-total')).toHaveText('Gesamt: 5,00 €');
    await expect(page.getByText('Das Zahlungsformular konnte nicht geladen werden.', { exact: false })).toBeVisible();
  });

  test('takes a promotion code, refuses an unknown one, and a 100 % code creates the stone without paying', async ({ page, request }) => {
    await openCreator(page);
    await fillBasics(page, 'promo@example.org', 'Rabattstein');
    await page.getByRole('checkbox', { name: 'Fotos (bis zu 5) – 5 €' }).check();
    await page.getByRole('checkbox', { name: 'Eine Geschichte – 5 €' }).check();
    await page.locator('input[type=file]').setInputFiles({
      name: 'pixel.png',
      mimeType: 'image/png',
      buffer: Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64'),
    });
    await expect(page.getByText('1 Foto ausgewählt')).toBeVisible();
    await page.getByRole('textbox', { name: 'Die Geschichte' }).fill('Eine Geschichte.');
    await page.getByRole('button', { name: 'Weiter' }).click();
    await page.getByRole('button', { name: 'Bezahlen und erstellen' }).click();
    await expect(page.getByTestId('checkout-total')).toHaveText('Gesamt: 10,00 €');

    await page.getByRole('textbox', { name: 'Rabattcode' }).fill('FALSCH');
    await page.getByRole('button', { name: 'Anwenden' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Ungültiger Rabattcode' })).toBeVisible();

    await page.getByRole('textbox', { name: 'Rabattcode' }).fill('zehn');
    await page.getByRole('button', { name: 'Anwenden' }).click();
    await expect(page.getByText('Rabattcode angewendet: −1,00 €')).toBeVisible();
    await expect(page.getByTestId('checkout-total')).toHaveText('Gesamt: 9,00 €');

    await page.getByRole('textbox', { name: 'Rabattcode' }).fill('GRATIS');
    await page.getByRole('button', { name: 'Anwenden' }).click();
    await expect(page).toHaveURL(/\/success\?code=[0-9A-F-]{11}&paid=true$/);
    await expect(page.getByTestId('owner-link')).toBeVisible();
    // The photo kept in memory went up with the owner link.
    const code = (await page.getByTestId('success-code').textContent()) ?? '';
    const stone = (await (await request.get(`/api/stones/${code}`)).json()) as { photos: string[]; hasStory: boolean; story: string };
    expect(stone).toMatchObject({ hasStory: true, story: 'Eine Geschichte.' });
    expect(stone.photos).toHaveLength(1);
  });
});
