import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { haversineKm } from '../../src/shared/geo';
import type { Statistics } from '../../src/shared/types';
import { call, createStone, postFind, postFindADayLater, stoneCounters } from '../support/factory';

const CACHE_KEY = 'statistics:v2';
const BERLIN = { latitude: 52.52, longitude: 13.405 };
const MUNICH = { latitude: 48.1351, longitude: 11.582 };
const HAMBURG = { latitude: 53.5511, longitude: 9.9937 };

async function statistics(language = 'en-GB'): Promise<Statistics> {
  const res = await call('/api/statistics', { headers: { 'accept-language': language } });
  expect(res.status).toBe(200);
  expect(res.headers.get('cache-control')).toBe('no-store');
  return res.json<Statistics>();
}

describe('GET /api/statistics (the site totals)', () => {
  it('counts zero of everything on an empty site', async () => {
    expect(await statistics()).toEqual({ totalDistance: 0, formattedDistance: '0.0 km', stoneCount: 0, findCount: 0 });
  });

  it('counts stones and finds and sums the distances of all stones', async () => {
    const a = await createStone();
    const b = await createStone();
    await createStone();
    await postFind(a.code, { location: 'Berlin', ...BERLIN });
    await postFindADayLater(a.code, { location: 'München', ...MUNICH });
    await postFind(b.code, { location: 'Hamburg', ...HAMBURG });
    await postFindADayLater(b.code, { location: 'Berlin', ...BERLIN });
    await postFind(b.code, { location: 'Nirgendwo' });

    const stats = await statistics('de-DE');
    expect(stats.stoneCount).toBe(3);
    expect(stats.findCount).toBe(5);
    const expected = haversineKm(BERLIN, MUNICH) + haversineKm(HAMBURG, BERLIN);
    expect(stats.totalDistance).toBeCloseTo(expected, 9);
    const stored = ((await stoneCounters(a.code))?.total_distance_km ?? 0) + ((await stoneCounters(b.code))?.total_distance_km ?? 0);
    expect(stats.totalDistance).toBeCloseTo(stored, 9);
    expect(stats.formattedDistance).toBe(
      `${new Intl.NumberFormat('de-DE', { minimumFractionDigits: 1, maximumFractionDigits: 1 }).format(expected)} km`,
    );
    expect(stats.formattedDistance).toMatch(/^\d{1,3}(\.\d{3})*,\d km$/);
  });

  it('keeps the totals in KV under statistics:v2', async () => {
    await createStone();
    const stats = await statistics();
    expect(await env.CACHE.get(CACHE_KEY, 'json')).toEqual({
      totalDistance: stats.totalDistance,
      stoneCount: stats.stoneCount,
      findCount: stats.findCount,
    });
  });

  it('answers from the cache without reading the database', async () => {
    await env.CACHE.put(CACHE_KEY, JSON.stringify({ totalDistance: 4242.5, stoneCount: 7, findCount: 9 }));
    expect(await statistics()).toEqual({ totalDistance: 4242.5, formattedDistance: '4,242.5 km', stoneCount: 7, findCount: 9 });
  });

  it('refreshes the cache on every write, so a new stone and a new find show at once', async () => {
    const { code } = await createStone();
    expect(await statistics()).toMatchObject({ stoneCount: 1, findCount: 0, totalDistance: 0 });
    await postFind(code, { location: 'Berlin', ...BERLIN });
    expect(await statistics()).toMatchObject({ stoneCount: 1, findCount: 1, totalDistance: 0 });
    await postFindADayLater(code, { location: 'München', ...MUNICH });
    const stats = await statistics();
    expect(stats.findCount).toBe(2);
    expect(stats.totalDistance).toBeCloseTo(haversineKm(BERLIN, MUNICH), 9);
    await createStone();
    expect((await statistics()).stoneCount).toBe(2);
  });
});
