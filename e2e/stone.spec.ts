import { formatDistance, haversineKm } from '../src/shared/geo';
import { expect, OMA, PAPA, test, WANDERER } from './fixtures';

const bonn = { latitude: 50.7374, longitude: 7.0982 };
/** Spec: the welcome dialog shows 500 ms after a stone page loads (features/welcome-dialog). */
const WELCOME_DELAY_MS = 500;

test.describe('a finder with location permission', () => {
  test.use({ geolocation: bonn, permissions: ['geolocation'] });

  test('logs a find: toast, new entry in the list and the new total distance', async ({ page, request }) => {
    const before = (await (await request.get(`/api/stones/${PAPA}`)).json()) as {
      totalDistance: number;
      finds: Array<{ latitude: number; longitude: number }>;
    };
    const last = before.finds.at(-1)!;
    const expected = formatDistance(before.totalDistance + haversineKm(last, bonn), 'de-DE');

    await page.goto(`/${PAPA}#find-form`);
    await page.getByRole('button', { name: 'Meinen Standort verwenden' }).click();
    await expect(page.getByRole('textbox', { name: 'Fundort' })).toHaveValue('50.73740, 7.09820');
    await page.getByLabel('Kommentar (optional)').fill('Am Rheinufer in Bonn gefunden');
    await page.getByRole('button', { name: 'Fund eintragen', exact: true }).click();

    await expect(page.getByRole('status').filter({ hasText: 'Fund erfolgreich eingetragen!' })).toBeVisible();
    await expect(page.getByTestId('finds-list').getByRole('listitem').first()).toContainText('Am Rheinufer in Bonn gefunden');
    await expect(page.getByTestId('total-distance')).toHaveText(expected);
    await expect(page.getByRole('textbox', { name: 'Fundort' })).toHaveValue('');
    await expect(page.getByLabel('Kommentar (optional)')).toHaveValue('');
  });
});

test('a find without a location is refused with the spec message', async ({ page }) => {
  await page.goto(`/${WANDERER}#find-form`);
  await page.getByRole('button', { name: 'Fund eintragen', exact: true }).click();
  await expect(page.getByText('Fundort ist erforderlich')).toBeVisible();
});

test('clicking the map chooses the location and shows a temporary marker for 3 s', async ({ page }) => {
  await page.goto(`/${WANDERER}#find-form`);
  const map = page.getByTestId('stone-map');
  await expect(map).toHaveAttribute('data-ready', 'true');
  await map.click({ position: { x: 200, y: 120 } });
  await expect(page.getByRole('textbox', { name: 'Fundort' })).toHaveValue(/^-?\d+\.\d{5}, -?\d+\.\d{5}$/);
  const marker = page.getByTestId('temporary-marker');
  await expect(marker).toBeVisible();
  await expect(marker).toHaveCount(0, { timeout: 5000 });
});

test('the welcome dialog appears once per stone and "continue" closes it', async ({ page }) => {
  await page.goto(`/${OMA}`);
  const dialog = page.getByRole('dialog', { name: 'Du hast Omas Gartenstein gefunden!' });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Weiter' }).click();
  await expect(dialog).toHaveCount(0);
  const remembered = () => page.evaluate((code) => localStorage.getItem(`welcome-shown:${code}`), OMA);
  const shownAt = await remembered();
  expect(shownAt).not.toBeNull();
  await page.clock.install();
  await page.reload();
  // Past the dialog's delay on the page's clock (the reload waits for hydration, whose effects decide on the
  // dialog): a dialog due again would have been remembered anew when it came.
  await page.clock.runFor(WELCOME_DELAY_MS);
  expect(await remembered()).toBe(shownAt);
  await expect(page.getByRole('dialog')).toHaveCount(0);
});

test('"log a find" in the welcome dialog moves to the find form', async ({ page }) => {
  await page.goto(`/${WANDERER}`);
  await page.getByRole('dialog').getByRole('button', { name: 'Fund eintragen' }).click();
  await expect(page.getByRole('heading', { name: 'Fund eintragen' })).toBeInViewport();
});

test('a premium stone shows its story and photo; a broken photo says it is not available', async ({ page }) => {
  await page.goto(`/view/${PAPA}`);
  await expect(page.getByText('Papa liebte die Nordsee.')).toBeVisible();
  await expect(page.getByRole('img', { name: 'Foto 1 von Für Papa – Nordseestein' })).toBeVisible();
});

