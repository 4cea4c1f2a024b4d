import AxeBuilder from '@axe-core/playwright';
import type { Locator, Page } from '@playwright/test';
import { expect, OMA, PAPA, test, WANDERER } from './fixtures';

const bonn = { latitude: 50.7374, longitude: 7.0982 };
/** The map starts by itself this long after the load, at the browser's next quiet moment (at most 2 s later). */
const MAP_START_DELAY_MS = 3000;
const MAP_IDLE_TIMEOUT_MS = 2000;

interface HeldRequest {
  success: PositionCallback;
  error?: PositionErrorCallback | null;
  options?: PositionOptions;
}

declare global {
  interface Window {
    /** Geolocation requests a test answers itself (see holdGeolocation). */
    heldGeolocation?: HeldRequest[];
  }
}

/** Makes the browser wait for the test to answer each geolocation request, as a slow GPS fix would. */
async function holdGeolocation(page: Page) {
  await page.addInitScript(() => {
    window.heldGeolocation = [];
    Geolocation.prototype.getCurrentPosition = (success, error, options) => {
      window.heldGeolocation!.push({ success, error, options });
    };
  });
}

async function readyMap(page: Page): Promise<Locator> {
  const map = page.getByTestId('stone-map');
  await expect(map).toHaveAttribute('data-ready', 'true');
  return map;
}

/** The map with its overlays (the "Mein Standort" button, the loading and error texts). */
const mapArea = (page: Page) => page.getByTestId('stone-map').locator('xpath=..');
const locationField = (page: Page) => page.getByRole('textbox', { name: 'Fundort' });
const findMarker = (map: Locator, n: number) => map.locator('.find-marker', { hasText: new RegExp(`^${n}$`) });

/** Horizontal screen distance between two find markers: grows when the map zooms in. */
async function markerSpread(map: Locator, a: number, b: number): Promise<number> {
  const [boxA, boxB] = await Promise.all([findMarker(map, a).boundingBox(), findMarker(map, b).boundingBox()]);
  return Math.abs(boxA!.x - boxB!.x);
}

test.describe('the map inside a scrolling page', () => {
  test('the mouse wheel scrolls the page and explains Ctrl + wheel; Ctrl + wheel zooms the map', async ({ page }) => {
    await page.goto(`/view/${OMA}`);
    const map = await readyMap(page);
    await map.hover({ position: { x: 60, y: 60 } });
    const spread = await markerSpread(map, 3, 4);
    const scrolled = await page.evaluate(() => window.scrollY);

    await page.mouse.wheel(0, 200);
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(scrolled);
    await expect(map.locator('.maplibregl-desktop-message')).toHaveText('Zum Zoomen der Karte Strg + Scrollen verwenden');
    expect(await markerSpread(map, 3, 4)).toBeCloseTo(spread, 0);

    const before = await page.evaluate(() => window.scrollY);
    await page.keyboard.down('Control');
    await page.mouse.wheel(0, -200);
    await page.keyboard.up('Control');
    await expect.poll(() => markerSpread(map, 3, 4)).toBeGreaterThan(spread * 1.2);
    expect(await page.evaluate(() => window.scrollY)).toBe(before);
  });
});

test.describe('the map inside a scrolling page, on a phone', () => {
  test.use({ hasTouch: true, isMobile: true, viewport: { width: 390, height: 800 } });

  test('a one-finger swipe over the map scrolls the page and leaves the map alone', async ({ page }) => {
    await page.goto(`/view/${OMA}`);
    const map = await readyMap(page);
    // MapLibre's default "touch-action: none" would hand every touch on the map to the map.
    await expect(map.locator('canvas')).toHaveCSS('touch-action', 'pan-x pan-y');
    await expect(map.locator('.maplibregl-mobile-message')).toHaveText('Zum Bewegen der Karte zwei Finger verwenden');

    const box = (await map.boundingBox())!;
    // Measured in one go: the page may still be scrolling between two separate reads.
    const markerInMap = () =>
      page.evaluate(() => {
        const mapBox = document.querySelector('[data-testid="stone-map"]')!.getBoundingClientRect();
        const marker = Array.from(document.querySelectorAll('.find-marker')).find((el) => el.textContent === '4')!;
        return marker.getBoundingClientRect().y - mapBox.y;
      });
    const markerBefore = await markerInMap();
    const scrolled = await page.evaluate(() => window.scrollY);
    const cdp = await page.context().newCDPSession(page);
    // Right of the centre, clear of the "Mein Standort" button, the find markers and the controls.
    const finger = (y: number) => [{ x: box.x + box.width * 0.75, y }];
    const startY = box.y + box.height - 80;
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: finger(startY) });
    for (let dy = 10; dy <= 150; dy += 10)
      await cdp.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: finger(startY - dy) });
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });

    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(scrolled + 100);
    expect(await markerInMap()).toBeCloseTo(markerBefore, 0);
  });

  test('a tap on the map still picks the find location', async ({ page }) => {
    await page.goto(`/${WANDERER}#find-form`);
    // On a phone the map is below the whole find form: the finder scrolls down to it, and it starts there.
    await page.getByTestId('stone-map').scrollIntoViewIfNeeded();
    const map = await readyMap(page);
    await map.tap({ position: { x: 200, y: 120 } });
    await expect(locationField(page)).toHaveValue(/^-?\d+\.\d{5}, -?\d+\.\d{5}$/);
    await expect(page.getByTestId('temporary-marker')).toBeVisible();
  });
});

