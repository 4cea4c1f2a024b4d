import { expect, holdBack, test } from './fixtures';

test('the language switch turns the site English and back, and is remembered across pages', async ({ page }) => {
  await page.goto('/stein-vorbereiten');
  await expect(page.getByRole('heading', { level: 1, name: 'Stein vorbereiten' })).toBeVisible();
  // A button with the language's code opens the list of languages, each by its own name.
  await page.getByRole('button', { name: 'Sprache DE' }).click();
  await expect(page.getByRole('button', { name: 'Deutsch' })).toHaveAttribute('aria-current', 'true');

  await page.getByRole('button', { name: 'English' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Preparing a stone' })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await page.getByRole('link', { name: 'Blog' }).first().click();
  await expect(page.getByRole('heading', { level: 1, name: 'Blog' })).toBeVisible();
  await page.goto('/');
  await page.getByRole('button', { name: 'Language EN' }).click();
  await expect(page.getByRole('button', { name: 'English' })).toHaveAttribute('aria-current', 'true');
  await expect(page.getByRole('navigation', { name: 'Main navigation' })).toBeVisible();

  await page.getByRole('button', { name: 'Deutsch' }).click();
  await expect(page.getByRole('navigation', { name: 'Hauptnavigation' })).toBeVisible();
});

test('a tap on the language button before its code has arrived is pressed once it has', async ({ page }) => {
  // The header's languages hydrate after the page (layout/parts.ts); their module is held back until after the tap.
  const release = await holdBack(page, '**/assets/later-parts-*.js');
  await page.goto('/stein-vorbereiten');
  const button = page.getByRole('button', { name: 'Sprache DE' });
  await button.click();
  // React could not deliver it: the list is still closed while the module waits.
  await expect(button).toHaveAttribute('aria-expanded', 'false');
  release();
  await expect(page.getByRole('button', { name: 'Deutsch' })).toHaveAttribute('aria-current', 'true');
  await expect(button).toHaveAttribute('aria-expanded', 'true');
});
