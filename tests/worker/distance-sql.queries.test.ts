import { env } from 'cloudflare:test';
import { type SQL, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { haversineKm, type Position } from '../../src/shared/geo';
import { legFromSql, legSql } from '../../src/worker/api/finds/distance-sql';
import { getDb } from '../../src/worker/db/client';

/** What D1 computes for a distance expression. */
async function inD1(expression: SQL): Promise<number> {
  const [row] = await getDb(env.DB).all<{ km: number }>(sql`SELECT ${expression} AS km`);
  if (!row) throw new Error('no row');
  return row.km;
}

const value = (n: number | null) => sql`${n}`;

const BERLIN = { latitude: 52.52, longitude: 13.405 };
const MUNICH = { latitude: 48.137, longitude: 11.575 };
const SYDNEY = { latitude: -33.87, longitude: 151.21 };
const FIJI_EAST = { latitude: -17.7, longitude: 179.9 };
const FIJI_WEST = { latitude: -17.7, longitude: -179.9 };
// Nearly opposite points: the haversine's sqrt comes close to 1, where min(1, …) keeps asin defined.
const ANTIPODE_OF_BERLIN = { latitude: -52.52, longitude: -166.595 };

describe('the leg SQLite computes inside the find’s transaction (decision record 017)', () => {
  const pairs: Array<[string, Position, Position]> = [
    ['Berlin → München', BERLIN, MUNICH],
    ['Berlin → Sydney', BERLIN, SYDNEY],
    ['across the antimeridian', FIJI_EAST, FIJI_WEST],
    ['to the antipode', BERLIN, ANTIPODE_OF_BERLIN],
    ['the same place', MUNICH, MUNICH],
  ];

  it.each(pairs)('equals the Worker’s haversine to far below a metre: %s', async (_, from, to) => {
    const km = await inD1(legSql(value(from.latitude), value(from.longitude), to));
    expect(km).toBeCloseTo(haversineKm(from, to), 6);
  });

  it('is a real distance, not a formula that happens to give 0 (Berlin → München is about 504 km)', async () => {
    expect(await inD1(legSql(value(BERLIN.latitude), value(BERLIN.longitude), MUNICH))).toBeCloseTo(504.2, 0);
  });

  it('adds no leg from a stone without a last position, or for a find without a position', async () => {
    expect(await inD1(legFromSql(value(null), value(null), MUNICH))).toBe(0);
    expect(await inD1(legFromSql(value(BERLIN.latitude), value(null), MUNICH))).toBe(0);
    expect(await inD1(legFromSql(value(BERLIN.latitude), value(BERLIN.longitude), null))).toBe(0);
    expect(await inD1(legFromSql(value(BERLIN.latitude), value(BERLIN.longitude), MUNICH))).toBeCloseTo(haversineKm(BERLIN, MUNICH), 6);
  });
});
