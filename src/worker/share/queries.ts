import { and, asc, eq, inArray, isNull, or, type SQL, sql } from 'drizzle-orm';
import { readCollection } from '../api/collections/queries';
import type { ViewContext } from '../api/stones/view-queries';
import { batchByName } from '../db/batch';
import type { Db } from '../db/client';
import { collections, finds, photos, stones } from '../db/schema';

/*
 * The share job's statements. A card is rendered from a read and stored with a guarded write: the write sets the
 * version only while the stone (or collection) still shows what the read saw, its `state` below, compared in the
 * same statement. So a render that took long never puts an older card over one rendered from a newer state
 * (decision record 025).
 */

/**
 * Everything on the stone's card, as one SQL value: its finds and hidden finds (the count), the distance (which a
 * find, hiding one or accepting a flagged one changes), the title, the first photo, the accepted flags and the goal
 * once reached (decision record 042). Written
 * with qualified names: in an UPDATE, Drizzle names the table's columns bare, and a bare `id` inside the
 * subqueries would be theirs.
 */
const stoneState = sql<string>`${sql.raw(`"stones"."find_seq" || '|' || "stones"."hidden_find_count" || '|' || "stones"."total_distance_km" || '|' || "stones"."title" || '|' || coalesce((select p.r2_key from photos p where p.stone_id = "stones"."id" order by p.created_at, p.id limit 1), '') || '|' || (select count(*) from finds f where f.stone_id = "stones"."id" and f.flag_accepted = 1) || '|' || coalesce("stones"."goal_reached_at", '') || '|' || coalesce("stones"."goal_name", "stones"."goal_country", '')`)}`;

/** A counted public find: not hidden, and not flagged unless the flag was accepted. */
const counted = and(eq(finds.hidden, false), or(isNull(finds.flag), eq(finds.flagAccepted, true)));

/** The stone's card content as stored, in one batch (one transaction, so the state matches what is read). */
export async function readStoneCard(db: Db, code: string) {
  const byCode = sql`(select ${stones.id} from ${stones} where ${stones.code} = ${code})`;
  const read = await batchByName(db, {
    stone: db
      .select({
        id: stones.id,
        code: stones.code,
        title: stones.title,
        locale: stones.locale,
        findCount: sql<number>`${stones.findSeq} - ${stones.hiddenFindCount}`,
        totalDistanceKm: stones.totalDistanceKm,
        collectionId: stones.collectionId,
        shareCard: stones.shareCard,
        cardsValidFrom: stones.cardsValidFrom,
        goalName: stones.goalName,
        goalCountry: stones.goalCountry,
        goalReachedAt: stones.goalReachedAt,
        state: stoneState,
      })
      .from(stones)
      .where(eq(stones.code, code)),
    journey: db
      .select({ latitude: finds.latitude, longitude: finds.longitude })
      .from(finds)
      .where(and(eq(finds.stoneId, byCode), counted))
      .orderBy(asc(finds.seq)),
    photo: db
      .select({ r2Key: photos.r2Key, contentType: photos.contentType })
      .from(photos)
      .where(eq(photos.stoneId, byCode))
      .orderBy(asc(photos.createdAt), asc(photos.id))
      .limit(1),
  });
  const stone = read.stone[0];
  if (!stone) return null;
  const journey = read.journey.flatMap(
    (f): Array<[number, number]> => (f.latitude !== null && f.longitude !== null ? [[f.latitude, f.longitude]] : []),
  );
  return { stone, journey, photo: read.photo[0] ?? null };
}

/** The stone's collection and the moment up to which its card has every change (null: never read); null: no stone. */
export async function stoneCardReadAt(db: Db, code: string) {
  const row = await db
    .select({ readAt: stones.cardReadAt, collectionId: stones.collectionId })
    .from(stones)
    .where(eq(stones.code, code))
    .get();
  return row ?? null;
}

/** As stoneCardReadAt, for a collection: undefined when there is no such collection. */
export async function collectionCardReadAt(db: Db, id: string): Promise<Date | null | undefined> {
  return (await db.select({ readAt: collections.cardReadAt }).from(collections).where(eq(collections.id, id)).get())?.readAt;
}

/** `card_read_at` moved to `readAt`, never back (a slower job's older read does not undo a newer one's). */
const readUpTo = (column: typeof stones.cardReadAt | typeof collections.cardReadAt, readAt: Date) =>
  sql`max(coalesce(${column}, 0), ${readAt.getTime()})`;

/** The card read at `readAt` is the current one: changes up to then need no render. */
export async function markStoneCardRead(db: Db, id: string, readAt: Date): Promise<void> {
  await db
    .update(stones)
    .set({ cardReadAt: readUpTo(stones.cardReadAt, readAt) })
    .where(eq(stones.id, id));
}

export async function markCollectionCardRead(db: Db, id: string, readAt: Date): Promise<void> {
  await db
    .update(collections)
    .set({ cardReadAt: readUpTo(collections.cardReadAt, readAt) })
    .where(eq(collections.id, id));
}

/** Sets the stone's card version, read at `readAt`, while its state is still `state`; answers whether it did. */
export async function setStoneCard(db: Db, id: string, version: string, state: string, readAt: Date): Promise<boolean> {
  const rows = await db
    .update(stones)
    .set({ shareCard: version, cardReadAt: readUpTo(stones.cardReadAt, readAt) })
    .where(and(eq(stones.id, id), sql`${stoneState} = ${state}`))
    .returning({ id: stones.id });
  return rows.length > 0;
}

