import type { APIRequestContext } from '@playwright/test';
import { expect, test } from './fixtures';

/** The stone's share image as its JSON names it. */
const shareImageOf = async (request: APIRequestContext, code: string) =>
  ((await (await request.get(`/api/stones/${code}`)).json()) as { shareImage: string }).shareImage;

test("a stone's page names its share card, which answers a PNG and changes with the journey", async ({ page, request }) => {
  const created = await request.post('/api/stones', { data: { creatorEmail: 'karte@example.org', title: 'Kartenstein' } });
  expect(created.status()).toBe(201);
  const { code } = (await created.json()) as { code: string };

  // The queue renders the card after the stone was made; until then the page names the generic card.
  let first = '';
  await expect
    .poll(async () => (first = await shareImageOf(request, code)), { timeout: 30_000 })
    .toMatch(new RegExp(`/share/stone/${code}/[0-9a-f]{16}\\.png$`));

  await page.goto(`/${code}`);
  const meta = (selector: string) => page.locator(`head meta[${selector}]`);
  await expect(meta('property="og:image"')).toHaveAttribute('content', first);
  await expect(meta('property="og:image:width"')).toHaveAttribute('content', '1200');
  await expect(meta('property="og:image:height"')).toHaveAttribute('content', '630');
  await expect(meta('property="og:image:alt"')).toHaveAttribute('content', /^Kartenstein – /);
  await expect(meta('name="twitter:card"')).toHaveAttribute('content', 'summary_large_image');

  const image = await request.get(new URL(first).pathname);
  expect(image.status()).toBe(200);
  expect(image.headers()['content-type']).toBe('image/png');
  // No cache may keep a card past an erasure (decision 028): it is revalidated, which costs a 304 while it stands.
  expect(image.headers()['cache-control']).toBe('public, no-cache');
  expect((await image.body()).subarray(1, 4).toString()).toBe('PNG');
  const etag = image.headers().etag;
  expect(etag).toBeTruthy();
  expect((await request.get(new URL(first).pathname, { headers: { 'If-None-Match': etag ?? '' } })).status()).toBe(304);

  // A find moves the stone: its card gets a new address, which the page then names.
  const find = await request.post(`/api/stones/${code}/finds`, { data: { location: 'Lübeck', latitude: 53.87, longitude: 10.69 } });
  expect(find.status()).toBe(201);
  let second = '';
  await expect.poll(async () => (second = await shareImageOf(request, code)), { timeout: 30_000 }).not.toBe(first);
  expect(second).toMatch(new RegExp(`/share/stone/${code}/[0-9a-f]{16}\\.png$`));
  await page.goto(`/view/${code}`);
  await expect(meta('property="og:image"')).toHaveAttribute('content', second);
  expect((await request.get(new URL(second).pathname)).headers()['content-type']).toBe('image/png');
});

test('a page without a card of its own names the generic card, a static PNG', async ({ page, request }) => {
  await page.goto('/');
  const url = await page.locator('head meta[property="og:image"]').getAttribute('content');
  expect(url).toMatch(/\/share\/reisesteine\.png$/);
  await expect(page.locator('head meta[name="twitter:card"]')).toHaveAttribute('content', 'summary_large_image');
  const image = await request.get('/share/reisesteine.png');
  expect(image.status()).toBe(200);
  expect(image.headers()['content-type']).toBe('image/png');
});