test('the map controls speak German on a German page', async ({ page }) => {
  await page.goto(`/${OMA}#find-form`);
  const map = await readyMap(page);
  await expect(map.getByRole('button', { name: 'Vergrößern' })).toBeVisible();
  await expect(map.getByRole('button', { name: 'Verkleinern' })).toBeVisible();
  await expect(map.locator('.maplibregl-ctrl-attrib-button')).toHaveAttribute('title', 'Quellenangaben ein-/ausblenden');
  await expect(map.locator('canvas')).toHaveAttribute('aria-label', 'Karte');
  await findMarker(map, 4).click();
  await expect(map.getByRole('button', { name: 'Popup schließen' })).toBeVisible();
  await map.click({ position: { x: 200, y: 120 } });
  await expect(page.getByTestId('temporary-marker')).toHaveAttribute('aria-label', 'Kartenmarkierung');
});

test.describe('on an English page', () => {
  test.use({ locale: 'en-GB' });

  test('the map controls and hints are English', async ({ page }) => {
    await page.goto(`/view/${PAPA}`);
    const map = await readyMap(page);
    await expect(map.getByRole('button', { name: 'Zoom in' })).toBeVisible();
    await expect(map.locator('.maplibregl-desktop-message')).toHaveText('Use Ctrl + scroll to zoom the map');
    await expect(map.locator('.maplibregl-mobile-message')).toHaveText('Use two fingers to move the map');
    await expect(map.locator('canvas')).toHaveAttribute('aria-label', 'Map');
  });
});

test.describe('when the map code cannot be downloaded', () => {
  test.use({
    allowConsoleErrors: [/Failed to load resource/],
    geolocation: bonn,
    permissions: ['geolocation'],
    // The download is refused by the page's request routing, which the service worker's own fetches would bypass.
    serviceWorkers: 'block',
  });

  test('the map area says so, the form drops its map hint and still takes a GPS location', async ({ page }) => {
    await page.route('**/assets/map-engine-*', (route) => route.abort());
    await page.goto(`/${WANDERER}#find-form`);
    await expect(mapArea(page)).toContainText('Die Karte konnte nicht geladen werden. Bitte lade die Seite neu.');
    await expect(page.getByText('Karte wird geladen…')).toHaveCount(0);
    await expect(page.getByText('Oder klicke auf die Karte, um den Ort zu wählen.')).toHaveCount(0);
    await expect(locationField(page)).toHaveAttribute('placeholder', 'GPS verwenden');

    await page.getByRole('button', { name: 'Meinen Standort verwenden' }).click();
    await expect(locationField(page)).toHaveValue('50.73740, 7.09820');
  });
});

test.describe('in a browser without WebGL', () => {
  test.beforeEach(async ({ page }) => {
    await page.addInitScript(() => {
      const getContext = HTMLCanvasElement.prototype.getContext;
      HTMLCanvasElement.prototype.getContext = function (this: HTMLCanvasElement, type: string, options?: unknown) {
        if (type === 'webgl2' || type === 'webgl' || type === 'experimental-webgl') return null;
        return getContext.call(this, type, options);
      } as typeof getContext;
    });
  });

  test('the find page explains that the map cannot be shown, without an uncaught error', async ({ page }) => {
    await page.goto(`/${WANDERER}#find-form`);
    await expect(mapArea(page)).toContainText('Die Karte kann in diesem Browser nicht angezeigt werden.');
    await expect(page.getByTestId('stone-map')).toHaveAttribute('data-status', 'unsupported');
    await expect(page.getByText('Karte wird geladen…')).toHaveCount(0);
    await expect(page.getByText('Oder klicke auf die Karte, um den Ort zu wählen.')).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Meinen Standort verwenden' })).toBeEnabled();
  });

  test('the read-only page drops the map\'s "Mein Standort" button, which would have nothing to show', async ({ page }) => {
    await page.goto(`/view/${OMA}`);
    await expect(mapArea(page)).toContainText('Die Karte kann in diesem Browser nicht angezeigt werden.');
    await expect(page.getByRole('button', { name: 'Mein Standort' })).toHaveCount(0);
  });
});

