import type { APIRequestContext } from '@playwright/test';
import { expect, test } from './fixtures';

const hamburg = { latitude: 53.5511, longitude: 9.9937 };

async function newStone(request: APIRequestContext, title: string): Promise<string> {
  const res = await request.post('/api/stones', { data: { creatorEmail: 'geo@example.org', title } });
  expect(res.status()).toBe(201);
  return ((await res.json()) as { code: string }).code;
}

test('an address search fills the location with the place found, and the find is logged there', async ({ page, request }) => {
  const code = await newStone(request, 'Adressstein');
  await page.goto(`/${code}#find-form`);
  await page.getByRole('button', { name: 'Suchen', exact: true }).click();
  await expect(page.getByText('Adresse erforderlich')).toBeVisible();

  await page.getByRole('searchbox', { name: 'Adresse suchen' }).fill('Brandenburger Tor');
  await page.getByRole('searchbox', { name: 'Adresse suchen' }).press('Enter');
  const location = page.getByRole('textbox', { name: 'Fundort' });
  await expect(location).toHaveValue('Brandenburger Tor, Pariser Platz, Berlin, 10117, Deutschland');
  await page.getByRole('button', { name: 'Fund eintragen', exact: true }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Fund erfolgreich eingetragen!' })).toBeVisible();
  const stone = (await (await request.get(`/api/stones/${code}`)).json()) as { finds: Array<{ location: string; latitude: number }> };
  expect(stone.finds).toEqual([
    expect.objectContaining({ location: 'Brandenburger Tor, Pariser Platz, Berlin, 10117, Deutschland', latitude: 52.5162746 }),
  ]);
});

test('a finder who chooses only the area publishes only the town: the form says so, and the stone page shows nothing finer', async ({
  page,
  request,
}) => {
  const code = await newStone(request, 'Münsterstein');
  await page.goto(`/${code}#find-form`);
  await page.getByRole('searchbox', { name: 'Adresse suchen' }).fill('Kaiser-Joseph-Straße 167, Freiburg');
  await page.getByRole('searchbox', { name: 'Adresse suchen' }).press('Enter');
  const location = page.getByRole('textbox', { name: 'Fundort' });
  await expect(location).toHaveValue('167, Kaiser-Joseph-Straße, Altstadt, Freiburg im Breisgau, Baden-Württemberg, 79098, Deutschland');
  await page.getByLabel('Genauigkeit der Position').selectOption({ label: 'Nur die Gegend (etwa 10 km)' });
  await expect(location).toHaveValue('Freiburg im Breisgau, Deutschland');
  await expect(page.getByTestId('published-place')).toHaveText('Veröffentlicht wird nur: Freiburg im Breisgau, Deutschland');
  await page.getByRole('button', { name: 'Fund eintragen', exact: true }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Fund erfolgreich eingetragen!' })).toBeVisible();

  await page.reload();
  // Where it was last seen, and the find in the list.
  await expect(page.getByText('Zuletzt gesehen: Freiburg im Breisgau, Deutschland')).toBeVisible();
  await expect(page.getByText('Freiburg im Breisgau, Deutschland')).toHaveCount(2);
  for (const finer of ['Kaiser-Joseph', '79098', 'Altstadt']) await expect(page.locator('body')).not.toContainText(finer);
  const stone = (await (await request.get(`/api/stones/${code}`)).json()) as { finds: Array<{ location: string; latitude: number }> };
  expect(stone.finds).toEqual([expect.objectContaining({ location: 'Freiburg im Breisgau, Deutschland', latitude: 48, longitude: 7.8 })]);
});

test.describe('an address no place has', () => {
  // The search answers 404, which the browser logs.
  test.use({ allowConsoleErrors: [/404 \(Not Found\)/] });

  test('is taken as the location as typed, without a position', async ({ page, request }) => {
    const code = await newStone(request, 'Nirgendstein');
    await page.goto(`/${code}#find-form`);
    await page.getByRole('searchbox', { name: 'Adresse suchen' }).fill('Hinterm Mond 7');
    await page.getByRole('button', { name: 'Suchen', exact: true }).click();
    await expect(page.getByRole('textbox', { name: 'Fundort' })).toHaveValue('Hinterm Mond 7');
    await page.getByRole('button', { name: 'Fund eintragen', exact: true }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Fund erfolgreich eingetragen!' })).toBeVisible();
    const stone = (await (await request.get(`/api/stones/${code}`)).json()) as {
      finds: Array<{ location: string; latitude: number | null }>;
    };
    expect(stone.finds).toEqual([expect.objectContaining({ location: 'Hinterm Mond 7', latitude: null })]);
  });
});

test.describe('a finder in Hamburg with location permission', () => {
  test.use({ geolocation: hamburg, permissions: ['geolocation'] });

  test('sees the place name instead of coordinates', async ({ page, request }) => {
    const code = await newStone(request, 'Hafenstein');
    await page.goto(`/${code}#find-form`);
    await page.getByRole('button', { name: 'Meinen Standort verwenden' }).click();
    await expect(page.getByRole('textbox', { name: 'Fundort' })).toHaveValue('Hamburg, Deutschland');
  });
});

test.describe('a finder in Bonn who wants the find shown only roughly', () => {
  test.use({ geolocation: { latitude: 50.7374, longitude: 7.0982 }, permissions: ['geolocation'] });

  test('chooses "about 1 km": the position and the location text are rounded before they are stored', async ({ page, request }) => {
    const code = await newStone(request, 'Ungefährstein');
    await page.goto(`/${code}#find-form`);
    await page.getByRole('button', { name: 'Meinen Standort verwenden' }).click();
    await expect(page.getByRole('textbox', { name: 'Fundort' })).toHaveValue('50.73740, 7.09820');
    await page.getByLabel('Genauigkeit der Position').selectOption({ label: 'Etwa 1 km' });
    // The geocoder knows no name there: the coordinates are what is published, at the precision.
    await expect(page.getByRole('textbox', { name: 'Fundort' })).toHaveValue('50.74, 7.10');
    await page.getByRole('button', { name: 'Fund eintragen', exact: true }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Fund erfolgreich eingetragen!' })).toBeVisible();
    const stone = (await (await request.get(`/api/stones/${code}`)).json()) as {
      finds: Array<{ location: string; latitude: number; longitude: number }>;
    };
    expect(stone.finds).toEqual([expect.objectContaining({ location: '50.74, 7.10', latitude: 50.74, longitude: 7.1 })]);
  });
});
