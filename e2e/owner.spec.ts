import type { APIRequestContext } from '@playwright/test';
import { expect, offlineReady, test } from './fixtures';

const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');

/** A stone of its own for each test (tests share one database), created the way the 100 % promotion code does. */
async function premiumStone(request: APIRequestContext, title: string): Promise<{ code: string; adminToken: string }> {
  const res = await request.post('/api/create-payment-intent', {
    data: {
      amount: 0,
      features: { photos: true, story: true },
      stripePromotionCodeId: 'promo_free',
      stoneData: { creatorEmail: 'owner-e2e@example.org', title, story: 'Die erste Geschichte.' },
    },
  });
  expect(res.status()).toBe(201);
  return (await res.json()) as { code: string; adminToken: string };
}

test('the owner edits the stone, adds and deletes a photo and hides a bogus find', async ({ page, request }) => {
  const { code, adminToken } = await premiumStone(request, 'Verwaltungsstein');
  for (const location of ['Berlin', 'Spam-Ort'])
    expect((await request.post(`/api/stones/${code}/finds`, { data: { location } })).status()).toBe(201);

  await page.goto(`/admin/stone/${adminToken}`);
  await expect(page.getByRole('heading', { name: `Stein ${code} verwalten` })).toBeVisible();
  await expect(page.getByText('owner-e2e@example.org', { exact: true })).toBeVisible();
  await expect(page.getByText('Die erste Geschichte.')).toBeVisible();
  await expect(page.getByTestId('owner-found')).toHaveText('2');

  await page.getByRole('button', { name: 'Bearbeiten' }).click();
  await page.getByRole('textbox', { name: 'Titel' }).fill('Neuer Name');
  await page.getByRole('textbox', { name: 'Geschichte' }).fill('Eine neue Geschichte.');
  await page.getByRole('button', { name: 'Speichern', exact: true }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Stein aktualisiert' })).toBeVisible();
  await expect(page.getByText('Eine neue Geschichte.')).toBeVisible();

  await expect(page.getByRole('heading', { name: 'Fotos verwalten (0/5)' })).toBeVisible();
  await page.locator('input[type=file]').setInputFiles({ name: 'a.png', mimeType: 'image/png', buffer: PNG });
  await page.getByRole('button', { name: '1 Foto(s) hochladen' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Fotos hinzugefügt' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Fotos verwalten (1/5)' })).toBeVisible();
  await expect(page.getByRole('button', { name: /Foto\(s\) hochladen/ })).toHaveCount(0);

  page.once('dialog', (dialog) => {
    expect(dialog.message()).toBe('Möchtest du dieses Foto wirklich löschen?');
    void dialog.accept();
  });
  await page.getByRole('button', { name: 'Foto 1 löschen' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Foto gelöscht' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Fotos verwalten (0/5)' })).toBeVisible();

  const spam = page.getByTestId('owner-finds').getByRole('listitem').filter({ hasText: 'Spam-Ort' });
  await spam.getByRole('button', { name: 'Ausblenden' }).click();
  await expect(spam.getByText('Ausgeblendet')).toBeVisible();
  await expect(page.getByTestId('owner-found')).toHaveText('1');

  await page.getByRole('link', { name: 'Öffentliche Seite' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Neuer Name' })).toBeVisible();
  await expect(page.getByTestId('finds-list')).not.toContainText('Spam-Ort');
  await expect(page.getByTestId('finds-list')).toContainText('Berlin');
});

test.describe('deleting', () => {
  // The deleted stone's page and owner page answer 404, which the browser reports on its console. The service worker
  // keeps the stone's page for offline use, and the deletion must take that copy too.
  test.use({ allowConsoleErrors: [/404 \(Not Found\)/], serviceWorkers: 'allow' });

  test('the owner deletes the stone after typing its code, and its page then says it does not exist', async ({ page, request }) => {
    const { code, adminToken } = await premiumStone(request, 'Abschiedsstein');
    expect((await request.post(`/api/stones/${code}/finds`, { data: { location: 'Hamburg' } })).status()).toBe(201);
    // This browser kept the stone's page for offline use.
    await page.goto(`/${code}`);
    await offlineReady(page, `/${code}`);

    await page.goto(`/admin/stone/${adminToken}`);
    await expect(page.getByRole('heading', { name: 'Stein löschen', exact: true })).toBeVisible();
    const open = page.getByRole('button', { name: 'Stein löschen…' });
    const dialog = page.getByRole('dialog', { name: `Stein ${code} endgültig löschen?` });
    const field = dialog.getByRole('textbox', { name: `Gib zur Bestätigung den Code des Steins ein: ${code}` });
    const confirm = dialog.getByRole('button', { name: 'Endgültig löschen' });

    // A slip deletes nothing: a wrong code leaves the button disabled, Escape closes the dialog.
    await open.click();
    await expect(field).toBeFocused();
    await expect(confirm).toBeDisabled();
    await field.fill('AAA-BBB-CCC');
    await expect(confirm).toBeDisabled();
    await page.keyboard.press('Escape');
    await expect(dialog).toHaveCount(0);
    await expect(open).toBeFocused();
    expect((await request.get(`/api/stones/${code}`)).status()).toBe(200);

    await open.click();
    await field.fill(code.toLowerCase());
    await confirm.click();
    const deleted = page.getByRole('heading', { level: 1, name: 'Der Stein ist gelöscht' });
    await expect(deleted).toBeFocused();
    await expect(page.getByRole('status').filter({ hasText: 'Verwaltungslinks gelten nicht mehr' })).toBeVisible();

    const response = await page.goto(`/${code}`);
    expect(response?.status()).toBe(404);
    await expect(page.getByRole('heading', { level: 1, name: 'Stein nicht gefunden' })).toBeVisible();
    // Its kept copy went with it: offline, this device shows it no more.
    await expect
      .poll(() =>
        page.evaluate(async (path) => {
          for (const name of await caches.keys()) if (await (await caches.open(name)).match(path, { ignoreVary: true })) return true;
          return false;
        }, `/${code}`),
      )
      .toBe(false);
    // Its owner link leads nowhere now, and says so.
    expect((await page.goto(`/admin/stone/${adminToken}`))?.status()).toBe(404);
    await expect(page.getByRole('heading', { level: 1, name: 'Dieser Admin-Link gilt nicht (mehr)' })).toBeVisible();
  });
});

test('a find too fast to be true waits for the owner, who sees why and accepts it', async ({ page, request }) => {
  const { code, adminToken } = await premiumStone(request, 'Eiliger Stein');
  const log = (location: string, latitude: number, longitude: number) =>
    request.post(`/api/stones/${code}/finds`, { data: { location, latitude, longitude } });
  expect((await log('Berlin', 52.52, 13.405)).status()).toBe(201);
  // Munich a moment after Berlin: 504 km in seconds.
  expect((await log('München', 48.1351, 11.582)).status()).toBe(201);

  await page.goto(`/${code}`);
  const munichEntry = page.getByTestId('finds-list').getByRole('listitem').filter({ hasText: 'München' });
  await expect(munichEntry.getByText('Wird geprüft – zählt noch nicht zur Strecke')).toBeVisible();
  await expect(page.getByText('0,0 km').first()).toBeVisible();

  await page.goto(`/admin/stone/${adminToken}`);
  const munich = page.getByTestId('owner-finds').getByRole('listitem').filter({ hasText: 'München' });
  await expect(munich.getByText('Unplausibel: schneller als 1.000 km/h seit dem letzten Fund')).toBeVisible();
  await munich.getByRole('button', { name: 'Annehmen' }).click();
  await expect(munich.getByText('Angenommen')).toBeVisible();
  await expect(munich.getByRole('button', { name: 'Annehmen' })).toHaveCount(0);
  // Its country, told by the server from the positions (no geocoder here): named in the page's language.
  await page.reload();
  await expect(page.getByTestId('owner-countries')).toHaveText('Ein Land erreicht: Deutschland');

  await page.goto(`/${code}`);
  await expect(page.getByText('Wird geprüft – zählt noch nicht zur Strecke')).toHaveCount(0);
  await expect(page.getByText('504,4 km').first()).toBeVisible();
});

test('how often the owner hears is one click on the owner page: a daily letter, or no find mails at all', async ({ page, request }) => {
  const { adminToken } = await premiumStone(request, 'Stiller Stein');
  await page.goto(`/admin/stone/${adminToken}`);
  const owner = async () =>
    (await (await request.get(`/api/admin/stones/${adminToken}`)).json()) as { notify: string; notifyOnFind: boolean };
  await expect(page.getByRole('radio', { name: 'E-Mail an mich bei jedem Fund' })).toBeChecked();
  await page.getByRole('radio', { name: 'Ein Brief am Tag mit allen neuen Funden' }).check();
  await expect(page.getByRole('status').filter({ hasText: 'Du bekommst jetzt einen Tagesbrief' })).toBeVisible();
  expect(await owner()).toEqual(expect.objectContaining({ notify: 'daily', notifyOnFind: true }));
  await page.getByRole('radio', { name: 'Keine Fund-Mails' }).check();
  await expect(page.getByRole('status').filter({ hasText: 'Fund-Mails sind aus' })).toBeVisible();
  expect(await owner()).toEqual(expect.objectContaining({ notify: 'off', notifyOnFind: false }));
});

test.describe('the memorial day', () => {
  // The day the form cannot offer, forced into it, gets the server's 400, which the browser logs.
  test.use({ allowConsoleErrors: [/400 \(Bad Request\)/] });

  test('the owner sets 17 May, sees it after a reload, cannot save half a day or 30 February, removes it and turns the letter off', async ({
    page,
    request,
  }) => {
    const { adminToken } = await premiumStone(request, 'Gedenkstein');
    const owner = async () =>
      (await (await request.get(`/api/admin/stones/${adminToken}`)).json()) as { memorialDay: string | null; memorialLetter: boolean };
    await page.goto(`/admin/stone/${adminToken}`);
    const card = page.getByRole('region', { name: 'Gedenktag' });
    const day = card.getByRole('combobox', { name: 'Tag', exact: true });
    const month = card.getByRole('combobox', { name: 'Monat' });
    const letter = card.getByRole('checkbox', { name: 'Brief am Gedenktag an mich' });
    const save = card.getByRole('button', { name: 'Gedenktag speichern' });

    // None yet: the letter comes on the anniversary of the creation, to the owner by default.
    await expect(card.getByText('An diesem Tag bekommst du einen stillen Brief des Jahres', { exact: false })).toBeVisible();
    await expect(day).toHaveValue('0');
    await expect(month).toHaveValue('0');
    await expect(
      card.getByText(/^Ohne Gedenktag kommt der Brief am Jahrestag der Erstellung des Steins: am \d{1,2}\. \p{L}+\.$/u),
    ).toBeVisible();
    await expect(letter).toBeChecked();

    // February ends at its 29th: the 31st becomes the 29th, and no later day is offered.
    await day.selectOption('31');
    await expect(card.getByText('Bitte wähle Tag und Monat – oder bei beiden „Kein Gedenktag“.')).toBeVisible();
    await expect(save).toBeDisabled();
    await month.selectOption({ label: 'Februar' });
    await expect(day).toHaveValue('29');
    await expect(day.getByRole('option')).toHaveText(['Kein Gedenktag', ...Array.from({ length: 29 }, (_, index) => String(index + 1))]);
    await month.selectOption({ label: 'Mai' });
    await day.selectOption('17');
    await save.click();
    await expect(page.getByRole('status').filter({ hasText: 'Gespeichert: Gedenktag am 17. Mai' })).toBeVisible();
    expect(await owner()).toEqual(expect.objectContaining({ memorialDay: '05-17', memorialLetter: true }));
    await page.reload();
    await expect(day).toHaveValue('17');
    await expect(month).toHaveValue('5');
    await expect(card.getByText('Ohne Gedenktag', { exact: false })).toHaveCount(0);

    // A day the form does not offer, put into it by hand: the server refuses it, and the card shows its words.
    await month.selectOption({ label: 'Februar' });
    await day.evaluate((select: HTMLSelectElement) => select.append(new Option('30', '30')));
    await day.selectOption('30');
    await save.click();
    await expect(card.getByRole('alert')).toContainText('Diesen Tag gibt es nicht.');
    await expect(day).toHaveAttribute('aria-invalid', 'true');
    expect((await owner()).memorialDay).toBe('05-17');

    await page.reload();
    await card.getByRole('button', { name: 'Gedenktag entfernen' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Gespeichert: ohne Gedenktag' })).toBeVisible();
    await expect(month).toHaveValue('0');
    await expect(card.getByRole('button', { name: 'Gedenktag entfernen' })).toHaveCount(0);
    expect(await owner()).toEqual(expect.objectContaining({ memorialDay: null, memorialLetter: true }));

    await letter.uncheck();
    await save.click();
    await expect.poll(async () => (await owner()).memorialLetter).toBe(false);
    await page.reload();
    await expect(letter).not.toBeChecked();
    await expect(month).toHaveValue('0');
  });
});

test.describe('buying a feature later', () => {
  // The checkout asks for Stripe.js, which this machine cannot reach; a 100 % code needs no payment form.
  test.use({ allowConsoleErrors: [/ERR_NAME_NOT_RESOLVED/] });

  test('a free stone’s owner buys a story with a 100 % code and writes it', async ({ page, request }) => {
    const created = await request.post('/api/stones', { data: { creatorEmail: 'free-owner@example.org', title: 'Freier Stein' } });
    const { adminToken } = (await created.json()) as { adminToken: string };
    await page.goto(`/admin/stone/${adminToken}`);
    await expect(page.getByText('Eine Geschichte ist eine Premium-Funktion.', { exact: false })).toBeVisible();
    await page.getByRole('button', { name: 'Geschichte für 5 € hinzufügen' }).click();
    await expect(page.getByTestId('checkout-total')).toHaveText('Gesamt: 5,00 €');
    await page.getByRole('textbox', { name: 'Rabattcode' }).fill('GRATIS');
    await page.getByRole('button', { name: 'Anwenden' }).click();
    await expect(page.getByRole('heading', { name: /^Stein .* verwalten$/ })).toBeVisible();
    await page.getByRole('button', { name: 'Bearbeiten' }).click();
    await page.getByRole('textbox', { name: 'Geschichte' }).fill('Jetzt mit Geschichte.');
    await page.getByRole('button', { name: 'Speichern', exact: true }).click();
    await expect(page.getByText('Jetzt mit Geschichte.')).toBeVisible();
  });
});

test.describe('links that lead nowhere', () => {
  // The page answers 404, which the browser logs for the document.
  test.use({ allowConsoleErrors: [/status of 404/] });

  test('an owner link without a token says so', async ({ page }) => {
    await page.goto('/admin/stone');
    await expect(page.getByRole('heading', { name: 'Ungültiger Admin-Link' })).toBeVisible();
  });

  test('an unknown owner link says it is not valid (any more), offers the start page and a new link by mail', async ({ page }) => {
    const response = await page.goto(`/admin/stone/${'x'.repeat(43)}`);
    expect(response?.status()).toBe(404);
    await expect(page.getByRole('heading', { name: 'Dieser Admin-Link gilt nicht (mehr)' })).toBeVisible();
    await expect(page.getByText('Vielleicht ist er abgelaufen – Links aus späteren E-Mails gelten 30 Tage –')).toBeVisible();
    await expect(page.getByRole('main').getByRole('link', { name: 'Zur Startseite' })).toBeVisible();
    await page.getByText('Dein Stein? Admin-Link per E-Mail anfordern').click();
    await expect(page.getByRole('textbox', { name: 'Code des Steins' })).toBeVisible();
  });
});
