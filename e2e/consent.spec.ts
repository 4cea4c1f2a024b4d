import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';

test.use({ consent: 'undecided' });

/** Every request the page makes to anything but this site. */
function thirdPartyRequests(page: Page): string[] {
  const requests: string[] = [];
  page.on('request', (request) => {
    const host = new URL(request.url()).hostname;
    if (host !== '127.0.0.1' && host !== 'localhost' && !request.url().startsWith('data:')) requests.push(request.url());
  });
  return requests;
}

/** The analytics commands the page pushed, each as a list (gtag pushes arguments objects). */
const analyticsCommands = (page: Page) =>
  page.evaluate(() => ((window as unknown as { dataLayer?: ArrayLike<unknown>[] }).dataLayer ?? []).map((entry) => Array.from(entry)));

const stored = (page: Page) => page.evaluate(() => [localStorage.getItem('cookieConsent'), localStorage.getItem('cookieSettings')]);

test('nothing leaves the page for a third party before consent, nor after "necessary only"', async ({ page }) => {
  const requests = thirdPartyRequests(page);
  await page.goto('/');
  const banner = page.getByRole('region', { name: 'Cookies und Datenschutz' });
  await expect(banner).toBeVisible();
  await expect(banner.getByRole('link', { name: 'Datenschutzerklärung' })).toHaveAttribute('href', '/datenschutz');
  await page.goto('/stein-vorbereiten');
  await page.waitForLoadState('networkidle');
  expect(requests).toEqual([]);

  await banner.getByRole('button', { name: 'Nur notwendige' }).click();
  await expect(banner).toBeHidden();
  expect(await stored(page)).toEqual(['true', JSON.stringify({ necessary: true, analytics: false, marketing: false })]);
  await page.reload();
  await page.waitForLoadState('networkidle');
  await expect(banner).toBeHidden();
  expect(requests).toEqual([]);
  // The choice reached the analytics tag as denied.
  expect(JSON.stringify(await analyticsCommands(page))).toContain('["consent","update",{"analytics_storage":"denied"');
});

test.describe('after "accept all"', () => {
  // The analytics script is requested, and this machine has no network to load it.
  test.use({ allowConsoleErrors: [/ERR_NAME_NOT_RESOLVED/] });

  test('the analytics script is requested, with the consent granted first', async ({ page }) => {
    const requests = thirdPartyRequests(page);
    await page.goto('/');
    expect(requests).toEqual([]);
    await page.getByRole('button', { name: 'Alle akzeptieren' }).click();
    await expect.poll(() => requests).toEqual(['https://www.googletagmanager.com/gtag/js?id=G-E2ETEST1']);
    const commands = (await analyticsCommands(page)).map((command) => command[0]);
    expect(commands.slice(0, 4)).toEqual(['consent', 'consent', 'js', 'config']);
  });
});

test('"customize" keeps necessary on, stores the chosen switches, and the footer reopens them', async ({ page }) => {
  await page.goto('/');
  await page.getByRole('button', { name: 'Anpassen' }).click();
  const dialog = page.getByRole('dialog', { name: 'Cookie-Einstellungen' });
  const necessary = dialog.getByRole('switch', { name: /Notwendig/ });
  await expect(necessary).toBeChecked();
  await expect(necessary).toBeDisabled();
  await dialog.getByRole('switch', { name: /Marketing/ }).check();
  await dialog.getByRole('button', { name: 'Speichern' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('region', { name: 'Cookies und Datenschutz' })).toBeHidden();
  expect(await stored(page)).toEqual(['true', JSON.stringify({ necessary: true, analytics: false, marketing: true })]);

  await page.getByRole('button', { name: 'Cookie-Einstellungen' }).click();
  await expect(dialog.getByRole('switch', { name: /Marketing/ })).toBeChecked();
  await expect(dialog.getByRole('switch', { name: /Statistik/ })).not.toBeChecked();
});

test.describe('the privacy policy', () => {
  test.use({ consent: 'decided' });

  test('switches analytics off for this site with a cookie as long-lived as the browser allows, and says so', async ({ page, context }) => {
    await page.goto('/datenschutz');
    await page.getByRole('button', { name: 'Google Analytics für diese Website deaktivieren' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Die Analyse wurde für diese Website deaktiviert.' })).toBeVisible();
    const cookie = (await context.cookies()).find((c) => c.name === 'ga-disable-G-E2ETEST1');
    expect(cookie?.value).toBe('true');
    // The page asks for the end of 2099; Chromium keeps a cookie at most 400 days (RFC 6265bis), so that is what it keeps.
    const days = ((cookie?.expires ?? 0) * 1000 - Date.now()) / 86_400_000;
    expect(Math.round(days)).toBe(400);
  });
});
