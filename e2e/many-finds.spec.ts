import AxeBuilder from '@axe-core/playwright';
import type { APIRequestContext, Page } from '@playwright/test';
import { expect, test } from './fixtures';

/*
 * Several stones found at one place (decision record 043): the find dialog takes their codes one after another, then
 * one find form for all; each stone gets its own find, and one that cannot be logged says why.
 */

async function newStone(request: APIRequestContext, title: string): Promise<{ code: string; adminToken: string }> {
  const res = await request.post('/api/stones', {
    data: { creatorEmail: 'mehrere@example.org', title },
    headers: { 'cf-connecting-ip': `2001:db8:ad0:${Math.floor(Math.random() * 0xffff).toString(16)}::1` },
  });
  expect(res.status()).toBe(201);
  return (await res.json()) as { code: string; adminToken: string };
}

async function choose(page: Page, code: string, title: string) {
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Stein-Code').fill(code);
  await dialog.getByRole('button', { name: 'Stein suchen' }).click();
  await expect(dialog.getByText(title, { exact: true })).toBeVisible();
}

test('three stones found at one place are logged in one go; one deleted meanwhile is refused, the other two stored', async ({
  page,
  request,
}) => {
  const stones = [
    await newStone(request, 'Gartenstein Anna'),
    await newStone(request, 'Gartenstein Bruno'),
    await newStone(request, 'Gartenstein Clara'),
  ];
  await page.goto('/');
  await page.getByRole('banner').getByRole('button', { name: 'Stein finden' }).click();
  const dialog = page.getByRole('dialog');
  await choose(page, stones[0]?.code ?? '', 'Gartenstein Anna');
  await dialog.getByRole('button', { name: 'Noch einen Stein vom selben Fundort hinzufügen' }).click();
  await expect(dialog.getByTestId('chosen-stones')).toHaveText('Ausgewählt: Gartenstein Anna');
  // The same stone again is no second one.
  await dialog.getByLabel('Stein-Code').fill(stones[0]?.code ?? '');
  await dialog.getByRole('button', { name: 'Stein suchen' }).click();
  await expect(dialog.getByRole('alert')).toHaveText('Diesen Stein hast du schon ausgewählt.');
  await choose(page, stones[1]?.code ?? '', 'Gartenstein Bruno');
  await dialog.getByRole('button', { name: 'Noch einen Stein vom selben Fundort hinzufügen' }).click();
  await choose(page, stones[2]?.code ?? '', 'Gartenstein Clara');
  await dialog.getByRole('button', { name: 'Fund für alle 3 Steine eintragen' }).click();

  const form = dialog.getByTestId('many-finds-form');
  await expect(dialog.getByRole('heading', { name: '3 Steine an einem Ort eintragen' })).toBeVisible();
  await form.getByRole('searchbox', { name: 'Adresse suchen' }).fill('Marienplatz München');
  await form.getByRole('button', { name: 'Suchen', exact: true }).click();
  await expect(form.getByRole('textbox', { name: 'Fundort' })).toHaveValue('Marienplatz, Altstadt, München, Bayern, 80331, Deutschland');
  await form.getByRole('combobox', { name: 'Genauigkeit der Position' }).selectOption({ label: 'Nur die Gegend (etwa 10 km)' });
  await expect(form.getByRole('textbox', { name: 'Fundort' })).toHaveValue('München, Deutschland');
  await form.getByRole('textbox', { name: 'Kommentar (optional)' }).fill('Alle drei am Brunnen');
  expect((await new AxeBuilder({ page }).include('[role="dialog"]').analyze()).violations.map((v) => v.id)).toEqual([]);

  // Bruno's owner deletes him before the finder sends.
  expect((await request.delete(`/api/admin/stones/${stones[1]?.adminToken}`)).status()).toBe(200);
  const sent = page.waitForRequest((req) => req.method() === 'POST' && req.url().endsWith('/api/finds'));
  await form.getByRole('button', { name: 'Funde für 3 Steine eintragen' }).click();
  expect((await sent).postDataJSON()).toMatchObject({
    codes: stones.map((stone) => stone.code),
    location: 'München, Deutschland',
    precision: 'town',
    comment: 'Alle drei am Brunnen',
  });
  const results = dialog.getByTestId('many-finds-results').getByRole('listitem');
  await expect(results).toHaveCount(3);
  await expect(results.nth(0)).toContainText('Gartenstein AnnaEingetragen');
  await expect(results.nth(1)).toHaveAttribute('data-status', '404');
  await expect(results.nth(2)).toContainText('Gartenstein ClaraEingetragen');
  await dialog.getByRole('button', { name: 'Fertig' }).click();

  for (const stone of [stones[0], stones[2]]) {
    const view = (await (await request.get(`/api/stones/${stone?.code}`)).json()) as {
      finds: Array<{ location: string; comment: string }>;
    };
    expect(view.finds.map((find) => [find.location, find.comment])).toEqual([['München, Deutschland', 'Alle drei am Brunnen']]);
  }
});
