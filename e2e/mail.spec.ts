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
