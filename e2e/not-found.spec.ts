import { expect, test } from './fixtures';

test.use({ allowConsoleErrors: [/404 \(Not Found\)/] });

test('an unknown address shows the Page Not Found screen with status 404', async ({ page }) => {
  const response = await page.goto('/gibt/es/nicht');
  expect(response?.status()).toBe(404);
  await expect(page.getByRole('heading', { name: 'Seite nicht gefunden' })).toBeVisible();
  await page.getByRole('link', { name: 'Zur Startseite' }).click();
  await expect(page).toHaveURL('/');
});

test('an unknown stone code shows the stone not-found screen with a Back button', async ({ page }) => {
  await page.goto('/');
  const response = await page.goto('/FFF-FFF-FFF');
  expect(response?.status()).toBe(404);
  await expect(page.getByRole('heading', { name: 'Stein nicht gefunden' })).toBeVisible();
  await expect(page.getByRole('main').getByText('Mit diesem Code wurde kein Stein gefunden.')).toBeVisible();
  await page.getByRole('button', { name: 'Zurück' }).click();
  await expect(page).toHaveURL('/');
});

test('a lowercase code in the address is redirected to the canonical stone page', async ({ page }) => {
  // The welcome dialog would hide the page from the accessibility tree once it opens.
  await page.addInitScript(() => window.localStorage.setItem('welcome-shown:A1B-2C3-D4E', 'seen'));
  await page.goto('/a1b2c3d4e');
  await expect(page).toHaveURL('/A1B-2C3-D4E');
  await expect(page.getByRole('heading', { level: 1, name: 'Omas Gartenstein' })).toBeVisible();
});
