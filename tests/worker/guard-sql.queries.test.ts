import { env } from 'cloudflare:test';
import { type SQL, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  findCounted,
  findFlagSql,
  findInserted,
  MAX_PLAUSIBLE_KMH,
  REPEAT_WINDOW_MS,
  repeatFlagSql,
  speedFlagSql,
  stoneUnchanged,
} from '../../src/worker/api/finds/guard-sql';
import { getDb } from '../../src/worker/db/client';
import { insertFind, insertStone } from '../support/factory';

/** What D1 answers for a condition, read from the stone `stoneId` as the find's batch reads it (aliased `s`). */
async function inD1(condition: SQL, stoneId = ''): Promise<unknown> {
  const [row] = await getDb(env.DB).all<{ answer: unknown }>(
    sql`SELECT ${condition} AS answer FROM (SELECT 1) LEFT JOIN stones s ON s.id = ${stoneId}`,
  );
  return row?.answer;
}

const LAST = { latitude: sql`s.last_latitude`, longitude: sql`s.last_longitude`, at: sql`s.last_position_at` };
const BERLIN = { latitude: 52.52, longitude: 13.405 };
// About 504 km from Berlin.
const MUNICH = { latitude: 48.137, longitude: 11.575 };
const HOUR_MS = 60 * 60 * 1000;
const NOW = Date.UTC(2026, 4, 1, 12);

async function stoneLastSeenInBerlin(at: number | null) {
  const hex = () => crypto.randomUUID().replace(/-/g, '').slice(0, 3).toUpperCase();
  return insertStone({
    code: `${hex()}-${hex()}-${hex()}`,
    lastLatitude: at === null ? null : BERLIN.latitude,
    lastLongitude: at === null ? null : BERLIN.longitude,
    lastPositionAt: at === null ? null : new Date(at),
  });
}

describe('the guards of a find’s batch (decision record 017)', () => {
  it('knows whether this batch stored the find, and whether it counts for the distance', async () => {
    const stone = await stoneLastSeenInBerlin(null);
    const plain = crypto.randomUUID();
    const flagged = crypto.randomUUID();
    await insertFind(stone.id, { id: plain, seq: 1 });
    await insertFind(stone.id, { id: flagged, seq: 2, flag: 'speed' });
    expect(await inD1(findInserted(plain))).toBe(1);
    expect(await inD1(findInserted(crypto.randomUUID()))).toBe(0);
    expect(await inD1(findCounted(plain))).toBe(1);
    expect(await inD1(findCounted(flagged))).toBe(0);
  });

  it(`flags a leg faster than ${MAX_PLAUSIBLE_KMH} km/h since the last counted position, and nothing else`, async () => {
    const anHourAgo = await stoneLastSeenInBerlin(NOW - HOUR_MS);
    const tenMinutesAgo = await stoneLastSeenInBerlin(NOW - HOUR_MS / 6);
    const never = await stoneLastSeenInBerlin(null);
    // 504 km in an hour is a fast train; in ten minutes it is no stone in a pocket.
    expect(await inD1(speedFlagSql(LAST, MUNICH, NOW), anHourAgo.id)).toBe(0);
    expect(await inD1(speedFlagSql(LAST, MUNICH, NOW), tenMinutesAgo.id)).toBe(1);
    expect(await inD1(speedFlagSql(LAST, MUNICH, NOW), never.id)).toBe(0);
    expect(await inD1(speedFlagSql(LAST, null, NOW), tenMinutesAgo.id)).toBe(0);
  });

  it('flags the same client on the same stone within the repeat window, and no other', async () => {
    const stone = await stoneLastSeenInBerlin(null);
    await insertFind(stone.id, { seq: 1, clientHash: 'recent', createdAt: new Date(NOW - REPEAT_WINDOW_MS / 2) });
    await insertFind(stone.id, { seq: 2, clientHash: 'earlier', createdAt: new Date(NOW - REPEAT_WINDOW_MS - 1) });
    expect(await inD1(repeatFlagSql('recent', NOW))).toBe(1);
    expect(await inD1(repeatFlagSql('earlier', NOW))).toBe(0);
    expect(await inD1(repeatFlagSql('someone else', NOW))).toBe(0);
    expect(await inD1(repeatFlagSql(null, NOW))).toBe(0);
  });

  it('stores speed before repeat, and no flag for a plausible find', async () => {
    const [yes, no] = [sql`1`, sql`0`];
    expect(await inD1(findFlagSql(yes, yes))).toBe('speed');
    expect(await inD1(findFlagSql(no, yes))).toBe('repeat');
    expect(await inD1(findFlagSql(no, no))).toBeNull();
  });

  it('lets a moderation write only while the stone’s counters are as it read them', async () => {
    const stone = await stoneLastSeenInBerlin(null);
    const read = { findSeq: 0, hiddenFindCount: 0, totalDistanceKm: 0 };
    expect(await inD1(stoneUnchanged(stone.id, read))).toBe(1);
    await env.DB.prepare('UPDATE stones SET find_seq = find_seq + 1 WHERE id = ?').bind(stone.id).run();
    expect(await inD1(stoneUnchanged(stone.id, read))).toBe(0);
    expect(await inD1(stoneUnchanged(stone.id, { ...read, findSeq: 1 }))).toBe(1);
  });
});
