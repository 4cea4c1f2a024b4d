import { createExecutionContext, createScheduledController, env, waitOnExecutionContext } from 'cloudflare:test';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { journeyKm } from '../../src/shared/geo';
import { addFind } from '../../src/worker/api/finds/queries';
import { VERIFY_INTERVAL_MS, verifyStatistics } from '../../src/worker/api/statistics/queries';
import { createStone, getFindStone } from '../../src/worker/api/stones/queries';
import { getDb } from '../../src/worker/db/client';
import worker from '../../src/worker/index';
import { call, postFind, createStone as postStone } from '../support/factory';
import { meteredD1 } from '../support/metered-d1';

interface TotalsRow {
  stone_count: number;
  find_count: number;
  total_distance_km: number;
  verified_at: number | null;
}

const totalsRow = () => env.DB.prepare('SELECT * FROM site_totals WHERE id = 1').first<TotalsRow>();

/**
 * The totals counted from scratch: stones, finds, and each stone's journey recomputed from its finds that count
 * (a flagged find waits for the owner).
 */
async function recount() {
  const [stones, finds] = await env.DB.batch<{
    id: string;
    stone_id: string;
    latitude: number | null;
    longitude: number | null;
    counts: number;
  }>([
    env.DB.prepare('SELECT id FROM stones'),
    env.DB.prepare('SELECT stone_id, latitude, longitude, flag IS NULL OR flag_accepted AS counts FROM finds ORDER BY stone_id, seq'),
  ]);
  const byStone = new Map<string, Array<{ latitude: number | null; longitude: number | null }>>();
  for (const find of (finds?.results ?? []).filter((f) => f.counts))
    byStone.set(find.stone_id, [...(byStone.get(find.stone_id) ?? []), find]);
  const km = [...byStone.values()].reduce((sum, journey) => sum + journeyKm(journey), 0);
  return { stones: stones?.results.length ?? 0, finds: finds?.results.length ?? 0, km };
}

/** Many stones and finds written straight into D1 (a site that has been running for a while). */
async function fillSite(stoneCount: number, findsPerStone: number) {
  await env.DB.prepare(
    `WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < ?1)
     INSERT INTO stones (id, code, title, creator_email, owner_token_hash, find_seq, total_distance_km)
     SELECT 'bulk-' || i, printf('B%02X-%03X-%03X', i / 4096 % 256, i / 16 % 4096, i % 4096), 'Stone ' || i, 'bulk@example.org', 'hash-' || i, ?2, 0 FROM n`,
  )
    .bind(stoneCount, findsPerStone)
    .run();
  await env.DB.prepare(
    `WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < ?1)
     INSERT INTO finds (id, stone_id, seq, location)
     SELECT 'bulk-find-' || s.id || '-' || n.i, s.id, n.i, 'Somewhere' FROM stones s, n WHERE s.id LIKE 'bulk-%'`,
  )
    .bind(findsPerStone)
    .run();
  await env.DB.prepare(
    'UPDATE site_totals SET stone_count = (SELECT count(*) FROM stones), find_count = (SELECT count(*) FROM finds) WHERE id = 1',
  ).run();
}

