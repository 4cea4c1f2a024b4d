import { env } from 'cloudflare:test';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { moderateFind } from '../../src/worker/api/finds/moderation/queries';
import { VERIFY_INTERVAL_MS, verifyStatistics } from '../../src/worker/api/statistics/queries';
import { getDb } from '../../src/worker/db/client';
import { call, createStone, postFindADayLater } from '../support/factory';

/** The daily recount in slices (api/statistics/recount.ts): a slice of stones per cron run, the sums kept between. */

interface Row {
  stone_count: number;
  find_count: number;
  total_distance_km: number;
  premium_count: number;
  verified_at: number | null;
  recount_after: string | null;
}

const SLICE = 4;
const now = new Date('2026-11-22T03:00:00Z');
const db = () => getDb(env.DB);
const row = () => env.DB.prepare('SELECT * FROM site_totals WHERE id = 1').first<Row>();

/** What a recount in one statement counts now, in the kept totals' terms. */
const truth = () =>
  env.DB.prepare(
    `SELECT (SELECT count(*) FROM stones) AS stone_count, (SELECT count(*) FROM finds WHERE hidden = 0) AS find_count,
       (SELECT coalesce(sum(total_distance_km), 0) FROM stones) AS total_distance_km,
       (SELECT count(*) FROM stones WHERE has_photos = 1 OR has_story = 1) AS premium_count`,
  ).first<Omit<Row, 'verified_at' | 'recount_after'>>();

/** Stones made through the API, each with two finds a day apart (so each has a distance), and their ids. */
async function site(count: number) {
  const made = [];
  for (let i = 0; i < count; i++) {
    const stone = await createStone({ title: `Stein ${i}` });
    for (const [latitude, longitude] of [
      [52.52, 13.405],
      [48.14, 11.58 + i / 100],
    ])
      expect((await postFindADayLater(stone.code, { location: 'Ort', latitude, longitude })).status).toBe(201);
    const id = await env.DB.prepare('SELECT id FROM stones WHERE code = ?').bind(stone.code).first<string>('id');
    made.push({ ...stone, id: id ?? '' });
  }
  return made.sort((a, b) => (a.id < b.id ? -1 : 1));
}

/** Runs of the check until the recount ends; answers how many it took. */
async function recountToTheEnd(at: Date) {
  for (let runs = 1; runs <= 20; runs++) {
    expect(await verifyStatistics(db(), env.CACHE, at, SLICE)).toBe(true);
    if ((await row())?.recount_after === null) return runs;
  }
  throw new Error('the recount did not end');
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe('the daily recount in slices', () => {
  it('counts a slice of stones per run, keeps the sums between runs and ends with the totals verified', async () => {
    await site(10);
    await env.DB.prepare('UPDATE site_totals SET verified_at = NULL WHERE id = 1').run();
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    expect(await verifyStatistics(db(), env.CACHE, now, SLICE)).toBe(true);
    const first = await row();
    // Four stones counted, the recount under way, nothing verified yet.
    expect(first?.recount_after).not.toBeNull();
    expect(first?.verified_at).toBeNull();
    expect(await env.DB.prepare('SELECT recount_stones AS n FROM site_totals').first('n')).toBe(SLICE);
    // Two more runs: 8 stones, then the last 2 and the end.
    expect(await recountToTheEnd(now)).toBe(2);
    const [totals, counted] = [await row(), await truth()];
    expect(totals).toMatchObject({ ...counted, total_distance_km: expect.any(Number), verified_at: now.getTime(), recount_after: null });
    expect(totals?.total_distance_km).toBeCloseTo(counted?.total_distance_km ?? -1, 6);
    expect(warn).not.toHaveBeenCalled();
    // The next recount begins a day after this one ended, not before.
    expect(await verifyStatistics(db(), env.CACHE, new Date(now.getTime() + VERIFY_INTERVAL_MS - 1), SLICE)).toBe(false);
    expect(await verifyStatistics(db(), env.CACHE, new Date(now.getTime() + VERIFY_INTERVAL_MS), SLICE)).toBe(true);
  });

  it('takes no write between slices for drift: finds, hidden finds, new and deleted stones on both sides of the slice', async () => {
    const stones = await site(10);
    await env.DB.prepare('UPDATE site_totals SET verified_at = NULL WHERE id = 1').run();
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    expect(await verifyStatistics(db(), env.CACHE, now, SLICE)).toBe(true);
    const after = (await row())?.recount_after ?? '';
    const counted = stones.filter((s) => s.id <= after);
    const waiting = stones.filter((s) => s.id > after);
    expect([counted.length, waiting.length]).toEqual([SLICE, 10 - SLICE]);

    // Each side: a find with a distance, a find hidden by its owner's moderation, a stone deleted by its owner.
    for (const side of [counted, waiting]) {
      const [found, hidden, deleted] = side;
      if (!found || !hidden || !deleted) throw new Error('too few stones');
      expect((await postFindADayLater(found.code, { location: 'Wien', latitude: 48.21, longitude: 16.37 })).status).toBe(201);
      const find = await env.DB.prepare('SELECT id FROM finds WHERE stone_id = ? ORDER BY seq DESC').bind(hidden.id).first<string>('id');
      expect(await moderateFind(db(), hidden.id, find ?? '', { hidden: true }, 'owner')).not.toBeNull();
      expect((await call(`/api/admin/stones/${deleted.adminToken}`, { method: 'DELETE' })).status).toBe(200);
    }
    // New stones, whose random ids fall on either side.
    await site(6);
    expect(await recountToTheEnd(now)).toBeGreaterThan(1);
    const totals = await row();
    expect(totals).toMatchObject({ stone_count: 14, find_count: 14 * 2 + 2 - 2, verified_at: now.getTime(), recount_after: null });
    expect(totals?.total_distance_km).toBeCloseTo((await truth())?.total_distance_km ?? -1, 6);
    expect(totals).toMatchObject({ ...(await truth()), total_distance_km: expect.any(Number) });
    expect(warn).not.toHaveBeenCalled();
  });

  it('repairs drift that happened during the recount and logs it at the end', async () => {
    await site(6);
    await env.DB.prepare('UPDATE site_totals SET verified_at = NULL WHERE id = 1').run();
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    expect(await verifyStatistics(db(), env.CACHE, now, SLICE)).toBe(true);
    await env.DB.prepare('UPDATE site_totals SET find_count = find_count + 7 WHERE id = 1').run();
    expect(await recountToTheEnd(now)).toBe(1);
    expect(await row()).toMatchObject({ stone_count: 6, find_count: 12 });
    const logged = warn.mock.calls.map(([line]) => JSON.parse(String(line)));
    expect(logged).toContainEqual(
      expect.objectContaining({
        message: 'site totals drifted: repaired from a recount',
        kept: expect.objectContaining({ findCount: 19 }),
      }),
    );
  });
});