test('"Fundort ist erforderlich" disappears once a click on the map picks the location', async ({ page }) => {
  await page.goto(`/${WANDERER}#find-form`);
  const map = await readyMap(page);
  await page.getByRole('button', { name: 'Fund eintragen', exact: true }).click();
  await expect(page.getByText('Fundort ist erforderlich')).toBeVisible();
  await map.click({ position: { x: 200, y: 120 } });
  await expect(locationField(page)).toHaveValue(/^-?\d+\.\d{5}, -?\d+\.\d{5}$/);
  await expect(page.getByText('Fundort ist erforderlich')).toHaveCount(0);
  await expect(locationField(page)).not.toHaveAttribute('aria-invalid', 'true');
});

test("clicking a find's marker opens its popup without choosing that place as the location", async ({ page }) => {
  await page.goto(`/${OMA}#find-form`);
  const map = await readyMap(page);
  await findMarker(map, 4).click();
  await expect(map.locator('.maplibregl-popup')).toHaveText(/Freiburg im Breisgau/);
  await expect(page.getByTestId('temporary-marker')).toHaveCount(0);
  await expect(locationField(page)).toHaveValue('');
  // A plain click on the map next to it still picks the spot.
  await map.click({ position: { x: 60, y: 60 } });
  await expect(locationField(page)).toHaveValue(/^-?\d+\.\d{5}, -?\d+\.\d{5}$/);
});

test.describe('the map\'s "Mein Standort" button', () => {
  test.beforeEach(async ({ page }) => holdGeolocation(page));

  test('is busy until the position arrives, then picks it and clears the location error', async ({ page }) => {
    await page.goto(`/${WANDERER}#find-form`);
    await readyMap(page);
    await page.getByRole('button', { name: 'Fund eintragen', exact: true }).click();
    await expect(page.getByText('Fundort ist erforderlich')).toBeVisible();

    await mapArea(page).getByRole('button', { name: 'Mein Standort' }).click();
    const busy = mapArea(page).getByRole('button', { name: 'Standort wird ermittelt…' });
    await expect(busy).toBeDisabled();
    await expect(busy).toHaveAttribute('aria-busy', 'true');
    await expect.poll(() => page.evaluate(() => window.heldGeolocation!.length)).toBe(1);
    expect(await page.evaluate(() => window.heldGeolocation![0]!.options)).toEqual({
      enableHighAccuracy: true,
      timeout: 10_000,
      maximumAge: 60_000,
    });

    await page.evaluate(({ latitude, longitude }) => {
      window.heldGeolocation![0]!.success({ coords: { latitude, longitude } } as GeolocationPosition);
    }, bonn);
    await expect(mapArea(page).getByRole('button', { name: 'Mein Standort' })).toBeEnabled();
    await expect(mapArea(page).getByRole('button', { name: 'Mein Standort' })).not.toHaveAttribute('aria-busy', 'true');
    await expect(locationField(page)).toHaveValue('50.73740, 7.09820');
    await expect(page.getByText('Fundort ist erforderlich')).toHaveCount(0);
  });

  test('is usable again after the request fails', async ({ page }) => {
    await page.goto(`/view/${WANDERER}`);
    await readyMap(page);
    await mapArea(page).getByRole('button', { name: 'Mein Standort' }).click();
    await expect(mapArea(page).getByRole('button', { name: 'Standort wird ermittelt…' })).toBeDisabled();
    await expect.poll(() => page.evaluate(() => window.heldGeolocation!.length)).toBe(1);
    await page.evaluate(() => {
      window.heldGeolocation![0]!.error?.({ code: 3, message: 'Timeout' } as GeolocationPositionError);
    });
    await expect(page.getByText('Standort-Fehler', { exact: true })).toBeVisible();
    await expect(mapArea(page).getByRole('button', { name: 'Mein Standort' })).toBeEnabled();
  });
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 375, height: 667 } });

  /**
   * A premium stone on a phone (story, photo and find form come before the journey), on the page's clock so the test
   * can move it past the start delay; answers the map code's requests as they are made.
   */
  async function premiumStoneOnPhone(page: Page): Promise<string[]> {
    const mapCode: string[] = [];
    page.on('request', (request) => {
      if (/map-engine/.test(request.url())) mapCode.push(request.url());
    });
    await page.clock.install();
    await page.goto(`/${OMA}`);
    await page.getByRole('button', { name: 'Weiter' }).click();
    return mapCode;
  }

  test('the map code loads only when the map comes near the screen, never with the page', async ({ page }) => {
    const mapCode = await premiumStoneOnPhone(page);
    const mapTop = await page.getByTestId('stone-map').evaluate((el) => el.getBoundingClientRect().top);
    // Well below the screen and the margin in which the map starts by itself (200 px).
    expect(mapTop).toBeGreaterThan(667 + 200);
    // Past the start delay after the load (goto waited for it) and the quiet moment the map then waits for, on the
    // page's clock: the map, far below, still waits — its "show the map" button is still there.
    await page.clock.runFor(MAP_START_DELAY_MS + MAP_IDLE_TIMEOUT_MS);
    await expect(page.getByRole('button', { name: 'Karte anzeigen' })).toBeVisible();
    expect(mapCode).toEqual([]);
    await expect(page.getByTestId('stone-map')).toHaveAttribute('data-ready', 'false');

    await page.getByTestId('stone-map').scrollIntoViewIfNeeded();
    await expect(page.getByTestId('stone-map')).toHaveAttribute('data-ready', 'true');
    expect(mapCode.some((url) => url.endsWith('.js'))).toBe(true);
  });

  test('without a connection the map waits for it instead of failing, and starts by itself once it returns', async ({ page, context }) => {
    const mapCode = await premiumStoneOnPhone(page);
    await context.setOffline(true);
    await page.getByTestId('stone-map').scrollIntoViewIfNeeded();
    await page.clock.runFor(MAP_START_DELAY_MS + MAP_IDLE_TIMEOUT_MS);
    // Near the screen and past the delay, but the browser knows it is offline: no doomed download, no failure note.
    await expect(page.getByRole('button', { name: 'Karte anzeigen' })).toBeVisible();
    await expect(page.getByTestId('stone-map')).toHaveAttribute('data-status', 'loading');
    expect(mapCode).toEqual([]);

    await context.setOffline(false);
    await expect(page.getByTestId('stone-map')).toHaveAttribute('data-ready', 'true');
    expect(mapCode.some((url) => url.endsWith('.js'))).toBe(true);
  });

  test('"Karte anzeigen" starts the map at once', async ({ page }) => {
    await page.goto(`/view/${WANDERER}`);
    await page.getByRole('button', { name: 'Karte anzeigen' }).click();
    await expect(page.getByTestId('stone-map')).toHaveAttribute('data-ready', 'true', { timeout: 5000 });
  });
});

