import { and, eq, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { siteTotals } from '../../db/schema';
import { log } from '../../lib/logger';
import { beginRecount, finishRecount, RECOUNT_SLICE_STONES, recountSlice } from './recount';

export interface StatisticsData {
  totalDistance: number;
  stoneCount: number;
  findCount: number;
}

const CACHE_KEY = 'statistics:v2';
/**
 * How long a cached answer lives. Writes put the new totals into KV too, but KV takes about one write per
 * second per key, so under a burst some puts fail: the TTL bounds how stale the home page can be.
 */
const CACHE_TTL_SECONDS = 60;
/** A recount of the totals begins at most this often after the last ended (it reads every stone and find, a slice per cron run). */
export const VERIFY_INTERVAL_MS = 24 * 60 * 60 * 1000;

type TotalsRow = typeof siteTotals.$inferSelect;

const toData = (row: Pick<TotalsRow, 'stoneCount' | 'findCount' | 'totalDistanceKm'>): StatisticsData => ({
  totalDistance: row.totalDistanceKm,
  stoneCount: row.stoneCount,
  findCount: row.findCount,
});

/**
 * The change a write makes to the site totals, as one statement for that write's `db.batch`: it runs in the
 * same transaction, reads one row and answers the new totals.
 */
export function changeTotals(db: Db, change: { stones?: number; finds?: number; km?: number | SQL; premium?: number }, onlyIf?: SQL) {
  return db
    .update(siteTotals)
    .set({
      stoneCount: sql`${siteTotals.stoneCount} + ${change.stones ?? 0}`,
      findCount: sql`${siteTotals.findCount} + ${change.finds ?? 0}`,
      totalDistanceKm: sql`${siteTotals.totalDistanceKm} + ${change.km ?? 0}`,
      premiumCount: sql`${siteTotals.premiumCount} + ${change.premium ?? 0}`,
    })
    .where(onlyIf ? and(eq(siteTotals.id, 1), onlyIf) : eq(siteTotals.id, 1))
    .returning({ stoneCount: siteTotals.stoneCount, findCount: siteTotals.findCount, totalDistanceKm: siteTotals.totalDistanceKm });
}

/** After a write: the totals it returned go to KV, so the next read is current. Never fails the write. */
export async function publishStatistics(cache: KVNamespace, rows: Array<Pick<TotalsRow, 'stoneCount' | 'findCount' | 'totalDistanceKm'>>) {
  const row = rows[0];
  if (!row) {
    log.error('site totals row missing: the cron recreates it');
    return;
  }
  try {
    await cache.put(CACHE_KEY, JSON.stringify(toData(row)), { expirationTtl: CACHE_TTL_SECONDS });
  } catch (error) {
    log.warn('statistics cache not refreshed', { error: String(error) });
  }
}

/** Site-wide totals: from KV, else the one totals row (and back into KV). */
export async function getStatistics(db: Db, cache: KVNamespace): Promise<StatisticsData> {
  const cached = await cache.get<StatisticsData>(CACHE_KEY, 'json');
  if (cached) return cached;
  const row = await db.select().from(siteTotals).where(eq(siteTotals.id, 1)).get();
  if (!row) {
    log.error('site totals row missing: the cron recreates it');
    return { totalDistance: 0, stoneCount: 0, findCount: 0 };
  }
  await publishStatistics(cache, [row]);
  return toData(row);
}

/** Totals that differ from a recount by more than rounding are drift. */
function drifted(kept: TotalsRow, counted: TotalsRow): boolean {
  return (
    kept.premiumCount !== counted.premiumCount ||
    kept.stoneCount !== counted.stoneCount ||
    kept.findCount !== counted.findCount ||
    Math.abs(kept.totalDistanceKm - counted.totalDistanceKm) > 1e-6 * Math.max(1, counted.totalDistanceKm)
  );
}

/**
 * The cron's check of the totals, a slice per run (recount.ts): a recount begins when the last ended
 * VERIFY_INTERVAL_MS ago or more, and each run while one is under way counts the next slice of stones; the last
 * slice puts the sums into the totals in the same transaction (so no write in between is lost) and logs any drift
 * it repairs. Returns whether it counted a slice.
 */
export async function verifyStatistics(db: Db, cache: KVNamespace, now = new Date(), slice = RECOUNT_SLICE_STONES): Promise<boolean> {
  let current = await db.select().from(siteTotals).where(eq(siteTotals.id, 1)).get();
  if (!current) {
    // Recreated at zero; the recount beginning now puts the counted totals into it when it ends.
    await db.insert(siteTotals).values({ id: 1 }).onConflictDoNothing();
    log.error('site totals row was missing: recreated from a recount');
    current = await db.select().from(siteTotals).where(eq(siteTotals.id, 1)).get();
    if (!current) throw new Error('site totals row missing after recreating it');
  }
  const recent = current.verifiedAt && now.getTime() - current.verifiedAt.getTime() < VERIFY_INTERVAL_MS;
  if (current.recountAfter === null && recent) return false;
  // One transaction: the row as it was, the recount begun if none is under way, a slice, and its end when nothing
  // is left to count.
  const [before, , , after] = await db.batch([
    db.select().from(siteTotals).where(eq(siteTotals.id, 1)),
    beginRecount(db),
    recountSlice(db, current.recountAfter ?? '', slice),
    finishRecount(db, now),
  ]);
  const counted = after[0];
  if (!counted) return true;
  const kept = before[0];
  if (kept && drifted(kept, counted)) {
    log.warn('site totals drifted: repaired from a recount', { kept, counted });
  }
  await publishStatistics(cache, [counted]);
  return true;
}
