import { and, asc, eq, sql } from 'drizzle-orm';
import { hasPosition, haversineKm, journeyKm } from '../../../shared/geo';
import type { Locale } from '../../../shared/i18n/locale';
import type { FindInput } from '../../../shared/schemas/find';
import type { FindView } from '../../../shared/types';
import type { Db } from '../../db/client';
import { uniqueViolation } from '../../db/errors';
import { finds, stones } from '../../db/schema';
import { ApiError } from '../../lib/errors';
import { insertOwnerFindMail, insertSubscriberFindMails, subscribeStatements, writtenIds } from '../../mail/outbox';
import { changeTotals } from '../statistics/queries';
import type { StoneRef } from '../stones/queries';

export interface AddedFind {
  find: FindView;
  totalDistance: number;
  /** The site totals after this find, for the statistics cache. */
  totals: Array<{ stoneCount: number; findCount: number; totalDistanceKm: number }>;
  /** Outbox rows written with the find (owner, subscribers, the finder's confirmation), to be queued. */
  mailIds: string[];
}

/**
 * Adds a find, the leg it adds to the journey, its share of the site totals and its mails (to the owner, to
 * every confirmed subscriber, and a confirmation to a finder who gave an address) in one atomic batch. Each find
 * takes the stone's next sequence number; the unique (stone, seq) index makes a concurrent writer's batch fail
 * as a whole, and it retries from a fresh read — so the stored distance always equals a recomputation over the
 * finds (decision record 002). The write reads a constant number of rows, however many stones and finds exist.
 */
export async function addFind(db: Db, stone: StoneRef, input: FindInput, locale: Locale): Promise<AddedFind> {
  const stoneId = stone.id;
  const position =
    input.latitude !== null && input.longitude !== null && hasPosition(input)
      ? { latitude: input.latitude, longitude: input.longitude }
      : null;
  for (let attempt = 0; attempt < 20; attempt++) {
    const counters = await db
      .select({
        findSeq: stones.findSeq,
        totalDistanceKm: stones.totalDistanceKm,
        lastLatitude: stones.lastLatitude,
        lastLongitude: stones.lastLongitude,
      })
      .from(stones)
      .where(eq(stones.id, stoneId))
      .get();
    if (!counters) throw new ApiError(404, 'STONE_NOT_FOUND', 'api.stoneNotFound');
    const previous =
      counters.lastLatitude !== null && counters.lastLongitude !== null
        ? { latitude: counters.lastLatitude, longitude: counters.lastLongitude }
        : null;
    const leg = position && previous ? haversineKm(previous, position) : 0;
    const seq = counters.findSeq + 1;
    const id = crypto.randomUUID();
    const createdAt = new Date();
    const facts = {
      code: stone.code,
      title: stone.title,
      find: {
        location: input.location,
        latitude: position?.latitude ?? null,
        longitude: position?.longitude ?? null,
        comment: input.comment,
        createdAt: createdAt.toISOString(),
        totalDistanceKm: counters.totalDistanceKm + leg,
      },
    };
    const follow = input.finderEmail
      ? subscribeStatements(
          db,
          { stoneId, email: input.finderEmail, locale, code: stone.code, title: stone.title, follow: true },
          createdAt,
        )
      : null;
    let totals: AddedFind['totals'];
    let mailIds: string[];
    try {
      const results = await db.batch([
        db.insert(finds).values({
          id,
          stoneId,
          seq,
          location: input.location,
          latitude: position?.latitude ?? null,
          longitude: position?.longitude ?? null,
          comment: input.comment,
          finderEmail: input.finderEmail ?? null,
          createdAt,
        }),
        db
          .update(stones)
          .set({
            findSeq: seq,
            totalDistanceKm: sql`${stones.totalDistanceKm} + ${leg}`,
            ...(position ? { lastLatitude: position.latitude, lastLongitude: position.longitude } : {}),
          })
          .where(and(eq(stones.id, stoneId), eq(stones.findSeq, counters.findSeq))),
        changeTotals(db, { finds: 1, km: leg }),
        insertOwnerFindMail(db, stoneId, id, facts, createdAt),
        // Before the finder's own subscription is written: a finder is not mailed about their own find.
        insertSubscriberFindMails(db, stoneId, id, facts, createdAt),
        ...(follow ?? []),
      ]);
      const [, , changed, ownerMail, subscriberMails] = results;
      // The finder's confirmation, when they gave an address, answered last.
      const followMail = follow ? (results[6] as Array<{ id: string }>) : [];
      totals = changed;
      mailIds = writtenIds(ownerMail, subscriberMails, followMail);
    } catch (error) {
      if (!uniqueViolation(error, 'finds.stone_id')) throw error;
      // Another find took this number: wait a random, growing moment so the writers that lost do not all
      // collide again on the next number (without it, 40 finds at once exhaust the attempts).
      await new Promise((resolve) => setTimeout(resolve, Math.random() * Math.min(200, 5 * 2 ** attempt)));
      continue;
    }
    return {
      find: {
        id,
        location: input.location,
        latitude: position?.latitude ?? null,
        longitude: position?.longitude ?? null,
        comment: input.comment,
        createdAt: createdAt.toISOString(),
      },
      totalDistance: counters.totalDistanceKm + leg,
      totals,
      mailIds,
    };
  }
  throw new ApiError(503, 'BUSY', 'api.busy');
}

