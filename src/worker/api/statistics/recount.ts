import { and, asc, eq, gt, isNotNull, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { finds, siteTotals, stones } from '../../db/schema';

/*
 * The daily recount of the site totals, in slices: each cron run counts the next RECOUNT_SLICE_STONES
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
 * Stones a cron run counts (with their finds): a day of runs every five minutes counts 1.44 million, a million
 * stones in 17 hours. A slice reads its stones' rows, which lie apart in the table (ids are random), so it costs
 * more per stone on a large site than on a small one; at this size a run costs about the same at ten thousand
 * stones and at a million (docs/scale.md).
 */
export const RECOUNT_SLICE_STONES = 5_000;

/** A recount begins: the sums at zero, no stone counted yet (`''` is before every id). Only when none is under way. */
export function beginRecount(db: Db) {
  return db
    .update(siteTotals)
    .set({ recountAfter: '', recountStones: 0, recountFinds: 0, recountKm: 0, recountPremium: 0 })
    .where(and(eq(siteTotals.id, 1), isNull(siteTotals.recountAfter)));
}

/**
 * One slice, in one statement: the `size` stones after `after` (a range of the primary key, summed once into the
 * one row of `slice`) and the finds of that range of stones that are not hidden (a range of finds_stone_seq_unique,
 * read from the index alone, less the hidden ones of the same range in finds_hidden_stone_idx) are added to the
 * sums, and `recount_after` moves to the last of the stones. Only while the recount is at `after` (a run that read
 * the row before another moved it counts nothing).
 */
export function recountSlice(db: Db, after: string, size = RECOUNT_SLICE_STONES) {
  const stonesAfter = db
    .select({ id: stones.id, km: stones.totalDistanceKm, hasPhotos: stones.hasPhotos, hasStory: stones.hasStory })
    .from(stones)
    .where(gt(stones.id, after))
    .orderBy(asc(stones.id))
    .limit(size)
    .as('stones_after');
  const slice = db.$with('slice').as(
    db
      .select({
        stones: sql<number>`count(*)`.as('stones'),
        km: sql<number>`coalesce(sum(${stonesAfter.km}), 0)`.as('km'),
        premium: sql<number>`coalesce(sum(${stonesAfter.hasPhotos} OR ${stonesAfter.hasStory}), 0)`.as('premium'),
        last: sql<string | null>`max(${stonesAfter.id})`.as('last'),
      })
      .from(stonesAfter),
  );
  const inRange = sql`${finds.stoneId} > ${after} AND ${finds.stoneId} <= (SELECT last FROM ${slice})`;
  return db
    .with(slice)
    .update(siteTotals)
    .set({
      recountStones: sql`${siteTotals.recountStones} + (SELECT stones FROM ${slice})`,
      recountKm: sql`${siteTotals.recountKm} + (SELECT km FROM ${slice})`,
      recountPremium: sql`${siteTotals.recountPremium} + (SELECT premium FROM ${slice})`,
      recountFinds: sql`${siteTotals.recountFinds} + (SELECT count(*) FROM ${finds} WHERE ${inRange}) - (SELECT count(*) FROM ${finds} WHERE ${finds.hidden} = 1 AND ${inRange})`,
      recountAfter: sql`coalesce((SELECT last FROM ${slice}), ${siteTotals.recountAfter})`,
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
