/**
 * The journey month by month (the owner page's and the collection page's chart, decision record 044): every month
 * since the start, the quiet ones too; the counted public finds of each month and the kilometres of the legs that
 * ended in it, which add up to the distance.
 */

import { describe, expect, it } from 'vitest';
import type { CollectionView, OwnerStoneView } from '../../src/shared/types';
import { journeyMonths } from '../../src/worker/api/stones/months';
import { call, createStone, postFindADayLater } from '../support/factory';

describe('the months of a journey', () => {
  it('lists every month from the start, German time, each leg in the month it ended, per stone', () => {
    const months = journeyMonths(
      [
        { stoneId: 'a', createdAt: '2026-01-10T12:00:00Z', latitude: 52.52, longitude: 13.405 },
        { stoneId: 'b', createdAt: '2026-01-20T12:00:00Z', latitude: 48.137, longitude: 11.575 },
        // New Year's Eve after 23:00 UTC is January in Germany.
        { stoneId: 'a', createdAt: '2026-03-31T22:30:00Z', latitude: 53.551, longitude: 9.993 },
        { stoneId: 'a', createdAt: '2026-03-15T12:00:00Z', latitude: null, longitude: null },
      ],
      '2025-12-31T23:30:00Z',
      new Date('2026-05-02T00:00:00Z'),
    );
    expect(months.map((month) => month.month)).toEqual(['2026-01', '2026-02', '2026-03', '2026-04', '2026-05']);
    expect(months.map((month) => month.finds)).toEqual([2, 0, 1, 1, 0]);
    // Berlin to Hamburg ended on the first of April, German time; Munich's stone has no leg yet.
    expect(months[3]?.km).toBeCloseTo(255.3, 0);
    expect(months.reduce((sum, month) => sum + month.km, 0)).toBeCloseTo(255.3, 0);
  });

  it("are in the owner's view and the collection's, without hidden or flagged finds, adding up to the distance", async () => {
    const { code, adminToken } = await createStone();
    let client = 0;
    for (const [latitude, longitude] of [
      [52.52, 13.405],
      [53.551, 9.993],
      [54.323, 10.123],
    ] as const) {
      client += 1;
      const res = await postFindADayLater(
        code,
        { location: 'Ort', latitude, longitude },
        { 'cf-connecting-ip': `2001:db8:4d0:${client}::1` },
      );
      expect(res.status).toBe(201);
    }
    const owner = await (await call(`/api/admin/stones/${adminToken}`)).json<OwnerStoneView>();
    const thisMonth = owner.months.at(-1);
    expect(owner.months).toHaveLength(1);
    expect(thisMonth?.finds).toBe(3);
    expect(thisMonth?.km).toBeCloseTo(owner.totalDistance, 1);
    // A find the owner hides leaves the month, with its leg.
    const hidden = owner.finds[2]?.id ?? '';
    const hide = await call(`/api/admin/stones/${adminToken}/finds/${hidden}`, {
      method: 'PATCH',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ hidden: true }),
    });
    const after = await hide.json<OwnerStoneView>();
    expect(after.months.at(-1)?.finds).toBe(2);
    expect(after.months.at(-1)?.km).toBeCloseTo(after.totalDistance, 1);
  });
});

describe("a collection's months", () => {
  it('are its stones’ journeys together', async () => {
    const res = await call('/api/collections', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ creatorEmail: 'sammlung@example.org', title: 'Familie Monat', count: 2 }),
    });
    expect(res.status, await res.clone().text()).toBe(201);
    const created = await res.json<{ id: string; stones: Array<{ code: string }> }>();
    let client = 0;
    for (const stone of created.stones)
      for (const [latitude, longitude] of [
        [50.11, 8.68],
        [49.45, 11.08],
      ] as const) {
        client += 1;
        const found = await postFindADayLater(
          stone.code,
          { location: 'Ort', latitude, longitude },
          { 'cf-connecting-ip': `2001:db8:4d1:${client}::1` },
        );
        expect(found.status).toBe(201);
      }
    const view = await (await call(`/api/collections/${created.id}`)).json<CollectionView>();
    expect(view.months.at(-1)?.finds).toBe(4);
    expect(view.months.at(-1)?.km).toBeCloseTo(view.totalDistance, 1);
  });
});