/**
 * The owner hides a find (spam, a bogus place) or shows it again. The stone's journey is recomputed over its
 * visible finds in the same batch as the change, and the site totals follow; every statement of the batch is
 * guarded by the stone's counters as read, so a find logged or hidden at the same moment makes this one start
 * over instead of writing a stale distance. Answers null for a find that is not this stone's, else the new site
 * totals (none when nothing changed).
 */
export async function setFindHidden(db: Db, stoneId: string, findId: string, hidden: boolean): Promise<AddedFind['totals'] | null> {
  for (let attempt = 0; attempt < 20; attempt++) {
    const [counters, journey] = await db.batch([
      db
        .select({ findSeq: stones.findSeq, hiddenFindCount: stones.hiddenFindCount, totalDistanceKm: stones.totalDistanceKm })
        .from(stones)
        .where(eq(stones.id, stoneId)),
      db
        .select({ id: finds.id, latitude: finds.latitude, longitude: finds.longitude, hidden: finds.hidden })
        .from(finds)
        .where(eq(finds.stoneId, stoneId))
        .orderBy(asc(finds.seq)),
    ]);
    const stone = counters[0];
    const target = journey.find((find) => find.id === findId);
    if (!stone || !target) return null;
    if (target.hidden === hidden) return [];
    const visible = journey.filter((find) => (find.id === findId ? !hidden : !find.hidden));
    const totalDistanceKm = journeyKm(visible);
    const last = visible.filter(hasPosition).at(-1) ?? null;
    const unchanged = sql`(SELECT ${stones.findSeq} || ':' || ${stones.hiddenFindCount} FROM ${stones} WHERE ${stones.id} = ${stoneId}) = ${`${stone.findSeq}:${stone.hiddenFindCount}`}`;
    // The guard reads the stone's counters, so the stone's own update comes last in the batch.
    const [changed, totals] = await db.batch([
      db
        .update(finds)
        .set({ hidden })
        .where(and(eq(finds.id, findId), unchanged))
        .returning({ id: finds.id }),
      changeTotals(db, { finds: hidden ? -1 : 1, km: totalDistanceKm - stone.totalDistanceKm }, unchanged),
      db
        .update(stones)
        .set({
          totalDistanceKm,
          lastLatitude: last?.latitude ?? null,
          lastLongitude: last?.longitude ?? null,
          hiddenFindCount: sql`${stones.hiddenFindCount} + ${hidden ? 1 : -1}`,
        })
        .where(and(eq(stones.id, stoneId), unchanged)),
    ]);
    if (changed.length) return totals;
  }
  throw new ApiError(503, 'BUSY', 'api.busy');
}
