import { expect, holdBack, hydratedElement, OMA, PAPA, renderedTotals, test, WANDERER } from './fixtures';

const bonn = { latitude: 50.7374, longitude: 7.0982 };

/** Whether keyboard focus is inside (or on) the find form. */
const focusInFindForm = () => document.activeElement?.closest('#find-form') !== null;

test.describe('focus follows the reader', () => {
  test('"log a find" in the welcome dialog leaves focus in the find form, not on the page body', async ({ page }) => {
    await page.goto(`/${WANDERER}`);
    await page.getByRole('dialog').getByRole('button', { name: 'Fund eintragen' }).click();
    await expect(page.getByRole('dialog')).toHaveCount(0);
    await expect.poll(() => page.evaluate(focusInFindForm)).toBe(true);
  });

  test('"log find now" in the find dialog moves focus to the find form of the stone page', async ({ page }) => {
    await page.goto('/');
    await page.getByRole('banner').getByRole('button', { name: 'Stein finden' }).click();
    await page.getByLabel('Stein-Code').fill(OMA);
    await page.getByRole('button', { name: 'Stein suchen' }).click();
    await page.getByRole('button', { name: 'Fund jetzt eintragen' }).click();
    await expect(page).toHaveURL(`/${OMA}#find-form`);
    await expect.poll(() => page.evaluate(focusInFindForm)).toBe(true);
  });
});

test.describe('leaving the not-found page', () => {
  test.use({ allowConsoleErrors: [/404 \(Not Found\)/] });
  test("a client-side navigation moves focus to the new screen's heading", async ({ page }) => {
    await page.goto('/gibt-es-nicht');
    await page.getByRole('link', { name: 'Zur Startseite' }).click();
    await expect(page).toHaveURL('/');
    await expect(page.getByRole('heading', { level: 1 })).toBeFocused();
  });
});

