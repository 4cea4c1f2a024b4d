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

/** Who moderates: the stone's owner (their link) or the operator (their session, or resolving reports). */
export type Moderator = 'owner' | 'operator';

/** The find's moderated state as a moderation reads and writes it. */
interface FindState {
  hidden: boolean;
  hiddenBy: Moderator | null;
  flagAccepted: boolean;
}

/** The find is in `state` (inside the batch: a guard of its statements). */
const findIs = (findId: string, state: FindState): SQL =>
  sql`EXISTS (SELECT 1 FROM ${finds} WHERE ${finds.id} = ${findId} AND ${finds.hidden} = ${state.hidden ? 1 : 0} AND ${finds.hiddenBy} IS ${state.hiddenBy} AND ${finds.flagAccepted} = ${state.flagAccepted ? 1 : 0})`;

/**
 * The find's state after `change` by `by`. A find the operator hid stays theirs: the owner can neither show nor
 * accept it (409 HIDDEN_BY_OPERATOR; a reported personal detail must not come back), and hiding it again changes
 * nothing. The operator hiding a find its owner hid makes it theirs; showing clears who hid it.
 */
function nextState(target: FindState & { flag: FindFlag | null }, change: FindModeration, by: Moderator): FindState {
  const operatorHid = target.hidden && target.hiddenBy === 'operator';
  if (by === 'owner' && operatorHid && (change.hidden === false || change.accept))
    throw new ApiError(409, 'HIDDEN_BY_OPERATOR', 'server-owner.owner.hiddenByOperator');
  const hidden = change.hidden ?? target.hidden;
  const hiddenBy = !hidden ? null : change.hidden === true && !operatorHid ? by : (target.hiddenBy ?? 'owner');
  return { hidden, hiddenBy, flagAccepted: change.accept && target.flag !== null ? true : target.flagAccepted };
}

/**
 * The owner (or the operator) hides a find (spam, a bogus place), shows it again, or accepts a flagged one. The
 * stone's journey is recomputed over its counted finds in the same batch as the change, and the site totals
 * follow; every statement of the batch is guarded by the stone's state as read (its counters and distance), so a
 * find logged or moderated at the same moment makes this one start over instead of writing a stale distance.
 * Who hid a find is stored with it (`hidden_by`), so the operator's moderation sticks: the owner cannot undo it
 * (nextState), and the batch is also guarded by the find's own state as read, so an operator's hide at the same
 * moment is never overwritten by the owner's show.
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
  by: Moderator,
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
          hiddenBy: finds.hiddenBy,
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
    const asRead: FindState = { hidden: target.hidden, hiddenBy: target.hiddenBy, flagAccepted: target.flagAccepted };
    // A find hidden before anyone stored who hid it counts as its owner's.
    const was: FindState = { ...asRead, hiddenBy: target.hidden ? (target.hiddenBy ?? 'owner') : null };
    const next = nextState({ ...was, flag: target.flag }, change, by);
    if (next.hidden === was.hidden && next.hiddenBy === was.hiddenBy && next.flagAccepted === was.flagAccepted) return [];
    const counted = journey.map((find) => (find.id === findId ? { ...find, ...next } : find)).filter(countsForDistance);
    const totalDistanceKm = journeyKm(counted);
    const last = counted.filter(hasPosition).at(-1) ?? null;
    const hiddenChange = next.hidden === target.hidden ? 0 : next.hidden ? 1 : -1;
    // The find's update is guarded by the find as read, every later statement by the find as it left it: a change
    // of who hid it alone moves none of the stone's counters.
    const stoneAsRead = guard.stoneUnchanged(stoneId, stone);
    const unchanged = and(stoneAsRead, findIs(findId, next)) as SQL;
    // A hidden find leaves the stone's share cards and its collection's, which drew it (share/erase.ts).
    const erased = hiddenChange === 1 ? cardsErased(new Date()) : {};
    // The guard reads the stone's counters, so the stone's own update comes last in the batch.
    const [changed, totals] = await db.batch([
      db
        .update(finds)
        .set(next)
        .where(and(eq(finds.id, findId), stoneAsRead, findIs(findId, asRead)))
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
  throw new ApiError(503, 'BUSY', 'server.api.busy');
}

/** The cron forgets the clients of finds older than the repeat window: the hash is kept only while it is needed. */
export async function forgetFindClients(db: Db, now: Date): Promise<void> {
  await db
    .update(finds)
    .set({ clientHash: null })
    .where(and(isNotNull(finds.clientHash), lt(finds.createdAt, new Date(now.getTime() - guard.REPEAT_WINDOW_MS))));
}
