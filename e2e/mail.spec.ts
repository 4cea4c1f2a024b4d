import AxeBuilder from '@axe-core/playwright';
import { expect, mailFor, mailPath, test } from './fixtures';

test.describe('with location permission', () => {
  test.use({ geolocation: { latitude: 51.05, longitude: 13.74 }, permissions: ['geolocation'] });

  test('follow a stone by e-mail: subscribe, confirm from the mail, get the next find, unsubscribe in one click', async ({
    page,
    request,
  }) => {
    const created = await request.post('/api/stones', { data: { creatorEmail: 'e2e-owner@example.org', title: 'Mail-Stein' } });
    const { code } = (await created.json()) as { code: string };
    const follower = `e2e-${Date.now()}@example.org`;

    await page.goto(`/${code}`);
    await page.getByRole('button', { name: 'Weiter' }).click();
    await page.getByRole('textbox', { name: 'E-Mail-Adresse' }).fill(follower);
    await page.getByRole('button', { name: 'Abonnieren' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Bitte bestätige den Link' })).toBeVisible();

    const confirmation = await mailFor(request, (mail) => mail.to === follower);
    await page.goto(mailPath(confirmation, '/abo/bestaetigen'));
    await expect(page.getByRole('heading', { name: 'Benachrichtigungen bestätigen' })).toBeVisible();
    await page.getByRole('button', { name: 'Bestätigen' }).click();
    await expect(page.getByText('Bestätigt! Ab jetzt bekommst du eine E-Mail, wann immer „Mail-Stein“ gefunden wird.')).toBeVisible();

    await page.getByRole('link', { name: 'Zum Stein' }).click();
    await page.getByRole('button', { name: 'Meinen Standort verwenden' }).click();
    await page.getByLabel('Kommentar (optional)').fill('Am Elbufer in Dresden');
    await page.getByRole('button', { name: 'Fund eintragen', exact: true }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Fund erfolgreich eingetragen!' })).toBeVisible();
    const findMail = await mailFor(request, (mail) => mail.to === follower && mail.text.includes('Am Elbufer in Dresden'));
    expect(findMail.headers['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click');

    // Rather less often: the mail's "how often" link, without an account.
    await page.goto(mailPath(findMail, '/abo/einstellungen'));
    await expect(page.getByRole('heading', { name: 'Wie oft du von Funden hörst' })).toBeVisible();
    await expect(page.getByText('Für den Stein „Mail-Stein“:')).toBeVisible();
    await expect(page.getByRole('radio', { name: 'Bei jedem Fund eine Nachricht' })).toBeChecked();
    await expect(page.getByRole('radio', { name: 'Keine Fund-Mails' })).toHaveCount(0);
    // The stone has no memorial day: a follower gets no letter of the year, and the page says nothing of one.
    await expect(page.getByRole('checkbox')).toHaveCount(0);
    await page.getByRole('radio', { name: 'Ein Brief in der Woche mit allen neuen Funden' }).check();
    await expect(page.getByRole('status').filter({ hasText: 'Gespeichert: Du bekommst einen Brief in der Woche' })).toBeVisible();
    await page.reload();
    await expect(page.getByRole('radio', { name: 'Ein Brief in der Woche mit allen neuen Funden' })).toBeChecked();

    await page.goto(mailPath(findMail, '/abo/abmelden'));
    await page.getByRole('button', { name: 'Abbestellen' }).click();
    await expect(page.getByText('Erledigt: Du bekommst keine E-Mails mehr zu „Mail-Stein“.')).toBeVisible();
  });
});

test('an owner who lost the link asks for it on the stone page and gets it by mail', async ({ page, request }) => {
  const owner = `owner-${Date.now()}@example.org`;
  const created = await request.post('/api/stones', { data: { creatorEmail: owner, title: 'Verlorener Link' } });
  const { code } = (await created.json()) as { code: string };

  await page.goto(`/view/${code}`);
  await page.getByText('Dein Stein? Admin-Link per E-Mail anfordern').click();
  await page.getByRole('textbox', { name: 'Deine E-Mail-Adresse' }).fill(owner.toUpperCase());
  await page.getByRole('button', { name: 'Admin-Link senden' }).click();
  await expect(page.getByText('Wenn diese Adresse zum Stein gehört, ist der Admin-Link unterwegs.')).toBeVisible();

  const mail = await mailFor(request, (m) => m.to === owner && m.subject.includes('Admin-Link'));
  const link = mail.text.split(/\s+/).find((word) => word.includes('/admin/stone/')) ?? '';
  const token = link.split('/admin/stone/')[1] ?? '';
  expect((await request.get(`/api/admin/stones/${token}`)).status()).toBe(200);
});

test('an owner turns the letter of the year off and on from the preferences link of a find mail', async ({ page, request }) => {
  const owner = `gedenk-${Date.now()}@example.org`;
  const created = await request.post('/api/stones', { data: { creatorEmail: owner, title: 'Jahresbrief-Stein' } });
  const { code, adminToken } = (await created.json()) as { code: string; adminToken: string };
  expect((await request.post(`/api/stones/${code}/finds`, { data: { location: 'Görlitz' } })).status()).toBe(201);
  const findMail = await mailFor(request, (mail) => mail.to === owner && mail.text.includes('/abo/einstellungen'));
  const path = mailPath(findMail, '/abo/einstellungen');
  const token = new URLSearchParams(path.split('?')[1]).get('token');
  const preferences = async () =>
    (await (await request.post('/api/notifications/preferences', { data: { token } })).json()) as { memorialLetter: boolean };

  // No memorial day yet: the owner's letter comes on the anniversary of the stone's creation.
  await page.goto(path);
  await expect(page.getByText('Für deinen Stein „Jahresbrief-Stein“:')).toBeVisible();
  const anniversary = page.getByRole('checkbox', { name: /^Brief am Jahrestag der Erstellung \(\d{1,2}\. \p{L}+\)$/u });
  await expect(anniversary).toBeChecked();
  await anniversary.uncheck();
  await expect(page.getByRole('status').filter({ hasText: 'Gespeichert: Du bekommst diesen Brief nicht.' })).toBeVisible();
  await expect(anniversary).not.toBeChecked();
  expect((await preferences()).memorialLetter).toBe(false);

  // With 17 May as the memorial day the letter comes then.
  expect((await request.patch(`/api/admin/stones/${adminToken}`, { data: { memorialDay: '05-17' } })).status()).toBe(200);
  await page.reload();
  const memorial = page.getByRole('checkbox', { name: 'Brief am Gedenktag (17. Mai)' });
  await expect(memorial).not.toBeChecked();
  await expect(page.getByText('Einmal im Jahr ein stiller Brief: wie weit der Stein seit dem letzten gereist ist')).toBeVisible();
  // The checkbox, its hint and the page around them pass axe.
  expect((await new AxeBuilder({ page }).analyze()).violations.map((violation) => violation.id)).toEqual([]);
  await memorial.check();
  await expect(page.getByRole('status').filter({ hasText: 'Gespeichert: Du bekommst diesen Brief einmal im Jahr.' })).toBeVisible();
  await page.reload();
  await expect(memorial).toBeChecked();
  // The frequency stayed as it was.
  await expect(page.getByRole('radio', { name: 'Bei jedem Fund eine Nachricht' })).toBeChecked();
});

test.describe('in English', () => {
  test.use({ locale: 'en-GB' });

  test('a follower chooses a daily letter on the preferences page of their find mail', async ({ page, request }) => {
    const created = await request.post('/api/stones', { data: { creatorEmail: 'e2e-owner@example.org', title: 'Letter Stone' } });
    const { code } = (await created.json()) as { code: string };
    const follower = `e2e-en-${Date.now()}@example.org`;
    const headers = { 'accept-language': 'en-GB' };
    expect((await request.post(`/api/stones/${code}/notifications`, { data: { email: follower }, headers })).status()).toBe(201);
    const confirmation = await mailFor(request, (mail) => mail.to === follower);
    const confirmToken = new URLSearchParams(mailPath(confirmation, '/abo/bestaetigen').split('?')[1]).get('token');
    expect((await request.post('/api/notifications/confirm', { data: { token: confirmToken } })).status()).toBe(200);
    expect((await request.post(`/api/stones/${code}/finds`, { data: { location: 'York' }, headers })).status()).toBe(201);
    const findMail = await mailFor(request, (mail) => mail.to === follower && mail.text.includes('York'));
    expect(findMail.text).toContain('Rather less often? Choose a daily or weekly letter here:');

    await page.goto(mailPath(findMail, '/abo/einstellungen'));
    await expect(page.getByRole('heading', { name: 'How often you hear of finds' })).toBeVisible();
    await expect(page.getByText('For the stone “Letter Stone”:')).toBeVisible();
    await page.getByRole('radio', { name: 'One letter a day with all new finds' }).check();
    await expect(page.getByRole('status').filter({ hasText: 'Saved: you get one letter a day when there is news.' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Unsubscribe completely' })).toBeVisible();
  });
});
