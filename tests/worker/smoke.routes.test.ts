import { exports } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';

describe('smoke', () => {
  it('serves statistics from an empty database', async () => {
    const res = await exports.default.fetch('https://reisesteine.test/api/statistics');
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ totalDistance: 0, stoneCount: 0, findCount: 0 });
  });
});
