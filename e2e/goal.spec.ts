import AxeBuilder from '@axe-core/playwright';
import type { APIRequestContext, Page } from '@playwright/test';
import { expect, test } from './fixtures';

/*
 * A stone's goal (decision record 042), as its owner sets it and as its page shows it, with the countries it reached.
 */

async function violations(page: Page): Promise<Array<{ rule: string; targets: string[] }>> {
  const results = await new AxeBuilder({ page }).analyze();
  return results.violations.map((violation) => ({ rule: violation.id, targets: violation.nodes.map((node) => node.target.join(' ')) }));
}

/** A stone found once at the Brandenburg Gate (through the API, from a client of its own). */
async function stoneFoundInBerlin(request: APIRequestContext): Promise<{ code: string; adminToken: string }> {
  const created = await request.post('/api/stones', { data: { creatorEmail: 'ziel@example.org', title: 'Omas Wunschstein' } });
  expect(created.status()).toBe(201);
  const stone = (await created.json()) as { code: string; adminToken: string };
  const found = await request.post(`/api/stones/${stone.code}/finds`, {
    data: { location: 'Berlin', latitude: 52.5163, longitude: 13.3777 },
    headers: { 'cf-connecting-ip': `2001:db8:60a1:${Math.floor(Math.random() * 0xffff).toString(16)}::1` },
  });
  expect(found.status()).toBe(201);
  return stone;
}

test('an owner gives the stone a goal found by the address search; its page shows the way still to go and its countries', async ({
  page,
  request,
  browser,
}) => {
  const { code, adminToken } = await stoneFoundInBerlin(request);
  await page.goto(`/admin/stone/${adminToken}`);
  const card = page.getByRole('region', { name: 'Ziel' });
  await card.getByRole('searchbox', { name: 'Ort suchen' }).fill('Marienplatz München');
  await card.getByRole('button', { name: 'Suchen' }).click();
  // The name at a town's precision: no street, no postcode.
  await expect(card.getByRole('textbox', { name: 'Name des Ziels' })).toHaveValue('München, Deutschland');
  await card.getByRole('textbox', { name: 'Notiz (freiwillig)' }).fill('Sie wollte noch einmal auf den Viktualienmarkt');
  await card.getByRole('button', { name: 'Ziel speichern' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Das Ziel ist gespeichert' })).toBeVisible();
  await expect(card.getByTestId('owner-goal-state')).toHaveText(/^Ziel: München, Deutschland – noch 50\d,\d km$/);
  expect(await violations(page)).toEqual([]);

  await page.goto(`/${code}`);
  const state = page.getByTestId('stone-state');
  await expect(state.getByTestId('stone-countries')).toHaveText('Länder: Deutschland');
  await expect(state.getByTestId('stone-goal')).toContainText(/Ziel: München, Deutschland – noch 50\d,\d km/);
  await expect(state.getByTestId('stone-goal')).toContainText('„Sie wollte noch einmal auf den Viktualienmarkt“');
  expect(await violations(page)).toEqual([]);

  const english = await browser.newContext({ locale: 'en-US' });
  const inEnglish = await english.newPage();
  await inEnglish.goto(`/${code}`);
  const englishState = inEnglish.getByTestId('stone-state');
  await expect(englishState.getByTestId('stone-countries')).toHaveText('Countries: Germany');
  await expect(englishState.getByTestId('stone-goal')).toContainText(/Goal: München, Deutschland – 50\d\.\d km to go/);
  await english.close();
});

test('an owner chooses a country as the goal, and removes it again', async ({ page, request }) => {
  const { code, adminToken } = await stoneFoundInBerlin(request);
  await page.goto(`/admin/stone/${adminToken}`);
  const card = page.getByRole('region', { name: 'Ziel' });
  await card.getByRole('radio', { name: 'ein Land' }).check();
  // Saving without a country says what is missing and sends nothing.
  await card.getByRole('button', { name: 'Ziel speichern' }).click();
  await expect(card.getByTestId('owner-goal-error')).toHaveText('Bitte wähle ein Land.');
  await card.getByRole('combobox', { name: 'Land' }).selectOption({ label: 'Italien' });
  await card.getByRole('button', { name: 'Ziel speichern' }).click();
  await expect(card.getByTestId('owner-goal-state')).toHaveText('Ziel: Italien');
  await page.goto(`/${code}`);
  await expect(page.getByTestId('stone-goal')).toHaveText('Ziel: Italien');

  await page.goto(`/admin/stone/${adminToken}`);
  await page.getByRole('region', { name: 'Ziel' }).getByRole('button', { name: 'Ziel entfernen' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Das Ziel ist entfernt' })).toBeVisible();
  await page.goto(`/${code}`);
  await expect(page.getByTestId('stone-state')).toBeVisible();
  await expect(page.getByTestId('stone-goal')).toHaveCount(0);
});
