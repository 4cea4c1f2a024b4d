import type { APIRequestContext, Page } from '@playwright/test';
import Stripe from 'stripe';
import { ANY_CODE, expect, stoneWithFinds, test } from './fixtures';
import { E2E_OPERATOR } from './global-setup';

// A wrong password and an expired token are answered 401, which the browser logs; that is what those tests provoke.
test.use({ allowConsoleErrors: [/the server responded with a status of 401/] });

async function logIn(page: Page) {
  await page.goto('/admin');
  await page.getByLabel('E-Mail').fill(E2E_OPERATOR.email);
  await page.getByLabel('Passwort').fill(E2E_OPERATOR.password);
  await page.getByRole('button', { name: 'Anmelden' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Admin-Bereich' })).toBeVisible();
}

/** The first row of the stone table that shows a stone (the newest stones come first). */
const anyStoneRow = (page: Page) => page.getByRole('row').filter({ hasText: ANY_CODE }).first();

/** The table row of a stone, found through the search. */
async function rowOf(page: Page, code: string) {
  await page.getByLabel('Suche nach Code, Titel oder E-Mail').fill(code);
  await page.getByRole('button', { name: 'Suchen' }).click();
  const row = page.getByRole('row').filter({ hasText: code });
  await expect(row).toHaveCount(1);
  return row;
}

test('an operator logs in with the right password only, sees the counters and the stones, and logs out', async ({ page, request }) => {
  await page.goto('/admin');
  await page.getByLabel('E-Mail').fill(E2E_OPERATOR.email);
  await page.getByLabel('Passwort').fill('falsches-passwort');
  await page.getByRole('button', { name: 'Anmelden' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Anmeldung fehlgeschlagen' })).toContainText('Ungültige Anmeldedaten');
  expect(await page.evaluate(() => localStorage.getItem('adminToken'))).toBeNull();

  await page.getByLabel('Passwort').fill(E2E_OPERATOR.password);
  await page.getByRole('button', { name: 'Anmelden' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Anmeldung erfolgreich' })).toContainText('Willkommen im Admin-Bereich');
  await expect(page.getByText('Reisesteine verwalten')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Alle Reisesteine' })).toBeVisible();
  // The seeded demo stones: one with a photo and a story among them.
  await expect(page.getByTestId('operator.counters.premium')).not.toHaveText('0');
  // The newest stones come first (other browser tests make theirs beside it): the seeded one is found by its code.
  await expect(anyStoneRow(page)).toBeVisible();
  await expect(await rowOf(page, 'A1B-2C3-D4E')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Blog verwalten' })).toHaveAttribute('href', '/admin/blog');

  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Admin-Bereich' })).toBeVisible();
  const token = await page.evaluate(() => localStorage.getItem('adminToken'));
  expect(token).toBeTruthy();
  const operatorCall = () => request.get('/api/admin/statistics', { headers: { authorization: `Bearer ${token}` } });
  expect((await operatorCall()).status()).toBe(200);
  const loggedOut = page.waitForResponse((res) => new URL(res.url()).pathname === '/api/admin/logout');
  await page.getByRole('button', { name: 'Abmelden' }).click();
  await expect(page.getByRole('button', { name: 'Anmelden' })).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('adminToken'))).toBeNull();
  // The server ended the token: a copy of it opens nothing any more.
  expect((await loggedOut).status()).toBe(204);
  expect((await operatorCall()).status()).toBe(401);
});

test('the operator edits a stone and hides a bogus find in the dialog', async ({ page, request }) => {
  const code = await stoneWithFinds(request, 'Zu bearbeiten', ['Berlin', 'Werbe-Ort']);
  await logIn(page);
  const row = await rowOf(page, code);
  await row.getByRole('button', { name: `${code} bearbeiten` }).click();
  const dialog = page.getByRole('dialog', { name: `Stein ${code} bearbeiten` });
  await expect(dialog.getByText('Keine Fotos vorhanden')).toBeVisible();
  await expect(dialog.getByLabel('Geschichte')).toHaveCount(0);

  const bogus = dialog.getByTestId('operator-finds').getByRole('listitem').filter({ hasText: 'Werbe-Ort' });
  await bogus.getByRole('button', { name: 'Kommentar entfernen' }).click();
  await expect(bogus).not.toContainText('Kommentar Werbe-Ort');
  await bogus.getByRole('button', { name: 'Ausblenden' }).click();
  await expect(bogus.getByText('Ausgeblendet')).toBeVisible();

  await dialog.getByLabel('Titel').fill('Neu benannt');
  await dialog.getByRole('button', { name: 'Speichern' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Stein aktualisiert' })).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(row).toContainText('Neu benannt');

  const stone = (await (await request.get(`/api/stones/${code}`)).json()) as { title: string; finds: Array<{ location: string }> };
  expect(stone.title).toBe('Neu benannt');
  expect(stone.finds.map((find) => find.location)).toEqual(['Berlin']);
});

test('the operator marks a stone missing in its dialog, and travelling again', async ({ page, request }) => {
  const code = await stoneWithFinds(request, 'Vermisst gemeldet', []);
  await logIn(page);
  const row = await rowOf(page, code);
  await row.getByRole('button', { name: `${code} bearbeiten` }).click();
  const dialog = page.getByRole('dialog', { name: `Stein ${code} bearbeiten` });
  const state = dialog.getByTestId('operator-state');
  await expect(state).toContainText('Unterwegs seit');
  await dialog.getByRole('button', { name: 'Als vermisst melden' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Als vermisst gemeldet' })).toBeVisible();
  await expect(state).toContainText('Vermisst seit');
  expect(((await (await request.get(`/api/stones/${code}`)).json()) as { status: string }).status).toBe('missing');
  await dialog.getByRole('button', { name: 'Wieder als unterwegs markieren' }).click();
  await expect(state).toHaveAttribute('data-status', 'travelling');
});

test('the operator deletes a stone after confirming, and it is gone', async ({ page, request }) => {
  const code = await stoneWithFinds(request, 'Wird gelöscht', ['Hamburg']);
  await logIn(page);
  const row = await rowOf(page, code);
  const asked: string[] = [];
  page.once('dialog', (dialog) => {
    asked.push(dialog.message());
    void dialog.dismiss();
  });
  await row.getByRole('button', { name: `${code} löschen` }).click();
  expect(asked).toEqual(['Stein "Wird gelöscht" wirklich löschen?']);
  await expect(row).toBeVisible();

  page.once('dialog', (dialog) => void dialog.accept());
  await row.getByRole('button', { name: `${code} löschen` }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Stein gelöscht' })).toBeVisible();
  await expect(page.getByText('Keine Steine vorhanden')).toBeVisible();
  expect((await request.get(`/api/stones/${code}`)).status()).toBe(404);
});

/** A stone paid for with 10 € at the fake Stripe: the buyer pays and returns, as Stripe.js would let them. */
async function paidStone(request: APIRequestContext, title: string): Promise<{ code: string; paymentIntentId: string }> {
  const created = await request.post('/api/create-payment-intent', {
    data: {
      amount: 10,
      features: { photos: true, story: true },
      stripePromotionCodeId: null,
      stoneData: { creatorEmail: 'kaeufer-e2e@example.org', title, story: 'Bezahlt.' },
    },
  });
  expect(created.status()).toBe(201);
  const { paymentIntentId } = (await created.json()) as { paymentIntentId: string };
  expect((await request.post(`${process.env.E2E_FAKES_URL}/fake-stripe/pay/${paymentIntentId}`)).status()).toBe(200);
  const returned = await request.post('/api/stones', { data: { isPaid: true, paymentIntentId } });
  expect(returned.status()).toBe(201);
  return { code: ((await returned.json()) as { code: string }).code, paymentIntentId };
}

/** Stripe's signed event about the payment `payment_intent`, as its webhook delivers it. */
async function stripeSends(request: APIRequestContext, type: string, object: Record<string, unknown>) {
  const payload = JSON.stringify({ id: `evt_${crypto.randomUUID().replaceAll('-', '')}`, object: 'event', type, data: { object } });
  const signature = Stripe.webhooks.generateTestHeaderString({ payload, secret: 'whsec_e2e' });
  const res = await request.post('/api/webhooks/stripe', {
    headers: { 'content-type': 'application/json', 'stripe-signature': signature },
    data: payload,
  });
  expect(res.status()).toBe(200);
}

test("the operator sees a refunded and disputed payment in the table and in the stone's payments", async ({ page, request }) => {
  const { code, paymentIntentId } = await paidStone(request, 'Erstattet und angefochten');
  const charge = { object: 'charge', payment_intent: paymentIntentId, amount: 1000, currency: 'eur' };
  await stripeSends(request, 'charge.refunded', { id: 'ch_e2e', ...charge, amount_refunded: 300, refunded: false });
  await stripeSends(request, 'charge.dispute.created', {
    id: 'dp_e2e',
    object: 'dispute',
    payment_intent: paymentIntentId,
    amount: 700,
    currency: 'eur',
    status: 'needs_response',
    reason: 'fraudulent',
  });
  await logIn(page);
  const row = await rowOf(page, code);
  await expect(row.getByText('Erstattet', { exact: true })).toBeVisible();
  await expect(row.getByText('Angefochten', { exact: true })).toBeVisible();
  await row.getByRole('button', { name: `${code} bearbeiten` }).click();
  const payments = page.getByRole('dialog', { name: `Stein ${code} bearbeiten` }).getByTestId('operator-payments');
  await expect(payments.getByRole('listitem')).toHaveCount(1);
  await expect(payments.getByRole('listitem')).toContainText('Beim Erstellen · Fotos, Geschichte · 10,00');
  await expect(payments).toContainText(/Erstattet: 3,00\s€ von 10,00\s€/);
  await expect(payments).toContainText('Antwort nötig – Belege in Stripe einreichen');
  await expect(payments).toContainText(`In Stripe: ${paymentIntentId}`);

  // A stone nobody paid for says so, and its row carries neither mark.
  const free = await stoneWithFinds(request, 'Kostenlos', []);
  await page.getByRole('button', { name: 'Abbrechen' }).click();
  const freeRow = await rowOf(page, free);
  await expect(freeRow.getByText('Erstattet', { exact: true })).toHaveCount(0);
  await freeRow.getByRole('button', { name: `${free} bearbeiten` }).click();
  await expect(page.getByTestId('operator-payments')).toContainText('Für diesen Stein wurde nichts bezahlt.');
});

test('an expired or forged token sends the operator back to the login with a message', async ({ page }) => {
  await page.goto('/');
  await page.evaluate(() => localStorage.setItem('adminToken', 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJ4In0.abc'));
  await page.goto('/admin');
  await expect(page).toHaveURL(/\/admin\?session=expired$/);
  await expect(page.getByText('Deine Sitzung ist abgelaufen. Bitte melde dich erneut an.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Anmelden' })).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('adminToken'))).toBeNull();
});

test.describe('on a 390 × 844 phone', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test("the dashboard's stone table scrolls within its card: the page is no wider than the screen", async ({ page }) => {
    await logIn(page);
    await expect(anyStoneRow(page)).toBeVisible();
    // The table is wider than a phone; its screen-reader labels must not widen the page beside it.
    const widths = await page.evaluate(() => ({ page: document.documentElement.scrollWidth, screen: window.innerWidth }));
    expect(widths.page).toBeLessThanOrEqual(widths.screen);
  });
});