test.describe('when a photo cannot be loaded', () => {
  test.use({ allowConsoleErrors: [/Failed to load resource/] });
  test('the photo is replaced by "photo not available"', async ({ page }) => {
    await page.route('**/photos/**', (route) => route.fulfill({ status: 404, body: '' }));
    await page.goto(`/view/${PAPA}`);
    await expect(page.getByText('Foto nicht verfügbar')).toBeVisible();
  });
});

test('the toast can be focused with F8 and closes itself after 5 s', async ({ page }) => {
  await page.goto(`/view/${OMA}`);
  await page.getByLabel('E-Mail-Adresse').fill('finder@example.org');
  await page.getByRole('button', { name: 'Abonnieren' }).click();
  const toast = page.getByRole('status').filter({ hasText: 'Benachrichtigungen erfolgreich abonniert!' });
  await expect(toast).toBeVisible();
  await page.keyboard.press('F8');
  await expect(page.getByRole('region', { name: 'Benachrichtigungen (F8)' }).locator('ol')).toBeFocused();
  await expect(toast).toHaveCount(0, { timeout: 7000 });
});

test('the read-only page loads the module of its screen as soon as it is painted, and hydrates', async ({ page, request }) => {
  const html = await (await request.get(`/view/${PAPA}`)).text();
  // Nothing of the JavaScript in the HTML's own tags: until the first paint the text and the styles have the
  // connection to themselves (decision record 019). Its inline script names the screen's module …
  expect(html).not.toMatch(/<link rel="modulepreload"|<script type="module"/);
  expect(html).toMatch(/"preload":\["\/assets\/stone-[\w-]+\.js"/);
  // … which the browser loads without a tap, and the page hydrates.
  const screenModule = page.waitForRequest(/\/assets\/stone-[\w-]+\.js$/);
  await page.goto(`/view/${PAPA}`);
  await screenModule;
  await expect(page.locator('html[data-hydrated]')).toHaveCount(1);
});

test.describe('a finder who denies location access', () => {
  test.use({ permissions: [] });
  test('sees the location error toast with the denied text', async ({ page, context }) => {
    await context.clearPermissions();
    await page.goto(`/${WANDERER}#find-form`);
    await page.getByRole('button', { name: 'Meinen Standort verwenden' }).click();
    const toast = page.getByRole('status').filter({ hasText: 'Standort-Fehler' });
    await expect(toast).toBeVisible();
    await expect(toast).toContainText('GPS-Berechtigung verweigert');
  });
});

test('a toast is dismissed by swiping it 50 px to the right', async ({ page }) => {
  await page.goto(`/view/${WANDERER}`);
  await page.getByLabel('E-Mail-Adresse').fill('swipe@example.org');
  await page.getByRole('button', { name: 'Abonnieren' }).click();
  const toast = page.getByRole('status').filter({ hasText: 'Benachrichtigungen erfolgreich abonniert!' });
  await expect(toast).toBeVisible();
  const box = (await toast.boundingBox())!;
  await page.mouse.move(box.x + 20, box.y + box.height / 2);
  await page.mouse.down();
  for (let dx = 10; dx <= 80; dx += 10) await page.mouse.move(box.x + 20 + dx, box.y + box.height / 2);
  await page.mouse.up();
  await expect(toast).toHaveCount(0, { timeout: 2000 });
});

test('the stone page offers its journey to take along as GPX and GeoJSON, in either language', async ({ page, request }) => {
  await page.goto(`/view/${OMA}`);
  const gpx = page.getByRole('link', { name: 'GPX (GPS-Geräte, Wander-Apps)' });
  await expect(gpx).toHaveAttribute('href', `/api/stones/${OMA}/journey.gpx`);
  await expect(gpx).toHaveAttribute('download', '');
  const file = await request.get((await gpx.getAttribute('href')) ?? '');
  expect(file.headers()['content-type']).toBe('application/gpx+xml; charset=utf-8');
  expect(await file.text()).toContain('<trkpt lat=');
  await page.getByRole('button', { name: 'Sprache DE' }).click();
  await page.getByRole('button', { name: 'English' }).click();
  await expect(page.getByRole('link', { name: 'GeoJSON (maps)' })).toHaveAttribute('href', `/api/stones/${OMA}/journey.geojson`);
});
