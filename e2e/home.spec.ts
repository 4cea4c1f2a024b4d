import { expect, holdBack, OMA, renderedTotals, test } from './fixtures';

test('the home page counts the statistics up to the totals', async ({ page }) => {
  const response = await page.goto('/');
  const totals = renderedTotals((await response?.text()) ?? '');
  expect(Number(totals.stones)).toBeGreaterThan(0);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  // The count-up runs for 3 s, then stays on the total.
  await expect(page.getByTestId('stat-distance').locator('dd')).toHaveText(totals.distance, { timeout: 6000 });
  await expect(page.getByTestId('stat-stones').locator('dd')).toHaveText(totals.stones);
  await expect(page.getByTestId('stat-finds').locator('dd')).toHaveText(totals.finds);
});

test('the count-up starts from zero after the page loads', async ({ page }) => {
  const response = await page.goto('/');
  const total = renderedTotals((await response?.text()) ?? '').finds;
  // Every number the page shows from now until it reaches the total: a page that showed the total at once (no
  // count-up) gives just that one.
  const samples = await page
    .getByTestId('stat-finds')
    .locator('dd')
    .evaluate(
      (dd, end) =>
        new Promise<string[]>((resolve) => {
          const seen = [dd.textContent ?? ''];
          if (seen[0] === end) resolve(seen);
          const observer = new MutationObserver(() => {
            seen.push(dd.textContent ?? '');
            if (dd.textContent !== end) return;
            observer.disconnect();
            resolve(seen);
          });
          observer.observe(dd, { childList: true, characterData: true, subtree: true });
        }),
      total,
    );
  expect(samples.at(-1)).toBe(total);
  // The totals stay below a thousand here, so no group separator stands between the digits.
  expect(samples.some((value) => Number(value) < Number(total))).toBe(true);
});

test('navigation jumps to the FAQ, about and dedication sections', async ({ page }) => {
  await page.goto('/');
  await page.getByRole('banner').getByRole('link', { name: 'FAQ' }).click();
  await expect(page).toHaveURL('/#faq');
  await expect(page.getByRole('heading', { name: 'Häufige Fragen' })).toBeInViewport();
  await page.getByRole('banner').getByRole('link', { name: 'Widmung' }).click();
  await expect(page.getByRole('heading', { name: 'Widmung', level: 2 })).toBeInViewport();
});

test.describe('in English', () => {
  test.use({ locale: 'en-US' });
  test('the page speaks English when the browser does not prefer German', async ({ page }) => {
    await page.goto('/');
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    await expect(page.getByRole('banner').getByRole('button', { name: 'Find a stone' })).toBeVisible();
    await expect(page.getByTestId('stat-distance')).toContainText('kilometres travelled');
  });
});

test('from a stone page, the FAQ link lands on the FAQ section of the home page', async ({ page }) => {
  await page.addInitScript((code) => window.localStorage.setItem(`welcome-shown:${code}`, 'seen'), OMA);
  await page.setViewportSize({ width: 390, height: 700 });
  await page.goto(`/${OMA}`);
  // On a phone the places are in the menu.
  await page.getByRole('banner').getByRole('button', { name: 'Menü' }).click();
  await page.getByRole('banner').getByRole('link', { name: 'FAQ' }).click();
  await expect(page).toHaveURL('/#faq');
  await expect(page.getByRole('heading', { name: 'Häufige Fragen' })).toBeInViewport();
});

test.describe('arriving from the not-found page', () => {
  test.use({ allowConsoleErrors: [/404 \(Not Found\)/] });
  test('after client-side navigation to the home page the statistics count up to the totals', async ({ page }) => {
    await page.goto('/gibt-es-nicht');
    // The totals the page itself reads: another test file, running beside this one, may log a find meanwhile.
    const answer = page.waitForResponse((response) => new URL(response.url()).pathname === '/api/statistics');
    await page.getByRole('link', { name: 'Zur Startseite' }).click();
    const stats = (await (await answer).json()) as { findCount: number };
    await expect(page.getByTestId('stat-finds').locator('dd')).toHaveText(String(stats.findCount), { timeout: 6000 });
  });
});

test.describe('its JavaScript, which loads after the page (decision record 019)', () => {
  test('is not requested before the page has loaded', async ({ page }) => {
    await page.goto('/');
    const timing = await page.evaluate(() => {
      const [navigation] = performance.getEntriesByType('navigation') as PerformanceNavigationTiming[];
      const entry = performance.getEntriesByType('resource').find((r) => /\/assets\/main-[^/]+\.js$/.test(r.name));
      return { loadEnd: navigation?.loadEventEnd ?? Number.NaN, entryStart: entry?.startTime ?? Number.NaN };
    });
    expect(timing.entryStart).toBeGreaterThanOrEqual(timing.loadEnd);
  });

  test('a button tapped before the page is interactive does its work once it is', async ({ page }) => {
    const release = await holdBack(page, '**/assets/main-*.js');
    // The fixture's goto waits for hydration, which this test holds back.
    await page.mainFrame().goto('/', { waitUntil: 'load' });
    await page.getByRole('banner').getByRole('button', { name: 'Stein finden' }).click();
    await expect(page.locator('html')).not.toHaveAttribute('data-hydrated');
    release();
    await expect(page.getByRole('dialog')).toBeVisible();
    await expect(page.getByLabel('Stein-Code')).toBeVisible();
  });
});