test('"Reise abspielen" follows the journey find by find with place and date, pauses, and goes on from there', async ({ page }) => {
  await page.goto(`/${OMA}#find-form`);
  const replay = (await readyMap(page)).getByTestId('journey-replay');
  await expect(replay).toHaveAttribute('data-motion', 'fly');
  await replay.getByRole('button', { name: 'Reise abspielen' }).click();
  await expect(replay).toHaveAttribute('data-step', '1');
  await expect(replay.getByText(/^Fund 1 von \d+: .+, \d{2}\.\d{2}\.\d{4}$/)).toBeVisible();
  await expect(replay).toHaveAttribute('data-step', '2');
  await replay.getByRole('button', { name: 'Anhalten' }).click();
  await expect(replay).toHaveAttribute('data-playing', 'false');
  // The map with its replay control and the step it says, checked as axe sees it.
  expect((await new AxeBuilder({ page }).include('[data-testid="stone-map"]').analyze()).violations).toEqual([]);
  const paused = Number(await replay.getAttribute('data-step'));
  await replay.getByRole('button', { name: 'Reise abspielen' }).click();
  await expect(replay).toHaveAttribute('data-step', String(paused + 1));
});

test.describe('with reduced motion', () => {
  test.use({ reducedMotion: 'reduce', locale: 'en-GB' });

  test('the replay steps from find to find without flying', async ({ page }) => {
    await page.goto(`/${OMA}#find-form`);
    const replay = (await readyMap(page)).getByTestId('journey-replay');
    await expect(replay).toHaveAttribute('data-motion', 'jump');
    await replay.getByRole('button', { name: 'Replay the journey' }).click();
    await expect(replay.getByText(/^Find 1 of \d+: /)).toBeVisible();
    await expect(replay).toHaveAttribute('data-step', '2');
    expect((await new AxeBuilder({ page }).include('[data-testid="stone-map"]').analyze()).violations).toEqual([]);
  });
});
