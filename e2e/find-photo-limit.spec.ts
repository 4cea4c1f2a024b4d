import { expect, test } from './fixtures';

/** A real 1×1 PNG, as a phone's gallery would hand over any picture. */
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');
const photoFile = () => ({ name: 'fundort.png', mimeType: 'image/png', buffer: PNG });

/** The photos a stone may have waiting for its owner (MAX_PENDING_FIND_PHOTOS). */
const WAITING = 20;

test.use({ viewport: { width: 390, height: 844 }, geolocation: { latitude: 50.7374, longitude: 7.0982 }, permissions: ['geolocation'] });

test('a finder whose photo the stone has no room for is told the find was logged without it', async ({ page, request }) => {
  const res = await request.post('/api/stones', { data: { creatorEmail: 'volle-fotos@example.org', title: 'Stein voller Fotos' } });
  expect(res.status()).toBe(201);
  const { code, adminToken } = (await res.json()) as { code: string; adminToken: string };
  for (let i = 0; i < WAITING; i++) {
    // Each find from a finder of its own, as the abuse limits count them.
    const [a = 0, b = 0] = crypto.getRandomValues(new Uint16Array(2));
    const sent = await request.post(`/api/stones/${code}/finds`, {
      multipart: { location: `Fund ${i + 1}`, photo: photoFile() },
      headers: { 'cf-connecting-ip': `2001:db8:${a.toString(16)}:${b.toString(16)}::3` },
    });
    expect(sent.status()).toBe(201);
  }

  await page.goto(`/${code}#find-form`);
  await page.getByRole('button', { name: 'Meinen Standort verwenden' }).click();
  await expect(page.getByRole('textbox', { name: 'Fundort' })).toHaveValue('50.73740, 7.09820');
  await page.getByTestId('find-photo').locator('input[type=file]').setInputFiles(photoFile());
  await expect(page.getByRole('img', { name: 'Dein Foto zu diesem Fund' })).toBeVisible();
  await page.getByRole('button', { name: 'Fund eintragen', exact: true }).click();
  // One toast at a time: this one in place of the usual one, saying the find was logged.
  const refused = page.getByRole('status').filter({ hasText: 'Dein Foto wurde nicht gespeichert' });
  await expect(refused).toContainText(
    `Dein Fund ist eingetragen, aber ohne Foto: Bei diesem Stein warten schon ${WAITING} Fotos darauf, dass sein Besitzer sie ansieht.`,
  );
  await expect(page.getByRole('img', { name: 'Dein Foto zu diesem Fund' })).toHaveCount(0);

  const owner = (await (await request.get(`/api/admin/stones/${adminToken}`)).json()) as {
    finds: Array<{ location: string; photo: { status: string } | null }>;
  };
  expect(owner.finds).toHaveLength(WAITING + 1);
  expect(owner.finds.filter((find) => find.photo?.status === 'pending')).toHaveLength(WAITING);
  expect(owner.finds.at(-1)).toMatchObject({ location: '50.73740, 7.09820', photo: null });
});