/** Everything on a collection's card: its title, dedication and each of its stones' counters, in a fixed order. */
const collectionState = sql<string>`${sql.raw(`"collections"."title" || '|' || coalesce("collections"."dedication", '') || '|' || coalesce((select group_concat(k, ',') from (select s.id || ':' || s.find_seq || ':' || s.hidden_find_count || ':' || s.total_distance_km as k from stones s where s.collection_id = "collections"."id" order by s.id)), '')`)}`;

/**
 * The collection's card content: its state first, then the collection as its page reads it. Read in this order, a
 * change in between makes the state older than the content, and the guarded write then refuses (a newer message
 * renders it), never the other way round.
 */
export async function readCollectionCard(db: Db, id: string, ctx: (locale: 'de' | 'en') => ViewContext) {
  const head = await db
    .select({
      locale: collections.locale,
      shareCard: collections.shareCard,
      cardsValidFrom: collections.cardsValidFrom,
      state: collectionState,
    })
    .from(collections)
    .where(eq(collections.id, id))
    .get();
  if (!head) return null;
  const read = await readCollection(db, id, ctx(head.locale));
  return read ? { ...head, view: read.view } : null;
}

export async function setCollectionCard(db: Db, id: string, version: string, state: string, readAt: Date): Promise<boolean> {
  const rows = await db
    .update(collections)
    .set({ shareCard: version, cardReadAt: readUpTo(collections.cardReadAt, readAt) })
    .where(and(eq(collections.id, id), sql`${collectionState} = ${state}`))
    .returning({ id: collections.id });
  return rows.length > 0;
}

/**
 * Stones and collections without a card yet, oldest first (by the partial indexes on `share_card IS NULL`): those
 * made before share cards existed, or whose first render never reached the queue. The cron asks the job for them.
 */
export async function cardless(db: Db, limit: number): Promise<{ codes: string[]; collectionIds: string[] }> {
  const read = await batchByName(db, {
    stones: db.select({ code: stones.code }).from(stones).where(isNull(stones.shareCard)).orderBy(asc(stones.createdAt)).limit(limit),
    collections: db
      .select({ id: collections.id })
      .from(collections)
      .where(isNull(collections.shareCard))
      .orderBy(asc(collections.createdAt))
      .limit(limit),
  });
  return { codes: read.stones.map((row) => row.code), collectionIds: read.collections.map((row) => row.id) };
}

/** The columns an erasing change sets on a stone or a collection: no current card, none stored before now (erase.ts). */
export const cardsErased = (now: Date) => ({ shareCard: null, cardsValidFrom: now });

/** Which of a stone's cards may be served: its current one, and those stored since `cardsValidFrom`; null: no such stone. */
export async function stoneCardValidity(db: Db, code: string) {
  const row = await db
    .select({ shareCard: stones.shareCard, cardsValidFrom: stones.cardsValidFrom })
    .from(stones)
    .where(eq(stones.code, code))
    .get();
  return row ?? null;
}

/** As stoneCardValidity, for a memorial collection's cards. */
export async function collectionCardValidity(db: Db, id: string) {
  const row = await db
    .select({ shareCard: collections.shareCard, cardsValidFrom: collections.cardsValidFrom })
    .from(collections)
    .where(eq(collections.id, id))
    .get();
  return row ?? null;
}

/** A stone's card validity with its code, and its collection's, in one batch (after an erasing change). */
export async function cardsValidityOfStone(db: Db, stoneId: string) {
  const read = await batchByName(db, {
    stone: db
      .select({ code: stones.code, shareCard: stones.shareCard, cardsValidFrom: stones.cardsValidFrom })
      .from(stones)
      .where(eq(stones.id, stoneId)),
    collection: db
      .select({ id: collections.id, shareCard: collections.shareCard, cardsValidFrom: collections.cardsValidFrom })
      .from(collections)
      .where(eq(collections.id, db.select({ id: stones.collectionId }).from(stones).where(eq(stones.id, stoneId)))),
  });
  const stone = read.stone[0];
  return stone ? { stone, collection: read.collection[0] ?? null } : null;
}

/**
 * The erasure of the cards of the collection that the stone `stoneId` is in (a find hidden on one of its stones: the
 * collection's map drew it), for the change's batch, guarded by the change's own condition.
 */
export function eraseCollectionCardsOf(db: Db, stoneId: string, now: Date, onlyIf: SQL) {
  return db
    .update(collections)
    .set(cardsErased(now))
    .where(and(eq(collections.id, db.select({ id: stones.collectionId }).from(stones).where(eq(stones.id, stoneId))), onlyIf));
}

/**
 * Of card keys' owners, the stone codes and collection ids that still exist (the cron's orphan sweep: the cards of a
 * deleted stone or collection whose erasure failed are orphans). At most 90 of each per call (D1's bound values).
 */
export async function existingCardOwners(db: Db, owners: { codes: string[]; collectionIds: string[] }) {
  const read = await batchByName(db, {
    stones: owners.codes.length ? db.select({ code: stones.code }).from(stones).where(inArray(stones.code, owners.codes)) : undefined,
    collections: owners.collectionIds.length
      ? db.select({ id: collections.id }).from(collections).where(inArray(collections.id, owners.collectionIds))
      : undefined,
  });
  return {
    codes: new Set((read.stones ?? []).map((row) => row.code)),
    collectionIds: new Set((read.collections ?? []).map((row) => row.id)),
  };
}
