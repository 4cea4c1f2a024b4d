import { and, eq, inArray, or, type SQL, type SQLWrapper, sql } from 'drizzle-orm';
import type { SQLiteColumn } from 'drizzle-orm/sqlite-core';
import { batchByName } from '../../db/batch';
import type { Db } from '../../db/client';
import {
  collectionOwnerTokens,
  collectionSubscriptions,
  collections,
  emailOutbox,
  findPhotos,
  findReports,
  finds,
  mailTokens,
  orders,
  ownerTokens,
  photos,
  pushSubscriptions,
  stones,
  stoneTitleWords,
  subscriptions,
} from '../../db/schema';
import { cardsErased } from '../../share/queries';
import { changeTotals } from '../statistics/queries';

/*
 * Deleting a stone, or a memorial collection with its stones, erases everything about it from D1 in one guarded
 * batch: its finds (with their photos' and reports' rows), its photos' rows, its title's words, subscriptions and
 * their mail links, owner links, the mails that name it, and for a collection its owner links, followers and their
 * mails. Orders keep what bookkeeping needs and nothing else (scrubOrders). The caller deletes the R2 objects afterwards
 * (erase.ts): with the rows gone, nothing serves them even if that fails.
 */

/**
 * What `orders.stone_id` says once the order's stone was deleted: the order was fulfilled (it is no abandoned order
 * the cron deletes, and it still counts against its promotion code), and no stone may ever be made from it again.
 */
export const DELETED_STONE = 'deleted';

/** The stones a deletion takes: one by its id, or every stone of a collection. */
export type Erased = { stoneId: string } | { collectionId: string };

const stonesWhere = (which: Erased): SQL =>
  'stoneId' in which ? eq(stones.id, which.stoneId) : eq(stones.collectionId, which.collectionId);

/**
 * The counters of the stones a deletion takes, as one SQL value (ordered by id): the guard compares it with what was
 * read, so a find logged or hidden in between makes the deletion start over instead of subtracting stale totals.
 * Written with its own alias: in a DELETE of `stones`, Drizzle names the table's columns bare.
 */
const countersOf = (which: Erased): SQL =>
  sql`coalesce((SELECT group_concat(k, ',') FROM (SELECT s.id || ':' || s.find_seq || ':' || s.hidden_find_count || ':' || s.total_distance_km AS k FROM stones s WHERE ${'stoneId' in which ? sql`s.id = ${which.stoneId}` : sql`s.collection_id = ${which.collectionId}`} ORDER BY s.id)), '')`;

/**
 * An order of a deleted stone keeps its id, payment, amount, currency, features, promotion code, language and date
 * (what bookkeeping and the promotion's redemptions need); the creator's address, the title, the story and the link
 * to the stone go. Its owner token's hash (unique, never null) becomes one that no token has.
 */
function scrubOrders(db: Db, ids: SQL, onlyIf: SQL) {
  return db
    .update(orders)
    .set({
      creatorEmail: '',
      title: '',
      story: null,
      ownerTokenHash: sql`'deleted:' || ${orders.id}`,
      stoneId: DELETED_STONE,
      upgradeStoneId: null,
    })
    .where(and(or(inArray(orders.stoneId, ids), inArray(orders.upgradeStoneId, ids)), onlyIf));
}

/** What a deletion took: the R2 objects left to delete, the codes whose cards go, the new totals. */
export interface ErasedRows {
  photoKeys: string[];
  codes: string[];
  /** The collection of a single stone that was in one: its page and cards showed the stone. */
  collectionId: string | null;
  totals: Array<{ stoneCount: number; findCount: number; totalDistanceKm: number }>;
}

