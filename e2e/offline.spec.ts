import type { APIRequestContext, Page } from '@playwright/test';
import { expect, keptPages, offlineReady, test } from './fixtures';

const bonn = { latitude: 50.7374, longitude: 7.0982 };

interface StoneJson {
  finds: Array<{ comment: string | null; kept: boolean }>;
}

/** A stone of this test alone (the per-stone write limit and the find counts stay its own). */
async function newStone(request: APIRequestContext, title: string): Promise<string> {
  const res = await request.post('/api/stones', { data: { creatorEmail: 'offline@example.org', title } });
  expect(res.status()).toBe(201);
  return ((await res.json()) as { code: string }).code;
}

async function findsOf(request: APIRequestContext, code: string): Promise<StoneJson['finds']> {
  return ((await (await request.get(`/api/stones/${code}`)).json()) as StoneJson).finds;
}

async function logFind(page: Page, comment: string) {
  await page.getByRole('button', { name: 'Meinen Standort verwenden' }).click();
  await expect(page.getByRole('textbox', { name: 'Fundort' })).toHaveValue('50.73740, 7.09820');
  await page.getByLabel('Kommentar (optional)').fill(comment);
  await page.getByRole('button', { name: 'Fund eintragen', exact: true }).click();
}

test.describe('the installable app', () => {
  test('serves a web app manifest with name, icons, start page and standalone display, linked from every page', async ({
    page,
    request,
  }) => {
    const res = await request.get('/manifest.webmanifest');
    expect(res.status()).toBe(200);
    expect(res.headers()['content-type']).toMatch(/^application\/manifest\+json/);
    const manifest = (await res.json()) as {
      name: string;
      short_name: string;
      start_url: string;
      display: string;
      theme_color: string;
      icons: Array<{ src: string; sizes: string; type: string; purpose: string }>;
    };
    expect(manifest).toMatchObject({ name: 'Reisesteine', short_name: 'Reisesteine', start_url: '/', display: 'standalone' });
    expect(manifest.theme_color).toMatch(/^#[0-9a-f]{6}$/i);
    for (const size of ['192x192', '512x512']) {
      expect(manifest.icons.some((icon) => icon.sizes === size && icon.purpose === 'any')).toBe(true);
    }
    expect(manifest.icons.some((icon) => icon.purpose === 'maskable')).toBe(true);
    for (const icon of manifest.icons) {
      const image = await request.get(icon.src);
      expect(image.status(), icon.src).toBe(200);
      expect(image.headers()['content-type']).toBe('image/png');
    }

    const response = await page.goto('/');
    await expect(page.locator('link[rel="manifest"]')).toHaveAttribute('href', '/manifest.webmanifest');
    const csp = response?.headers()['content-security-policy'] ?? '';
    expect(csp).toContain("manifest-src 'self'");
    expect(csp).toMatch(/worker-src 'self'/);
  });

  test('serves the service worker at /sw.js from the root, never cached without asking, and the offline page', async ({ request }) => {
    const sw = await request.get('/sw.js');
    expect(sw.status()).toBe(200);
    expect(sw.headers()['content-type']).toMatch(/javascript/);
    expect(sw.headers()['cache-control']).toBe('no-cache');
    // Kept by the service worker under this address: the asset server's own, not a redirect.
    const offline = await request.get('/offline', { maxRedirects: 0 });
    expect(offline.status()).toBe(200);
    expect(await offline.text()).toContain('Keine Verbindung');
  });
});

test.describe('every screen with the service worker in control', () => {
  // The other browser tests run without the service worker (playwright.config.ts): this one walks the kinds of screen
  // a visitor meets once it is installed, each navigation answered through it.
  test.use({ serviceWorkers: 'allow' });

  test('loads and hydrates as without it, the stone page kept and the secret one not', async ({ page, request }) => {
    const created = await request.post('/api/stones', { data: { creatorEmail: 'offline@example.org', title: 'Stein mit Helfer' } });
    expect(created.status()).toBe(201);
    const { code, adminToken } = (await created.json()) as { code: string; adminToken: string };
    await page.goto('/');
    await page.waitForFunction(() => Boolean(navigator.serviceWorker?.controller));
    const screens: Array<[path: string, heading: RegExp]> = [
      [`/${code}`, /Stein mit Helfer/],
      [`/admin/stone/${adminToken}`, new RegExp(`Stein ${code} verwalten`)],
      [`/etikett/${code}`, new RegExp(`^Etiketten für ${code}$`)],
      ['/blog', /^Blog$/],
      ['/impressum', /Impressum/],
      ['/datenschutz', /Datenschutz/],
      ['/stein-vorbereiten', /^Stein vorbereiten$/],
      ['/admin', /^Admin-Anmeldung$/],
      ['/', /Bemalte Steine/],
    ];
    for (const [path, heading] of screens) {
      const response = await page.goto(path);
      expect(response?.fromServiceWorker(), path).toBe(true);
      expect(response?.status(), path).toBe(200);
      await expect(page.getByRole('heading', { level: 1 }), path).toHaveText(heading);
    }
    await expect.poll(() => page.evaluate(keptPages)).toContain(`/${code}`);
    expect(await page.evaluate(keptPages)).not.toContain(`/admin/stone/${adminToken}`);
  });
});

test.describe('a finder without a connection', () => {
  test.use({
    geolocation: bonn,
    permissions: ['geolocation'],
    serviceWorkers: 'allow',
    // The browser reports each request that fails for want of a network; MapLibre says so of its worker when the map
    // starts after the connection went (on a busy machine the map's parts arrive later than the switch to offline).
    allowConsoleErrors: [/ERR_INTERNET_DISCONNECTED|Failed to fetch|Worker failed to load/],
  });

  test('logs a find that is kept on the device, still sees the stone after a reload and gets the find delivered once online', async ({
    page,
    context,
    request,
  }) => {
    const code = await newStone(request, 'Offline-Stein');
    await page.goto(`/${code}#find-form`);
    await offlineReady(page, `/${code}`);
    // Logged elsewhere after this page was kept: the copy shown offline does not have it.
    const other = await request.post(`/api/stones/${code}/finds`, { data: { location: 'Köln', comment: 'Neuer als die Kopie' } });
    expect(other.status()).toBe(201);
    const before = (await findsOf(request, code)).length;
    // The page as a finder has it open: its map started while there was a connection (as keptWithTwoPagesOpen).
    await page.getByTestId('stone-map').scrollIntoViewIfNeeded();
    await expect(page.getByTestId('stone-map')).toHaveAttribute('data-ready', 'true');

    await context.setOffline(true);
    // "I'll keep it for a while" travels with the kept find.
    await page.getByRole('checkbox', { name: 'Ich behalte ihn eine Weile' }).check();
    await logFind(page, 'Im Wald ohne Empfang gefunden');
    const kept = page.getByTestId('find-kept');
    await expect(kept).toContainText('Gespeichert – wird gesendet');
    await expect(kept).toContainText('Dein Fund ist auf diesem Gerät gespeichert');
    await expect(page.getByRole('textbox', { name: 'Fundort' })).toHaveValue('');
    expect((await findsOf(request, code)).length).toBe(before);

    // A reload without a connection: the kept copy of the stone page, and the find still waiting.
    await page.reload();
    await expect(page.getByRole('heading', { name: 'Offline-Stein' })).toBeVisible();
    await expect(page.getByText('Neuer als die Kopie')).toHaveCount(0);
    await expect(page.getByTestId('find-kept')).toContainText('Gespeichert – wird gesendet');
    expect((await findsOf(request, code)).length).toBe(before);

    // Back online. (A page reloaded under Playwright's offline mode believes it is online, so it hears no `online`
    // event: its regular retry, as on a weak signal, sends the find.)
    await context.setOffline(false);
    await expect(page.getByTestId('find-kept-sent')).toContainText('Dein gespeicherter Fund wurde gesendet.', { timeout: 20_000 });
    await expect(page.getByRole('status').filter({ hasText: 'Dein gespeicherter Fund wurde gesendet.' }).first()).toBeVisible();
    await expect(page.getByTestId('finds-list')).toContainText('Im Wald ohne Empfang gefunden');
    // Delivered exactly once, though the page, its next visit and Background Sync may each have tried.
    await page.reload();
    await expect(page.getByTestId('find-kept')).toHaveCount(0);
    const after = await findsOf(request, code);
    expect(after.length).toBe(before + 1);
    expect(after.filter((find) => find.comment === 'Im Wald ohne Empfang gefunden')).toEqual([expect.objectContaining({ kept: true })]);
  });

  test('a stone page never opened before shows the offline page instead of an error', async ({ page, context, request }) => {
    const code = await newStone(request, 'Unbekannter Stein');
    await page.goto('/');
    await page.waitForFunction(() => Boolean(navigator.serviceWorker?.controller));
    await context.setOffline(true);
    // The page has no app to hydrate: past the fixture's goto, which waits for that.
    await page.mainFrame().goto(`/${code}`);
    await expect(page.getByRole('heading', { name: 'Keine Verbindung' })).toBeVisible();
  });
});

/**
 * A new stone open in two pages of one browser, the first kept for offline use; without a connection the first
 * logs a find, which is kept on the device. The connection stays off.
 */
async function keptWithTwoPagesOpen(page: Page, request: APIRequestContext, title: string, comment: string) {
  const code = await newStone(request, title);
  await page.goto(`/${code}#find-form`);
  await offlineReady(page, `/${code}`);
  const other = await page.context().newPage();
  await other.goto(`/${code}#find-form`);
  await other.waitForSelector('html[data-hydrated]', { state: 'attached' });
  await other.waitForFunction(() => document.readyState === 'complete');
  // Both pages as a finder has them open: their maps started (3 s after the load) while there was a connection.
  // A map that had not started yet would start without one, and its code (not kept ahead: large) could not load.
  for (const open of [page, other]) await expect(open.getByTestId('stone-map')).toHaveAttribute('data-ready', 'true');
  await page.context().setOffline(true);
  await logFind(page, comment);
  await expect(page.getByTestId('find-kept')).toBeVisible();
  return { code, other };
}

test.describe('two open pages of the stone', () => {
  test.use({
    geolocation: bonn,
    permissions: ['geolocation'],
    serviceWorkers: 'allow',
    allowConsoleErrors: [/ERR_INTERNET_DISCONNECTED|Failed to fetch/],
  });

  test('both see the connection return and try to send the kept find: it is delivered once', async ({ page, context, request }) => {
    const { code, other } = await keptWithTwoPagesOpen(page, request, 'Zwei-Seiten-Stein', 'Zwei Seiten, ein Fund');
    // The other page's own sender takes the outbox's lock in its `online` listener, registered before this one.
    await other.evaluate(() =>
      window.addEventListener('online', () => document.documentElement.setAttribute('data-test-online', ''), { once: true }),
    );
    await context.setOffline(false);
    await expect(page.getByTestId('find-kept-sent')).toBeVisible({ timeout: 20_000 });
    // The slower of the two senders has had its turn once the other page has heard the connection return and no
    // page (nor the service worker) holds or waits for the outbox's lock any more; then count.
    await other.waitForSelector('html[data-test-online]', { state: 'attached' });
    await expect
      .poll(() =>
        other.evaluate(async () => {
          const { held = [], pending = [] } = await navigator.locks.query();
          return held.length + pending.length;
        }),
      )
      .toBe(0);
    const finds = await findsOf(request, code);
    expect(finds.filter((find) => find.comment === 'Zwei Seiten, ein Fund')).toHaveLength(1);
    expect(finds).toHaveLength(1);
  });

  test('when the other page sends the kept find, the page where it was logged says it was sent', async ({ page, context, request }) => {
    const { code } = await keptWithTwoPagesOpen(page, request, 'Anderer-Sender-Stein', 'Gesendet von nebenan');
    // This page's own sends keep failing (its signal stays weak), so the find can only go out from elsewhere.
    await page.evaluate(() => {
      const send = window.fetch.bind(window);
      window.fetch = (input, init) => (init?.method === 'POST' ? Promise.reject(new TypeError('Failed to fetch')) : send(input, init));
    });
    await context.setOffline(false);
    await expect(page.getByTestId('find-kept-sent')).toBeVisible({ timeout: 15_000 });
    const finds = await findsOf(request, code);
    expect(finds.map((find) => find.comment)).toEqual(['Gesendet von nebenan']);
  });
});

test.describe('pages with a secret or for the operator', () => {
  test.use({ serviceWorkers: 'allow', allowConsoleErrors: [/ERR_INTERNET_DISCONNECTED/] });

  test('are never kept on the device: offline, the owner link shows the offline page', async ({ page, context, request }) => {
    const created = await request.post('/api/stones', { data: { creatorEmail: 'offline@example.org', title: 'Geheimer Stein' } });
    const { code, adminToken } = (await created.json()) as { code: string; adminToken: string };
    await page.goto(`/${code}`);
    await offlineReady(page, `/${code}`);
    await page.goto(`/admin/stone/${adminToken}`);
    await page.goto('/admin');
    const kept = await page.evaluate(async () => {
      const urls: string[] = [];
      for (const name of await caches.keys()) {
        for (const request of await (await caches.open(name)).keys()) urls.push(new URL(request.url).pathname);
      }
      return urls;
    });
    expect(kept).toContain(`/${code}`);
    expect(kept.filter((path) => !path.startsWith('/assets/')).sort()).toEqual([`/${code}`, '/offline'].sort());

    await context.setOffline(true);
    await page.mainFrame().goto(`/admin/stone/${adminToken}`);
    await expect(page.getByRole('heading', { name: 'Keine Verbindung' })).toBeVisible();
  });
});

test.describe('a find whose answer is lost on the way', () => {
  test.use({
    geolocation: bonn,
    permissions: ['geolocation'],
    serviceWorkers: 'allow',
    allowConsoleErrors: [/ERR_CONNECTION_RESET|ERR_FAILED|Failed to fetch/],
  });

  test('is sent again under the same Idempotency-Key and still counted once', async ({ page, context, request }) => {
    const code = await newStone(request, 'Funkloch-Stein');
    await page.goto(`/${code}#find-form`);
    await offlineReady(page, `/${code}`);
    const before = (await findsOf(request, code)).length;

    // The first send reaches the server, but its answer never arrives; every later send goes through.
    const keys: string[] = [];
    let lost = false;
    await context.route(`**/api/stones/${code}/finds`, async (route) => {
      keys.push(route.request().headers()['idempotency-key'] ?? '');
      if (lost) return route.continue();
      lost = true;
      await route.fetch();
      return route.abort('connectionreset');
    });
    await logFind(page, 'Angekommen, Antwort verloren');
    await expect(page.getByTestId('find-kept')).toBeVisible();

    // The next visit (and Background Sync, where it fires) send it again.
    await page.reload();
    await expect(page.getByTestId('find-kept')).toHaveCount(0);
    await expect.poll(() => keys.length).toBeGreaterThanOrEqual(2);
    expect(new Set(keys).size, 'one key for every send of the find').toBe(1);
    expect(keys[0]).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    const after = await findsOf(request, code);
    expect(after.filter((find) => find.comment === 'Angekommen, Antwort verloren')).toHaveLength(1);
    expect(after.length).toBe(before + 1);
  });

  test('a replay with the same key answers 200 with the first answer and adds nothing', async ({ request }) => {
    const code = await newStone(request, 'Wiederholungsstein');
    const key = crypto.randomUUID();
    const send = () =>
      request.post(`/api/stones/${code}/finds`, {
        data: { location: 'Bonn', latitude: bonn.latitude, longitude: bonn.longitude, comment: 'Zweimal gesendet' },
        headers: { 'Idempotency-Key': key },
      });
    const first = await send();
    expect(first.status()).toBe(201);
    const second = await send();
    expect(second.status()).toBe(200);
    expect(await second.json()).toEqual(await first.json());
    expect(await findsOf(request, code)).toHaveLength(1);
  });

  test('two sends of the same find at the same moment make one find', async ({ request }) => {
    const code = await newStone(request, 'Gleichzeitig-Stein');
    const key = crypto.randomUUID();
    const send = () =>
      request.post(`/api/stones/${code}/finds`, {
        data: { location: 'Bonn', latitude: bonn.latitude, longitude: bonn.longitude, comment: 'Gleichzeitig gesendet' },
        headers: { 'Idempotency-Key': key },
      });
    const answers = await Promise.all([send(), send()]);
    expect(answers.map((answer) => answer.status()).sort()).toEqual([200, 201]);
    const [a, b] = await Promise.all(answers.map((answer) => answer.json()));
    expect(a).toEqual(b);
    expect(await findsOf(request, code)).toHaveLength(1);
  });
});
