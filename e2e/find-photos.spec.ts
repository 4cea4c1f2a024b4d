import AxeBuilder from '@axe-core/playwright';
import type { APIRequestContext, Page } from '@playwright/test';
import { expect, offlineReady, test } from './fixtures';

/** A real 1×1 PNG, as a phone's gallery would hand over any picture. */
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');
const photoFile = (name = 'fundort.png') => ({ name, mimeType: 'image/png', buffer: PNG });

const bonn = { latitude: 50.7374, longitude: 7.0982 };
const PLACE = '50.73740, 7.09820';

interface FindJson {
  id: string;
  comment: string;
  photo: { url: string; status?: string } | null;
}

/** axe's findings, as rule id and the elements it found, so a failure names what to fix. */
async function violations(page: Page): Promise<Array<{ rule: string; targets: string[] }>> {
  const results = await new AxeBuilder({ page }).analyze();
  return results.violations.map((violation) => ({ rule: violation.id, targets: violation.nodes.map((node) => node.target.join(' ')) }));
}

/** A stone of this test alone, with its owner link. */
async function newStone(request: APIRequestContext, title: string): Promise<{ code: string; adminToken: string }> {
  const res = await request.post('/api/stones', { data: { creatorEmail: 'fotos@example.org', title } });
  expect(res.status()).toBe(201);
  return (await res.json()) as { code: string; adminToken: string };
}

async function publicFinds(request: APIRequestContext, code: string): Promise<FindJson[]> {
  return ((await (await request.get(`/api/stones/${code}`)).json()) as { finds: FindJson[] }).finds;
}

async function ownerFinds(request: APIRequestContext, adminToken: string): Promise<FindJson[]> {
  return ((await (await request.get(`/api/admin/stones/${adminToken}`)).json()) as { finds: FindJson[] }).finds;
}

/**
 * The image has arrived and could be drawn (not just an element with a broken source). A lazily loaded image below
 * the phone's first screen loads when it is scrolled to, as a reader would.
 */
async function expectLoaded(page: Page, name: string) {
  const image = page.getByRole('img', { name });
  await expect(image).toBeVisible();
  await image.scrollIntoViewIfNeeded();
  await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
}

const photoInput = (page: Page) => page.getByTestId('find-photo').locator('input[type=file]');

// Colours are checked as they are, not halfway through a transition (as e2e/stone-state.spec.ts does).
test.use({ reducedMotion: 'reduce' });

test.describe('a finder on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, geolocation: bonn, permissions: ['geolocation'] });

  test('adds a photo to a find; only the owner sees it until they approve it, then the stone page shows it with the find', async ({
    page,
    request,
  }) => {
    const { code, adminToken } = await newStone(request, 'Fotostein am Rhein');
    await page.goto(`/${code}#find-form`);
    await page.getByRole('button', { name: 'Meinen Standort verwenden' }).click();
    await expect(page.getByRole('textbox', { name: 'Fundort' })).toHaveValue(PLACE);
    await page.getByLabel('Kommentar (optional)').fill('Mit Foto vom Ufer');

    // Camera or gallery: no `capture`, so the phone asks which.
    await expect(photoInput(page)).toHaveAttribute('accept', 'image/*');
    await expect(photoInput(page)).not.toHaveAttribute('capture');
    await photoInput(page).setInputFiles(photoFile('erstes.png'));
    await expectLoaded(page, 'Dein Foto zu diesem Fund');
    await page.getByRole('button', { name: 'Foto entfernen' }).click();
    await expect(page.getByRole('img', { name: 'Dein Foto zu diesem Fund' })).toHaveCount(0);
    await photoInput(page).setInputFiles(photoFile());
    await expectLoaded(page, 'Dein Foto zu diesem Fund');
    expect(await violations(page)).toEqual([]);

    const sent = page.waitForRequest((req) => req.method() === 'POST' && /\/api\/stones\/[^/]+\/finds$/.test(req.url()));
    await page.getByRole('button', { name: 'Fund eintragen', exact: true }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Fund erfolgreich eingetragen!' })).toBeVisible();
    expect((await sent).headers()['content-type']).toMatch(/^multipart\/form-data; boundary=/);
    await expect(page.getByRole('img', { name: 'Dein Foto zu diesem Fund' })).toHaveCount(0);

    // The public sees the find, not its photo.
    await expect(page.getByTestId('finds-list')).toContainText('Mit Foto vom Ufer');
    await expect(page.getByRole('img', { name: `Foto vom Fund in ${PLACE}` })).toHaveCount(0);
    const [find] = await publicFinds(request, code);
    expect(find?.photo).toBeNull();

    // The owner sees it, waiting, and approves it.
    await page.goto(`/admin/stone/${adminToken}`);
    const item = page.getByTestId('owner-finds').getByRole('listitem').filter({ hasText: PLACE });
    await expect(item).toContainText('wartet auf deine Freigabe');
    await expectLoaded(page, `Foto des Finders vom Fund in ${PLACE}`);
    expect(await violations(page)).toEqual([]);
    await item.getByRole('button', { name: 'Freigeben' }).click();
    await expect(item).toContainText('freigegeben, öffentlich beim Fund zu sehen');

    await page.goto(`/${code}`);
    const shown = page.getByTestId('finds-list').getByRole('img', { name: `Foto vom Fund in ${PLACE}` });
    await expectLoaded(page, `Foto vom Fund in ${PLACE}`);
    await expect(shown).toHaveAttribute('loading', 'lazy');
    await expect(shown).toHaveAttribute('width', '320');
    await expect(shown).toHaveAttribute('height', '240');
    expect(await violations(page)).toEqual([]);
  });

  test('a photo the owner rejects is deleted: neither the owner nor the public sees it any more', async ({ page, request }) => {
    const { code, adminToken } = await newStone(request, 'Abgelehnter Fotostein');
    const res = await request.post(`/api/stones/${code}/finds`, {
      multipart: { location: 'Hofgarten', comment: 'Unscharf', photo: photoFile() },
    });
    expect(res.status()).toBe(201);
    const [pending] = await ownerFinds(request, adminToken);
    expect(pending?.photo?.status).toBe('pending');
    const privateUrl = pending?.photo?.url ?? '';

    await page.goto(`/admin/stone/${adminToken}`);
    const item = page.getByTestId('owner-finds').getByRole('listitem').filter({ hasText: 'Hofgarten' });
    await expectLoaded(page, 'Foto des Finders vom Fund in Hofgarten');
    page.once('dialog', (dialog) => {
      expect(dialog.message()).toBe('Das Foto wird endgültig gelöscht. Ablehnen?');
      void dialog.accept();
    });
    await item.getByRole('button', { name: 'Ablehnen' }).click();
    await expect(item).toContainText('abgelehnt und gelöscht');
    await expect(item.getByRole('img')).toHaveCount(0);
    await expect(item.getByRole('button', { name: 'Freigeben' })).toHaveCount(0);
    expect((await request.get(new URL(privateUrl).pathname)).status()).toBe(404);

    await page.goto(`/${code}`);
    await expect(page.getByTestId('finds-list')).toContainText('Unscharf');
    await expect(page.getByTestId('finds-list').getByRole('img')).toHaveCount(0);
    expect((await publicFinds(request, code))[0]?.photo).toBeNull();
  });
});

