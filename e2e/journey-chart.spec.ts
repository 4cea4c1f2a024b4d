import AxeBuilder from '@axe-core/playwright';
import { expect, test } from './fixtures';

/* The journey over time (decision record 044): a chart of kilometres and finds per month, a table for screen readers. */

test('the owner page draws the journey month by month, with the numbers as a table for screen readers', async ({ page, request }) => {
  const ip = () => `2001:db8:c4a:${Math.floor(Math.random() * 0xffff).toString(16)}::1`;
  const created = await request.post('/api/stones', {
    data: { creatorEmail: 'chart@example.org', title: 'Zeitstein' },
    headers: { 'cf-connecting-ip': ip() },
  });
  const { code, adminToken } = (await created.json()) as { code: string; adminToken: string };
  // Two finds at one place (a second somewhere else a moment later would be flagged as too fast; the Worker tests
  // measure the kilometres).
  for (const [latitude, longitude] of [
    [52.52, 13.405],
    [52.52, 13.405],
  ])
    expect(
      (
        await request.post(`/api/stones/${code}/finds`, {
          data: { location: 'Ort', latitude, longitude },
          headers: { 'cf-connecting-ip': ip() },
        })
      ).status(),
    ).toBe(201);

  await page.goto(`/admin/stone/${adminToken}`);
  const chart = page.getByRole('figure', { name: 'Die Reise über die Zeit' });
  await expect(chart).toBeVisible();
  await expect(chart.locator('svg rect')).toHaveCount(2);
  const month = new Intl.DateTimeFormat('de-DE', { month: 'long', year: 'numeric', timeZone: 'Europe/Berlin' }).format(new Date());
  const row = chart.getByRole('table', { name: 'Kilometer und Funde pro Monat seit dem Start' }).getByRole('row', { name: month });
  await expect(row.getByRole('cell')).toHaveText(['0,0', '2']);
  expect((await new AxeBuilder({ page }).include('[data-testid="journey-chart"]').analyze()).violations.map((v) => v.id)).toEqual([]);
});

test('a collection page draws its stones’ journeys together', async ({ page, request }) => {
  const res = await request.post('/api/collections', {
    data: { creatorEmail: 'chart@example.org', title: 'Familie Zeit', count: 2 },
    headers: { 'cf-connecting-ip': `2001:db8:c4b:${Math.floor(Math.random() * 0xffff).toString(16)}::1` },
  });
  expect(res.status()).toBe(201);
  const collection = (await res.json()) as { id: string; url: string; stones: Array<{ code: string }> };
  const first = collection.stones[0]?.code ?? '';
  expect(
    (await request.post(`/api/stones/${first}/finds`, { data: { location: 'Kiel', latitude: 54.32, longitude: 10.12 } })).status(),
  ).toBe(201);
  await page.goto(new URL(collection.url).pathname);
  const chart = page.getByRole('figure', { name: 'Die Reise über die Zeit' });
  await expect(chart).toBeVisible();
  await expect(chart.getByRole('table').getByRole('row')).toHaveCount(2);
});
