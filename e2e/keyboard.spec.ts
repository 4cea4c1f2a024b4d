import type { Locator, Page } from '@playwright/test';
import { expect, test } from './fixtures';

/** Presses Tab until `target` has the focus, as someone without a mouse moves through the page. */
async function tabTo(page: Page, target: Locator, limit = 80) {
  for (let i = 0; i < limit; i++) {
    if (await target.evaluate((element) => element === document.activeElement).catch(() => false)) return;
    await page.keyboard.press('Tab');
  }
  throw new Error(`Tab never reached ${target}`);
}

test('with the keyboard alone: find a stone by its code, log a find, subscribe', async ({ page, request }) => {
  const created = await request.post('/api/stones', { data: { creatorEmail: 'tasten@example.org', title: 'Tastenstein' } });
  const { code } = (await created.json()) as { code: string };

  await page.goto('/');
  await tabTo(page, page.getByRole('banner').getByRole('button', { name: 'Stein finden' }));
  await page.keyboard.press('Enter');
  await tabTo(page, page.getByLabel('Stein-Code'));
  await page.keyboard.type(code.replaceAll('-', ''));
  await page.keyboard.press('Enter');
  await expect(page.getByRole('dialog', { name: `Stein ${code} gefunden` })).toBeVisible();
  await tabTo(page, page.getByRole('button', { name: 'Fund jetzt eintragen' }));
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(new RegExp(`/${code}`));
  // The welcome dialog of a first visit: "continue" closes it.
  const welcome = page.getByRole('dialog');
  if (await welcome.isVisible().catch(() => false)) await page.keyboard.press('Escape');

  await tabTo(page, page.getByRole('searchbox', { name: 'Adresse suchen' }));
  await page.keyboard.type('Brandenburger Tor');
  await page.keyboard.press('Enter');
  await expect(page.getByRole('textbox', { name: 'Fundort' })).toHaveValue(/Brandenburger Tor/);
  await tabTo(page, page.getByLabel('Kommentar (optional)'));
  await page.keyboard.type('Mit der Tastatur eingetragen');
  await tabTo(page, page.getByRole('button', { name: 'Fund eintragen', exact: true }));
  await page.keyboard.press('Enter');
  await expect(page.getByRole('status').filter({ hasText: 'Fund erfolgreich eingetragen!' })).toBeVisible();

  await tabTo(page, page.getByRole('textbox', { name: 'E-Mail-Adresse' }));
  await page.keyboard.type('tastatur-fan@example.org');
  await page.keyboard.press('Enter');
  await expect(page.getByRole('status').filter({ hasText: /E-Mail|bestätig/ })).toBeVisible();
  const stone = (await (await request.get(`/api/stones/${code}`)).json()) as { finds: Array<{ comment: string }> };
  expect(stone.finds.map((find) => find.comment)).toEqual(['Mit der Tastatur eingetragen']);
});