test.describe('a finder without a connection', () => {
  test.use({
    viewport: { width: 390, height: 844 },
    geolocation: bonn,
    permissions: ['geolocation'],
    serviceWorkers: 'allow',
    // As in offline.spec.ts: the browser reports each request that fails for want of a network, and MapLibre its
    // worker if it was still starting when the connection went.
    allowConsoleErrors: [/ERR_INTERNET_DISCONNECTED|Failed to fetch|Worker failed to load/],
  });

  test('keeps the find with its photo on the device and sends both once online', async ({ page, context, request }) => {
    const { code, adminToken } = await newStone(request, 'Offline-Fotostein');
    await page.goto(`/${code}#find-form`);
    await offlineReady(page, `/${code}`);
    await photoInput(page).setInputFiles(photoFile());
    await expectLoaded(page, 'Dein Foto zu diesem Fund');
    // The page as a finder has it open: they have looked at its map, which started (near the screen, 3 s after the
    // load) while there was a connection. A map starting just as the connection goes could not load its code, which
    // is not kept ahead (large).
    await page.getByTestId('stone-map').scrollIntoViewIfNeeded();
    await expect(page.getByTestId('stone-map')).toHaveAttribute('data-ready', 'true');

    await context.setOffline(true);
    await page.getByRole('button', { name: 'Meinen Standort verwenden' }).click();
    await expect(page.getByRole('textbox', { name: 'Fundort' })).toHaveValue(PLACE);
    await page.getByLabel('Kommentar (optional)').fill('Foto ohne Empfang');
    await page.getByRole('button', { name: 'Fund eintragen', exact: true }).click();
    await expect(page.getByTestId('find-kept')).toContainText('Gespeichert – wird gesendet');
    expect(await publicFinds(request, code)).toEqual([]);

    await context.setOffline(false);
    await expect(page.getByTestId('find-kept-sent')).toContainText('Dein gespeicherter Fund wurde gesendet.', { timeout: 20_000 });
    const finds = await ownerFinds(request, adminToken);
    expect(finds).toHaveLength(1);
    expect(finds[0]).toMatchObject({ comment: 'Foto ohne Empfang', photo: { status: 'pending' } });
    const photo = await request.get(new URL(finds[0]?.photo?.url ?? '').pathname);
    expect(photo.status()).toBe(200);
    expect(photo.headers()['content-type']).toMatch(/^image\/(?:webp|jpeg)$/);
  });
});