/** Deletes the stones `which` names, with all about them; null when there is no such stone (or collection). */
export async function eraseRows(db: Db, which: Erased, now = new Date()): Promise<ErasedRows | null> {
  const where = stonesWhere(which);
  const ids = sql`(SELECT ${stones.id} FROM ${stones} WHERE ${where})`;
  const ofStones = (column: SQLiteColumn) => sql`${column} IN ${ids}`;
  for (let attempt = 0; attempt < 10; attempt++) {
    const read = await batchByName(db, {
      stones: db
        .select({
          code: stones.code,
          collectionId: stones.collectionId,
          finds: sql<number>`${stones.findSeq} - ${stones.hiddenFindCount}`,
          km: stones.totalDistanceKm,
          premium: sql<number>`${stones.hasPhotos} OR ${stones.hasStory}`,
        })
        .from(stones)
        .where(where),
      // Read in the same transaction as the rows above; no row when there are no stones (the state is then '').
      counters: db
        .select({ state: sql<string>`${countersOf(which)}` })
        .from(stones)
        .where(where)
        .limit(1),
      photos: db.select({ key: photos.r2Key }).from(photos).where(ofStones(photos.stoneId)),
      findPhotos: db.select({ key: findPhotos.r2Key }).from(findPhotos).where(ofStones(findPhotos.stoneId)),
      collection:
        'collectionId' in which
          ? db.select({ id: collections.id }).from(collections).where(eq(collections.id, which.collectionId))
          : undefined,
    });
    if ('stoneId' in which ? read.stones.length === 0 : read.collection?.length === 0) return null;
    const unchanged = sql`${countersOf(which)} = ${read.counters[0]?.state ?? ''}`;
    const codes = read.stones.map((stone) => stone.code);
    const collectionId = 'stoneId' in which ? (read.stones[0]?.collectionId ?? null) : null;
    const sum = (pick: (stone: (typeof read.stones)[number]) => number) => read.stones.reduce((total, stone) => total + pick(stone), 0);
    const subscriptionIds = db.select({ id: subscriptions.id }).from(subscriptions).where(ofStones(subscriptions.stoneId));
    const result = await batchByName(db, {
      totals: changeTotals(
        db,
        { stones: -read.stones.length, finds: -sum((s) => s.finds), km: -sum((s) => s.km), premium: -sum((s) => (s.premium ? 1 : 0)) },
        unchanged,
      ),
      mailTokens: db
        .delete(mailTokens)
        .where(and(or(inArray(mailTokens.targetId, ids), inArray(mailTokens.targetId, subscriptionIds)), unchanged)),
      // By the index on the code the stone's mails carry (a collection's follower mails about a find carry it too).
      outbox: db
        .delete(emailOutbox)
        .where(
          and(sql`json_extract(${emailOutbox.payload}, '$.code') IN (SELECT ${stones.code} FROM ${stones} WHERE ${where})`, unchanged),
        ),
      // A letter of the year names what it tells by id (its owner's stone, a follower's row), not by code: before the
      // followers go. No index reads them: a deletion is rare, and the cron keeps the outbox short.
      memorialLetters: db.delete(emailOutbox).where(and(tellsOf(sql`${ids}`, subscriptionIds), unchanged)),
      // No index reads orders by stone (a deletion is rare; the table grows with paid stones only).
      orders: scrubOrders(db, ids, unchanged),
      // By the find index (find_reports has none on the stone).
      reports: db
        .delete(findReports)
        .where(and(inArray(findReports.findId, db.select({ id: finds.id }).from(finds).where(ofStones(finds.stoneId))), unchanged)),
      findPhotos: db.delete(findPhotos).where(and(ofStones(findPhotos.stoneId), unchanged)),
      ownerTokens: db.delete(ownerTokens).where(and(ofStones(ownerTokens.stoneId), unchanged)),
      subscriptions: db.delete(subscriptions).where(and(ofStones(subscriptions.stoneId), unchanged)),
      // Browsers that asked for the stone's push messages: their endpoints and keys go with it.
      pushSubscriptions: db.delete(pushSubscriptions).where(and(ofStones(pushSubscriptions.stoneId), unchanged)),
      photos: db.delete(photos).where(and(ofStones(photos.stoneId), unchanged)),
      finds: db.delete(finds).where(and(ofStones(finds.stoneId), unchanged)),
      // The title's words in the operator's search: as personal as the title.
      titleWords: db
        .delete(stoneTitleWords)
        .where(and(sql`${stoneTitleWords.stoneCode} IN (SELECT ${stones.code} FROM ${stones} WHERE ${where})`, unchanged)),
      // The collection a single stone leaves: its page stops listing it, and its cards, which drew its journey, go.
      collectionCards: collectionId
        ? db
            .update(collections)
            .set(cardsErased(now))
            .where(and(eq(collections.id, collectionId), unchanged))
        : undefined,
      ...('collectionId' in which ? collectionParts(db, which.collectionId, unchanged) : {}),
      // Last of the stones' statements: the guard reads these rows.
      stones: db.delete(stones).where(and(where, unchanged)),
      // The collection itself once its stones are gone (they are not when the guard refused).
      collection:
        'collectionId' in which
          ? db
              .delete(collections)
              .where(
                and(
                  eq(collections.id, which.collectionId),
                  sql`NOT EXISTS (SELECT 1 FROM ${stones} WHERE ${stones.collectionId} = ${which.collectionId})`,
                ),
              )
          : undefined,
    });
    if (result.totals.length > 0) {
      const keys = [...read.photos, ...read.findPhotos].flatMap((row) => (row.key ? [row.key] : []));
      return { photoKeys: keys, codes, collectionId, totals: result.totals };
    }
  }
  throw new Error('stones kept changing while they were being deleted');
}

/**
 * The letters of the year (mail/memorial.ts) that tell one of the stones or collections `owned`, or a follower row of
 * `followed`: they go with it, rendered subject (its title) and address included.
 */
function tellsOf(owned: SQL, followed: SQLWrapper) {
  return sql`${emailOutbox.kind} = 'memorial' AND EXISTS (SELECT 1 FROM json_each(${emailOutbox.payload}, '$.subjects') j WHERE json_extract(j.value, '$.id') IN ${owned} OR json_extract(j.value, '$.id') IN (${followed}))`;
}

/** A collection's own rows: its followers with their mail links and mails, its further owner links. */
function collectionParts(db: Db, id: string, unchanged: SQL) {
  const followers = db
    .select({ id: collectionSubscriptions.id })
    .from(collectionSubscriptions)
    .where(eq(collectionSubscriptions.collectionId, id));
  return {
    followerTokens: db.delete(mailTokens).where(and(inArray(mailTokens.targetId, followers), unchanged)),
    memorialLetters: db.delete(emailOutbox).where(and(tellsOf(sql`(${id})`, followers), unchanged)),
    // Collection mails carry no code: they name it by `collectionId` (to its creator) or `collection.id` (to
    // followers). No index reads them: a collection is deleted rarely, and the cron keeps the outbox short.
    collectionMails: db
      .delete(emailOutbox)
      .where(
        and(
          or(
            sql`json_extract(${emailOutbox.payload}, '$.collectionId') = ${id}`,
            sql`json_extract(${emailOutbox.payload}, '$.collection.id') = ${id}`,
          ),
          unchanged,
        ),
      ),
    followers: db.delete(collectionSubscriptions).where(and(eq(collectionSubscriptions.collectionId, id), unchanged)),
    pushFollowers: db.delete(pushSubscriptions).where(and(eq(pushSubscriptions.collectionId, id), unchanged)),
    collectionOwnerTokens: db.delete(collectionOwnerTokens).where(and(eq(collectionOwnerTokens.collectionId, id), unchanged)),
  };
}
