import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { expect, stoneWithFinds, test } from './fixtures';
import { E2E_OPERATOR } from './global-setup';

// Colours are checked as they are, not halfway through a transition (the buttons' colours change as the page hydrates).
test.use({ reducedMotion: 'reduce' });

/** axe's findings, as rule id and the elements it found, so a failure names what to fix. */
async function violations(page: Page): Promise<Array<{ rule: string; targets: string[] }>> {
  const results = await new AxeBuilder({ page }).analyze();
  return results.violations.map((violation) => ({ rule: violation.id, targets: violation.nodes.map((node) => node.target.join(' ')) }));
}

/** The find on the stone page with this place. */
const findOn = (page: Page, location: string) => page.getByTestId('finds-list').getByRole('listitem').filter({ hasText: location });

test('a reader reports a find from the stone page in German; the report page passes axe', async ({ page, request }) => {
  const code = await stoneWithFinds(request, 'Gemeldeter Stein DE', ['Kassel', 'Werbung für Zeug']);
  await page.goto(`/${code}`);
  await findOn(page, 'Werbung für Zeug').getByRole('link', { name: 'Melden' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Fund melden' })).toBeVisible();
  await expect(page.getByText('Kommentar Werbung für Zeug')).toBeVisible();
  expect(await violations(page)).toEqual([]);

  await page.getByRole('radio', { name: 'Spam oder Werbung' }).check();
  await page.getByLabel('Anmerkung (freiwillig)').fill('Das ist Werbung, kein Fund.');
  await page.getByRole('button', { name: 'Fund melden' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Danke für deine Meldung' })).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`/${code}/fund/[^/]+/gemeldet$`));
  expect(await violations(page)).toEqual([]);
  await page.getByRole('link', { name: 'Zurück zum Stein' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Gemeldeter Stein DE' })).toBeVisible();
});

test('a reader reports a find in English with JavaScript off: the plain form post answers with the confirmation', async ({
  browser,
  request,
}) => {
  const code = await stoneWithFinds(request, 'Reported stone EN', ['Leeds']);
  const context = await browser.newContext({ javaScriptEnabled: false, locale: 'en-GB' });
  const page = await context.newPage();
  await page.goto(`/${code}`);
  await findOn(page, 'Leeds').getByRole('link', { name: 'Report' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Report a find' })).toBeVisible();
  await page.getByRole('radio', { name: 'Personal data (a name, an address, a face)' }).check();
  await page.getByRole('button', { name: 'Report the find' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Thank you for your report' })).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`/${code}/fund/[^/]+/gemeldet$`));
  await context.close();
});

test('the operator sees the report in "Meldungen", hides the find, and the stone page no longer shows it; the list passes axe', async ({
  page,
  request,
}) => {
  const title = `Stein mit Meldung ${crypto.randomUUID().slice(0, 8)}`;
  const code = await stoneWithFinds(request, title, ['Göttingen', 'Beleidigung']);
  const stone = (await (await request.get(`/api/stones/${code}`)).json()) as { finds: Array<{ id: string; location: string }> };
  const reported = stone.finds.find((find) => find.location === 'Beleidigung')?.id ?? '';
  for (const reason of ['offensive', 'offensive', 'spam']) {
    // Each report from a reader of its own: one report per reader and find.
    const [a = 0, b = 0] = crypto.getRandomValues(new Uint16Array(2));
    const res = await request.post(`/api/stones/${code}/finds/${reported}/report`, {
      data: { reason, note: reason === 'spam' ? 'Bitte entfernen' : undefined },
      headers: { 'cf-connecting-ip': `2001:db8:${a.toString(16)}:${b.toString(16)}::2` },
    });
    expect(res.status()).toBe(202);
  }

  await page.goto('/admin');
  await page.getByLabel('E-Mail').fill(E2E_OPERATOR.email);
  await page.getByLabel('Passwort').fill(E2E_OPERATOR.password);
  await page.getByRole('button', { name: 'Anmelden' }).click();
  const panel = page.getByRole('region', { name: /Meldungen/ });
  await expect(panel.getByTestId('reports-badge')).toBeVisible();
  const item = panel.getByTestId('reported-find').filter({ hasText: title });
  await expect(item).toContainText('Beleidigend (2), Spam (1)');
  await expect(item).toContainText('Bitte entfernen');
  expect(await violations(page)).toEqual([]);

  // Keyboard only: the action is a button reached and pressed without a mouse.
  const hide = item.getByRole('button', { name: 'Fund ausblenden' });
  await hide.focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('status').filter({ hasText: 'Der Fund ist ausgeblendet.' })).toBeVisible();
  await expect(panel.getByTestId('reported-find').filter({ hasText: title })).toHaveCount(0);

  await page.goto(`/${code}`);
  await expect(findOn(page, 'Göttingen')).toBeVisible();
  await expect(findOn(page, 'Beleidigung')).toHaveCount(0);
});