/** Rows D1 reads to create a stone and to log a find on it (as the routes do: look the code up, then write). */
async function rowsReadPerWrite() {
  const meter = meteredD1(env.DB);
  const db = getDb(meter.db);
  const stone = await createStone(db, {
    creatorEmail: 'meter@example.org',
    locale: 'de',
    title: 'Metered',
    story: null,
    hasPhotos: false,
    hasStory: false,
    isPaid: false,
    paymentIntentId: null,
  });
  const create = meter.totals.rowsRead;
  meter.reset();
  const ref = await getFindStone(db, stone.code);
  if (!ref) throw new Error('stone missing');
  await addFind(
    db,
    ref,
    {
      location: 'Berlin',
      latitude: 52.52,
      longitude: 13.405,
      comment: '',
      finderEmail: undefined,
      keep: false,
      countryCode: null,
      precision: 'exact',
    },
    'de',
  );
  return { create, find: meter.totals.rowsRead, findStatements: meter.totals.statements };
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe('site totals', () => {
  it('a write reads the same few rows on a site with 3,000 finds as on an empty one', async () => {
    const empty = await rowsReadPerWrite();
    await fillSite(300, 10);
    const full = await rowsReadPerWrite();
    // Measured, not assumed: D1 reported the rows of every statement.
    expect(empty.findStatements).toBe(7);
    expect(full).toEqual(empty);
    // A find reads the stone's row and its own new row (each guard and each part of its mails looks it up again
    // by primary key) and its confirmed subscribers (none here), nothing site-wide; and the totals row once for
    // each of the recount's triggers it fires (migration 0016: the new find, the stone's distance).
    expect(full.find).toBeLessThanOrEqual(30 + 2);
    // Creating reads the new stone's rows, and for its title's words (db/title-words.ts) one row per character of
    // the title as the database walks it: "Metered" is seven; and the totals row for the recount's trigger.
    expect(full.create).toBeLessThanOrEqual(4 + 'Metered'.length + 3 + 1);
  });

  it('equal a recount after stones, finds with and without positions, and 30 concurrent finds', async () => {
    const a = await postStone();
    const b = await postStone();
    await postStone();
    await postFind(a.code, { location: 'Berlin', latitude: 52.52, longitude: 13.405 });
    await postFind(b.code, { location: 'Nirgendwo' });
    // A day later: the first leg of each stone is plausible, the rest of 30 places at once are flagged.
    await env.DB.prepare('UPDATE stones SET last_position_at = last_position_at - 86400000').run();
    const positions = Array.from({ length: 30 }, (_, i) => ({ latitude: 47 + (i % 7), longitude: 6 + ((i * 3) % 9) }));
    const answers = await Promise.all(positions.map((p, i) => postFind(i % 2 ? a.code : b.code, { location: `Ort ${i}`, ...p })));
    expect(answers.map((r) => r.status)).toEqual(positions.map(() => 201));

    const row = await totalsRow();
    const counted = await recount();
    expect(row?.stone_count).toBe(3);
    expect(row?.find_count).toBe(32);
    expect(counted).toMatchObject({ stones: 3, finds: 32 });
    expect(row?.total_distance_km).toBeCloseTo(counted.km, 6);
    // Each find wrote its owner mail exactly once.
    expect(await env.DB.prepare("SELECT count(*) AS n FROM email_outbox WHERE kind = 'find-owner'").first('n')).toBe(32);
    expect(counted.km).toBeGreaterThan(0);
  });

  it('are served to readers from the row after a write, without recounting', async () => {
    await env.DB.prepare('UPDATE site_totals SET stone_count = 41, find_count = 99, total_distance_km = 12.5 WHERE id = 1').run();
    await postStone();
    // 41 + 1: the answer comes from the kept row, which a recount (1 stone, 0 finds) would contradict.
    expect(await (await call('/api/statistics')).json()).toMatchObject({ stoneCount: 42, findCount: 99, totalDistance: 12.5 });
  });
});

describe('the daily check of the site totals', () => {
  const now = new Date('2026-11-22T03:00:00Z');

  it('repairs drift from a recount and logs what it found', async () => {
    await postStone();
    await env.DB.prepare(`UPDATE site_totals SET find_count = 7, verified_at = NULL WHERE id = 1`).run();
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});

    expect(await verifyStatistics(getDb(env.DB), env.CACHE, now)).toBe(true);

    expect(await totalsRow()).toMatchObject({ stone_count: 1, find_count: 0, total_distance_km: 0, verified_at: now.getTime() });
    const logged = warn.mock.calls.map(([line]) => JSON.parse(String(line)));
    expect(logged).toContainEqual(
      expect.objectContaining({ message: 'site totals drifted: repaired from a recount', kept: expect.objectContaining({ findCount: 7 }) }),
    );
    expect(await (await call('/api/statistics')).json()).toMatchObject({ stoneCount: 1, findCount: 0 });
  });

  it('recounts at most once a day', async () => {
    await env.DB.prepare('UPDATE site_totals SET verified_at = NULL WHERE id = 1').run();
    expect(await verifyStatistics(getDb(env.DB), env.CACHE, now)).toBe(true);
    await env.DB.prepare('UPDATE site_totals SET stone_count = 5 WHERE id = 1').run();

    const soon = new Date(now.getTime() + VERIFY_INTERVAL_MS - 60_000);
    expect(await verifyStatistics(getDb(env.DB), env.CACHE, soon)).toBe(false);
    expect((await totalsRow())?.stone_count).toBe(5);

    vi.spyOn(console, 'warn').mockImplementation(() => {});
    const nextDay = new Date(now.getTime() + VERIFY_INTERVAL_MS);
    expect(await verifyStatistics(getDb(env.DB), env.CACHE, nextDay)).toBe(true);
    expect((await totalsRow())?.stone_count).toBe(0);
  });

  it('recreates a missing totals row from the scheduled handler', async () => {
    await postStone();
    await env.DB.prepare('DELETE FROM site_totals').run();
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    await env.CACHE.delete('statistics:v2');
    expect(await (await call('/api/statistics')).json()).toMatchObject({ stoneCount: 0 });

    const ctx = createExecutionContext();
    await worker.scheduled(createScheduledController({ scheduledTime: now.getTime(), cron: '*/5 * * * *' }), env, ctx);
    await waitOnExecutionContext(ctx);

    expect(await totalsRow()).toMatchObject({ stone_count: 1, find_count: 0 });
    expect(error.mock.calls.map(([line]) => JSON.parse(String(line)).message)).toContain(
      'site totals row was missing: recreated from a recount',
    );
  });
});
