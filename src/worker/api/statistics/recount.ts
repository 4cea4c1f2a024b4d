import { and, asc, eq, gt, isNotNull, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { finds, siteTotals, stones } from '../../db/schema';

/*
 * The daily recount of the site totals, in slices (issue 32): each cron run counts the next RECOUNT_SLICE_STONES
 * stones by their primary key, after `recount_after`, and their finds by the finds' index on the stone, and adds
 * them to the sums kept in the totals row (recount_stones, recount_finds, recount_km, recount_premium); no run reads
 * more than a slice, whatever the size of the site. When no stone is left after `recount_after`, the sums become the
 * totals in the same transaction and the recount ends.
 *
 * The rule that keeps the sums exact while the site changes between slices: the sums are always those of the stones
 * counted so far (id <= recount_after) as they are now. A stone not counted yet is read by its slice as it is then;
 * a stone already counted that changes afterwards (a find, a hidden find, a photo or a story, its deletion, a new
 * stone whose id falls in the counted range) changes the sums with it, by the triggers of migration 0016, in the
 * write's own transaction, as the write changes the totals. So the last slice compares the totals with what a full
 * recount in that transaction would count, and a write during the recount is never taken for drift.
 */

/**
 * Stones a cron run counts (with their finds): a day of runs every five minutes counts 4.3 million, more than one
 * D1 database holds (about 3.2 million, docs/scale.md), so a recount ends within the day it begins.
 */
export const RECOUNT_SLICE_STONES = 15_000;

/** A recount begins: the sums at zero, no stone counted yet (`''` is before every id). Only when none is under way. */
export function beginRecount(db: Db) {
  return db
    .update(siteTotals)
    .set({ recountAfter: '', recountStones: 0, recountFinds: 0, recountKm: 0, recountPremium: 0 })
    .where(and(eq(siteTotals.id, 1), isNull(siteTotals.recountAfter)));
}

/**
 * One slice, in one statement: the `size` stones after `after` (a range of the primary key) and their finds that are
 * not hidden (one seek of finds_stone_seq_unique per stone) are added to the sums, and `recount_after` moves to the
 * last of them. Only while the recount is at `after` (a run that read the row before another moved it counts nothing).
 */
export function recountSlice(db: Db, after: string, size = RECOUNT_SLICE_STONES) {
  const slice = db.$with('slice').as(
    db
      .select({
        id: stones.id,
        km: sql<number>`${stones.totalDistanceKm}`.as('km'),
        premium: sql<number>`(${stones.hasPhotos} OR ${stones.hasStory})`.as('premium'),
      })
      .from(stones)
      .where(gt(stones.id, after))
      .orderBy(asc(stones.id))
      .limit(size),
  );
  return db
    .with(slice)
    .update(siteTotals)
    .set({
      recountStones: sql`${siteTotals.recountStones} + (SELECT count(*) FROM ${slice})`,
      recountKm: sql`${siteTotals.recountKm} + (SELECT coalesce(sum(km), 0) FROM ${slice})`,
      recountPremium: sql`${siteTotals.recountPremium} + (SELECT coalesce(sum(premium), 0) FROM ${slice})`,
      recountFinds: sql`${siteTotals.recountFinds} + (SELECT count(*) FROM ${finds} WHERE ${finds.stoneId} IN (SELECT id FROM ${slice}) AND ${finds.hidden} = 0)`,
      recountAfter: sql`coalesce((SELECT max(id) FROM ${slice}), ${siteTotals.recountAfter})`,
    })
    .where(and(eq(siteTotals.id, 1), eq(siteTotals.recountAfter, after)));
}

/**
 * The recount's end, once no stone is after `recount_after` (one seek of the primary key): the sums become the
 * totals, verified `now`, and no recount is under way. Answers the row when it ended, nothing otherwise.
 */
export function finishRecount(db: Db, now: Date) {
  return db
    .update(siteTotals)
    .set({
      stoneCount: sql`${siteTotals.recountStones}`,
      findCount: sql`${siteTotals.recountFinds}`,
      totalDistanceKm: sql`${siteTotals.recountKm}`,
      premiumCount: sql`${siteTotals.recountPremium}`,
      verifiedAt: now,
      recountAfter: null,
    })
    .where(
      and(
        eq(siteTotals.id, 1),
        isNotNull(siteTotals.recountAfter),
        sql`NOT EXISTS (SELECT 1 FROM ${stones} WHERE ${stones.id} > ${siteTotals.recountAfter})`,
      ),
    )
    .returning();
}
