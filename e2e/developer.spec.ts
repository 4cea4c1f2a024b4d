import { expect, test } from './fixtures';

// /entwickler: the public API's document in words (decision record 045), reached from the footer.

test('the footer leads to the developer page, whose addresses link their data shapes and whose fields open', async ({ page }) => {
  await page.goto('/');
  await page.getByRole('contentinfo').getByRole('link', { name: 'Für Entwickler' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Für Entwickler: die offene Schnittstelle' })).toBeVisible();
  await expect(page).toHaveTitle('Für Entwickler: die offene Schnittstelle – Reisesteine');
  // Reached by the app's own navigation: the page read the document itself.
  const several = page.getByRole('region', { name: 'POST /api/finds' });
  await expect(several).toContainText('Log several stones found at one place (up to 10), each as if alone');
  await expect(several).toContainText('207');
  await several.getByRole('link', { name: 'NewFinds' }).click();
  await expect(page).toHaveURL(/#schema-NewFinds$/);
  const shape = page.getByRole('region', { name: 'NewFinds', exact: true });
  await expect(shape).toBeInViewport();
  await expect(shape).toContainText('Liste (1–10 Einträge) von Text (höchstens 40 Zeichen)');
  // A nested object opens on request.
  const stone = page.getByRole('region', { name: 'Stone', exact: true });
  await expect(stone.getByText('remainingKm')).toBeHidden();
  await stone.getByText('Felder von goal').click();
  await expect(stone.getByText('remainingKm')).toBeVisible();
  await page.getByRole('link', { name: 'openapi.json' }).click();
  await expect(page).toHaveURL(/\/api\/openapi\.json$/);
});

test.describe('in English', () => {
  test.use({ locale: 'en-US' });

  test('the page is English, and fits a phone without sideways scrolling', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/entwickler');
    await expect(page.getByRole('heading', { level: 1, name: 'For developers: the open API' })).toBeVisible();
    await expect(page.getByRole('heading', { level: 2, name: 'Ground rules' })).toBeVisible();
    await expect(page.getByRole('region', { name: 'GET /api/stones/{code}', exact: true })).toContainText('code in the path, required');
    await page.waitForSelector('html[data-hydrated]', { state: 'attached' });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  });
});
