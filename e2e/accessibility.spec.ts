import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { expect, OMA, test } from './fixtures';
import { E2E_OPERATOR } from './global-setup';

/** axe's findings, as rule id and the elements it found, so a failure names what to fix. */
async function violations(page: Page): Promise<Array<{ rule: string; targets: string[] }>> {
  const results = await new AxeBuilder({ page }).analyze();
  return results.violations.map((violation) => ({ rule: violation.id, targets: violation.nodes.map((node) => node.target.join(' ')) }));
}

// Colours are checked as they are, not halfway through a transition (the buttons' colours change as the page hydrates).
test.use({ reducedMotion: 'reduce' });

const ROUTES = [
  '/',
  `/${OMA}`,
  `/view/${OMA}`,
  `/success?code=${OMA}&paid=false`,
  '/stein-vorbereiten',
  '/blog',
  '/blog/willkommen-bei-den-reisesteinen',
  '/admin',
  '/impressum',
  '/datenschutz',
  '/agb',
  '/entwickler',
];

test.describe('axe finds nothing', () => {
  for (const route of ROUTES) {
    test(`on ${route}`, async ({ page }) => {
      await page.goto(route);
      expect(await violations(page)).toEqual([]);
    });
  }

  test.describe('on pages that answer 404', () => {
    test.use({ allowConsoleErrors: [/404 \(Not Found\)/] });
    for (const route of ['/gibt-es-nicht', '/blog/gibt-es-nicht']) {
      test(`on ${route}`, async ({ page }) => {
        await page.goto(route);
        expect(await violations(page)).toEqual([]);
      });
    }
  });

  test.describe('on the checkout, whose Stripe form cannot load offline', () => {
    test.use({ allowConsoleErrors: [/ERR_NAME_NOT_RESOLVED/] });
    test('on /checkout', async ({ page }) => {
      const query = new URLSearchParams({
        amount: '5',
        features: JSON.stringify({ photos: false, story: true }),
        stoneData: JSON.stringify({ creatorEmail: 'a11y@example.org', title: 'Barrierefrei', story: 'Eine Geschichte' }),
      });
      await page.goto(`/checkout?${query}`);
      await expect(page.getByRole('heading', { name: 'Bezahlung' })).toBeVisible();
      await expect(page.getByText('Das Zahlungsformular konnte nicht geladen werden.', { exact: false })).toBeVisible();
      expect(await violations(page)).toEqual([]);
    });
  });

  test('on the owner page', async ({ page, request }) => {
    const res = await request.post('/api/stones', { data: { creatorEmail: 'a11y@example.org', title: 'Barrierefrei' } });
    const { adminToken } = (await res.json()) as { adminToken: string };
    await page.goto(`/admin/stone/${adminToken}`);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    expect(await violations(page)).toEqual([]);
    // The confirmation before deleting the stone.
    await page.getByRole('button', { name: 'Stein löschen…' }).click();
    await expect(page.getByRole('dialog')).toBeVisible();
    expect(await violations(page)).toEqual([]);
  });

  test('with the find dialog, the creator and the welcome dialog open', async ({ page }) => {
    await page.goto('/');
    await page.getByRole('navigation', { name: 'Hauptnavigation' }).getByRole('button', { name: 'Stein finden' }).click();
    await expect(page.getByRole('dialog')).toBeVisible();
    expect(await violations(page)).toEqual([]);
    await page.keyboard.press('Escape');
    await page.goto('/?create');
    await expect(page.getByRole('dialog')).toBeVisible();
    expect(await violations(page)).toEqual([]);
    await page.goto(`/${OMA}`);
    await page.evaluate(() => localStorage.clear());
    await page.reload();
    await expect(page.getByRole('dialog')).toBeVisible();
    expect(await violations(page)).toEqual([]);
  });

  test('on blog management, with the article dialog open', async ({ page, request }) => {
    const login = await request.post('/api/admin/login', { data: E2E_OPERATOR });
    const { token } = (await login.json()) as { token: string };
    await page.goto('/');
    await page.evaluate((value) => localStorage.setItem('adminToken', value), token);
    await page.goto('/admin/blog');
    await expect(page.getByRole('region', { name: 'Willkommen bei den Reisesteinen' })).toBeVisible();
    expect(await violations(page)).toEqual([]);
    await page.getByRole('button', { name: 'Neuer Artikel' }).click();
    await expect(page.getByRole('dialog', { name: 'Neuer Artikel' })).toBeVisible();
    expect(await violations(page)).toEqual([]);
  });

  test.describe('with the cookie banner and its settings open', () => {
    test.use({ consent: 'undecided' });
    test('on the home page', async ({ page }) => {
      await page.goto('/');
      await expect(page.getByRole('region', { name: 'Cookies und Datenschutz' })).toBeVisible();
      expect(await violations(page)).toEqual([]);
      await page.getByRole('button', { name: 'Anpassen' }).click();
      await expect(page.getByRole('dialog', { name: 'Cookie-Einstellungen' })).toBeVisible();
      expect(await violations(page)).toEqual([]);
    });
  });
});
