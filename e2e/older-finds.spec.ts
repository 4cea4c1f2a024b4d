import type { APIRequestContext, Locator } from '@playwright/test';
import { expect, hydratedElement, test } from './fixtures';

/** The stone's JSON embeds this many finds (shared/schemas/finds-page.ts STONE_FINDS_EMBEDDED). */
const EMBEDDED = 50;

/**
 * A stone with two finds more than its page embeds, each logged through the API by a finder of its own (the abuse
 * limits count finds per client and stone).
 */
async function longTravelled(request: APIRequestContext): Promise<string> {
  const created = await request.post('/api/stones', { data: { creatorEmail: 'e2e-weit@example.org', title: 'Weitgereister Stein' } });
  expect(created.status()).toBe(201);
  const { code } = (await created.json()) as { code: string };
  for (let n = 1; n <= EMBEDDED + 2; n++) {
    const finder = `2001:db8:f1d:${n.toString(16)}::${Math.floor(Math.random() * 0xffff).toString(16)}`;
    const res = await request.post(`/api/stones/${code}/finds`, {
      data: { location: `Ort ${n}`, comment: `Fund Nummer ${n}` },
      headers: { 'cf-connecting-ip': finder },
    });
    expect(res.status()).toBe(201);
  }
  return code;
}

/** The finds' numbers a list shows, top to bottom. */
const numbersIn = async (list: Locator) =>
  (await list.getByRole('listitem').locator('span.text-amber-700').allTextContents()).map((text) => Number(text.slice(1)));

test.describe('a stone with more finds than its page embeds', () => {
  test.use({ allowConsoleErrors: [/Failed to load resource/] });

  test('shows the newest, and "Ältere Funde anzeigen" loads the older ones on demand, numbered on', async ({ page, request }) => {
    const code = await longTravelled(request);
    await page.goto(`/view/${code}`);
    await expect(page.getByText(`${EMBEDDED + 2} Mal gefunden`)).toBeVisible();
    const newest = page.getByTestId('finds-list');
    expect(await numbersIn(newest)).toEqual(Array.from({ length: EMBEDDED }, (_, i) => EMBEDDED + 2 - i));
    await expect(page.getByTestId('older-finds')).toHaveCount(0);

    // The first try fails (no connection): it says so, and the button stays for another.
    const button = await hydratedElement(page.getByRole('button', { name: 'Ältere Funde anzeigen' }));
    await page.route('**/api/stones/*/finds?before=*', (route) => route.abort());
    await button.click();
    await expect(page.getByRole('alert').filter({ hasText: 'Die älteren Funde konnten nicht geladen werden.' })).toBeVisible();
    await page.unroute('**/api/stones/*/finds?before=*');

    await button.click();
    const older = page.getByTestId('older-finds');
    await expect(older.getByRole('listitem')).toHaveCount(2);
    expect(await numbersIn(older)).toEqual([2, 1]);
    await expect(older.getByRole('listitem').first()).toContainText('Fund Nummer 2');
    // Reading goes on where the new finds begin; the stone has no finds before them.
    await expect(older.getByRole('listitem').first()).toBeFocused();
    await expect(page.getByRole('button', { name: 'Ältere Funde anzeigen' })).toHaveCount(0);
    await expect(page.getByRole('alert')).toHaveCount(0);
  });

  test('without JavaScript shows the newest finds and no button that would do nothing', async ({ browser, request }) => {
    const code = await longTravelled(request);
    const context = await browser.newContext({ javaScriptEnabled: false, locale: 'de-DE' });
    const page = await context.newPage();
    await page.goto(`/view/${code}`);
    await expect(page.getByTestId('finds-list').getByRole('listitem')).toHaveCount(EMBEDDED);
    await expect(page.getByTestId('finds-list').getByRole('listitem').first()).toContainText(`Fund Nummer ${EMBEDDED + 2}`);
    await expect(page.getByRole('button', { name: 'Ältere Funde anzeigen' })).toBeHidden();
    await context.close();
  });
});
