import { and, asc, eq, isNotNull, lt, type SQL, sql } from 'drizzle-orm';
import type { BatchItem } from 'drizzle-orm/batch';
import { hasPosition, journeyKm } from '../../../../shared/geo';
import type { FindFlag } from '../../../../shared/types';
import type { Db } from '../../../db/client';
import { finds, stones } from '../../../db/schema';
import { ApiError } from '../../../lib/errors';
import { cardsErased, eraseCollectionCardsOf } from '../../../share/queries';
import { changeTotals } from '../../statistics/queries';
import * as guard from '../guard-sql';
import type { AddedFind } from '../queries';

/*
 * After a find: the owner or the operator hides, shows or accepts it (the journey recomputed in the same batch),
 * and the cron forgets the finders' clients after the repeat check's hour.
 */

/** Whether a find counts for the distance: shown, and either unflagged or accepted. */
export const countsForDistance = (find: { hidden: boolean; flag: FindFlag | null; flagAccepted: boolean }) =>
  !find.hidden && (find.flag === null || find.flagAccepted);

/** What the owner or the operator changes about a find: hide or show it, accept a flagged one. */
export interface FindModeration {
  hidden?: boolean;
  /** Accept a flagged find as plausible: it joins the distance. */
  accept?: true;
}

/**
 * The owner (or the operator) hides a find (spam, a bogus place), shows it again, or accepts a flagged one. The
 * stone's journey is recomputed over its counted finds in the same batch as the change, and the site totals
 * follow; every statement of the batch is guarded by the stone's state as read (its counters and distance), so a
 * find logged or moderated at the same moment makes this one start over instead of writing a stale distance.
 * Answers null for a find that is not this stone's, else the new site totals (none when nothing changed).
 * `alongside` adds statements to the change's batch (the operator resolving the find's reports), given the guard
 * so they apply exactly when the change does; when nothing changes they do not run. Hiding a find erases the
 * share cards that drew it in the same batch; the caller then removes their objects (share/erase.ts).
 */
export async function moderateFind(
  db: Db,
  stoneId: string,
  findId: string,
  change: FindModeration,
  alongside: (unchanged: SQL) => BatchItem<'sqlite'>[] = () => [],
): Promise<AddedFind['totals'] | null> {
  for (let attempt = 0; attempt < 20; attempt++) {
    const [counters, journey] = await db.batch([
      db
        .select({ findSeq: stones.findSeq, hiddenFindCount: stones.hiddenFindCount, totalDistanceKm: stones.totalDistanceKm })
        .from(stones)
        .where(eq(stones.id, stoneId)),
      db
        .select({
          id: finds.id,
          latitude: finds.latitude,
          longitude: finds.longitude,
          hidden: finds.hidden,
          flag: finds.flag,
          flagAccepted: finds.flagAccepted,
          createdAt: finds.createdAt,
        })
        .from(finds)
        .where(eq(finds.stoneId, stoneId))
        .orderBy(asc(finds.seq)),
    ]);
    const stone = counters[0];
    const target = journey.find((find) => find.id === findId);
    if (!stone || !target) return null;
    const next = {
      hidden: change.hidden ?? target.hidden,
      flagAccepted: change.accept && target.flag !== null ? true : target.flagAccepted,
    };
    if (next.hidden === target.hidden && next.flagAccepted === target.flagAccepted) return [];
    const counted = journey.map((find) => (find.id === findId ? { ...find, ...next } : find)).filter(countsForDistance);
    const totalDistanceKm = journeyKm(counted);
    const last = counted.filter(hasPosition).at(-1) ?? null;
    const hiddenChange = next.hidden === target.hidden ? 0 : next.hidden ? 1 : -1;
    const unchanged = guard.stoneUnchanged(stoneId, stone);
    // A hidden find leaves the stone's share cards and its collection's, which drew it (share/erase.ts).
    const erased = hiddenChange === 1 ? cardsErased(new Date()) : {};
    // The guard reads the stone's counters, so the stone's own update comes last in the batch.
    const [changed, totals] = await db.batch([
      db
        .update(finds)
        .set(next)
        .where(and(eq(finds.id, findId), unchanged))
        .returning({ id: finds.id }),
      changeTotals(db, { finds: -hiddenChange, km: totalDistanceKm - stone.totalDistanceKm }, unchanged),
      ...alongside(unchanged),
      ...(hiddenChange === 1 ? [eraseCollectionCardsOf(db, stoneId, new Date(), unchanged)] : []),
      db
        .update(stones)
        .set({
          ...erased,
          totalDistanceKm,
          lastLatitude: last?.latitude ?? null,
          lastLongitude: last?.longitude ?? null,
          lastPositionAt: last?.createdAt ?? null,
          hiddenFindCount: sql`${stones.hiddenFindCount} + ${hiddenChange}`,
        })
        .where(and(eq(stones.id, stoneId), unchanged)),
    ]);
    if (changed.length) return totals;
  }
  throw new ApiError(503, 'BUSY', 'api.busy');
}

/** The cron forgets the clients of finds older than the repeat window: the hash is kept only while it is needed. */
export async function forgetFindClients(db: Db, now: Date): Promise<void> {
  await db
    .update(finds)
    .set({ clientHash: null })
    .where(and(isNotNull(finds.clientHash), lt(finds.createdAt, new Date(now.getTime() - guard.REPEAT_WINDOW_MS))));
}