test.describe('a stone whose data cannot be loaded', () => {
  test.use({ allowConsoleErrors: [/500 \(Internal Server Error\)/], geolocation: bonn, permissions: ['geolocation'] });

  test('stays on screen when the reload after a find fails', async ({ page }) => {
    await page.goto(`/${WANDERER}#find-form`);
    await page.route(`**/api/stones/${WANDERER}`, (route) =>
      route.request().method() === 'GET'
        ? route.fulfill({ status: 500, contentType: 'application/json', body: '{"error":{"code":"INTERNAL","message":"x"}}' })
        : route.fallback(),
    );
    await page.getByRole('button', { name: 'Meinen Standort verwenden' }).click();
    await expect(page.getByRole('textbox', { name: 'Fundort' })).not.toHaveValue('');
    const reload = page.waitForResponse((response) => response.url().endsWith(`/api/stones/${WANDERER}`) && response.status() === 500);
    await page.getByRole('button', { name: 'Fund eintragen', exact: true }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Fund erfolgreich eingetragen!' })).toBeVisible();
    await reload;
    await expect(page.getByRole('heading', { level: 1, name: 'Kleiner Wanderer' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Fehler' })).toHaveCount(0);
  });

  test('offers "try again" when it cannot be opened, and shows the stone once that works', async ({ page }) => {
    await page.addInitScript((code) => window.localStorage.setItem(`welcome-shown:${code}`, 'seen'), WANDERER);
    await page.goto('/');
    await page.route(`**/api/stones/${WANDERER}`, (route) =>
      route.fulfill({ status: 500, contentType: 'application/json', body: '{"error":{"code":"INTERNAL","message":"x"}}' }),
    );
    // A navigation inside the app (browser history), so the page has no server-rendered data for the stone.
    await page.evaluate((code) => {
      window.history.pushState(null, '', `/${code}`);
      window.dispatchEvent(new PopStateEvent('popstate'));
    }, WANDERER);
    await expect(page.getByRole('heading', { name: 'Fehler' })).toBeVisible();
    await page.unroute(`**/api/stones/${WANDERER}`);
    await page.getByRole('button', { name: 'Erneut versuchen' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Kleiner Wanderer' })).toBeVisible();
  });
});

test('the home statistics are first seen at the start of their count-up, never at their end value first', async ({ page }) => {
  // Sample, every frame from the first one, what a reader could see of the finds figure.
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { seenFinds: string[] }).seenFinds = seen;
    const sample = () => {
      const figure = document.querySelector('[data-testid="stat-finds"] dd');
      if (figure && getComputedStyle(figure).visibility !== 'hidden') seen.push(figure.textContent ?? '');
      if (seen.length < 600) requestAnimationFrame(sample);
    };
    requestAnimationFrame(sample);
  });
  const response = await page.goto('/');
  const findCount = renderedTotals((await response?.text()) ?? '').finds;
  expect(Number(findCount)).toBeGreaterThan(1);
  // The figure is revealed when the statistics hydrate (their page's part may hydrate after the shell).
  await expect(page.getByTestId('stat-finds').locator('dd')).toBeVisible();
  await expect(page.getByTestId('stat-finds').locator('dd')).toHaveText(findCount, { timeout: 6000 });
  const seen = await page.evaluate(() => (window as unknown as { seenFinds: string[] }).seenFinds);
  expect(seen.length).toBeGreaterThan(0);
  expect(seen[0]).toBe('0');
  expect(seen).not.toContain('-0');
});

test.describe('when the browser refuses the clipboard', () => {
  test('"copy link" shows the link to copy by hand instead of an error text', async ({ page }) => {
    await page.addInitScript(() => {
      Object.defineProperty(navigator, 'clipboard', {
        value: { writeText: () => Promise.reject(new DOMException('Write permission denied.', 'NotAllowedError')) },
      });
      document.execCommand = () => false;
    });
    await page.goto(`/view/${OMA}`);
    // The share buttons are in the side column, which hydrates after the page (a lazily loaded part).
    await (await hydratedElement(page.getByRole('button', { name: 'Link kopieren' }))).click();
    const toast = page.getByRole('status').filter({ hasText: 'Der Link konnte nicht kopiert werden' });
    await expect(toast).toBeVisible();
    await expect(toast).toContainText(`/view/${OMA}`);
    await expect(toast).not.toContainText('permission');
    await expect(page.getByRole('button', { name: 'Link kopieren' })).toBeFocused();
  });
});

test('"log find now" for the stone already open moves focus to its find form, not back to the header', async ({ page }) => {
  await page.goto(`/${OMA}#find-form`);
  await page.getByRole('banner').getByRole('button', { name: 'Stein finden' }).click();
  await page.getByLabel('Stein-Code').fill(OMA);
  await page.getByRole('button', { name: 'Stein suchen' }).click();
  await page.getByRole('button', { name: 'Fund jetzt eintragen' }).click();
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect.poll(() => page.evaluate(focusInFindForm)).toBe(true);
});

test.describe('when the code of a screen cannot be downloaded (e.g. replaced by a new release)', () => {
  // One pattern: Playwright would read a two-element array as [value, fixture options].
  test.use({
    allowConsoleErrors: [/net::ERR_FAILED|dynamically imported module|screen failed to render|error occurred in/],
    // The download is refused by the page's request routing, which the service worker (with the stone page's
    // code in its cache) would bypass.
    serviceWorkers: 'block',
  });

  test('a navigation to it loads the page from the server instead of leaving a blank page', async ({ page }) => {
    await page.goto('/');
    await page.route('**/assets/stone-*.js', (route) => route.abort());
    await page.getByRole('banner').getByRole('button', { name: 'Stein finden' }).click();
    await page.getByLabel('Stein-Code').fill(PAPA);
    await page.getByRole('button', { name: 'Stein suchen' }).click();
    await page.getByRole('button', { name: 'Nur ansehen' }).click();
    await expect(page).toHaveURL(`/view/${PAPA}`);
    // The full page load brings the server-rendered stone page; it stays readable without its code.
    await expect(page.getByRole('heading', { level: 1, name: 'Für Papa – Nordseestein' })).toBeVisible();
    await expect(page.getByText('Papa liebte die Nordsee.')).toBeVisible();
    await expect(page.getByRole('banner')).toBeVisible();
    // Without its code the page is not hydrated: it stays as the server sent it instead of being replaced.
    await expect(page.locator('html')).not.toHaveAttribute('data-hydrated');
  });
});

test('after a client-side navigation the head describes the new screen only, not also the first one', async ({ page }) => {
  await page.goto(`/${PAPA}`);
  await expect(page.locator('head link[rel="canonical"]')).toHaveAttribute('href', new RegExp(`/${PAPA}$`));
  await expect(page.locator('head meta[property="og:image"]')).toHaveCount(1);
  await page.getByRole('banner').getByRole('link', { name: 'Blog' }).click();
  await expect(page).toHaveTitle('Blog – Reisesteine');
  await expect(page.locator('head link[rel="canonical"]')).toHaveCount(1);
  await expect(page.locator('head link[rel="canonical"]')).toHaveAttribute('href', /\/blog$/);
  await expect(page.locator('head meta[name="description"]')).toHaveCount(1);
  // The stone's Open Graph image and title are gone with it: the blog names the generic share card.
  await expect(page.locator('head meta[property="og:title"]')).toHaveAttribute('content', 'Reisesteine – Blog');
  await expect(page.locator('head meta[property="og:image"]')).toHaveAttribute('content', /\/share\/reisesteine\.png$/);
});

test('a disclosure tapped before its part has arrived opens once it has', async ({ page }) => {
  // The stone page's side column hydrates after the page (its module held back until after the tap): React stops a
  // click on it until then, and the summary is tapped again once it is there.
  const release = await holdBack(page, '**/assets/stone-aside-*.js');
  await page.goto(`/view/${OMA}`);
  await expect(page.locator('html')).toHaveAttribute('data-hydrated', 'true');
  await page.getByText('Dein Stein? Admin-Link per E-Mail anfordern').click();
  release();
  await expect(page.getByRole('textbox', { name: 'Deine E-Mail-Adresse' })).toBeVisible();
});
