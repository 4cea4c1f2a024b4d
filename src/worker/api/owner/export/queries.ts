import { and, asc, count, eq, inArray, isNotNull, isNull, sql } from 'drizzle-orm';
import { batchByName } from '../../../db/batch';
import type { Db } from '../../../db/client';
import { collectionSubscriptions, collections, findPhotos, finds, photos, stones, subscriptions } from '../../../db/schema';

/**
 * What the owner's copy of their data reads: every column listed by name, so a column added later (a finder's
 * address, a client hash) never slips into the file unnoticed. Finder e-mail addresses and subscriber addresses are
 * never read here; subscriptions are only counted.
 */

const STONE_EXPORT_COLUMNS = {
  id: stones.id,
  code: stones.code,
  title: stones.title,
  story: stones.story,
  creatorEmail: stones.creatorEmail,
  locale: stones.locale,
  notifyOnFind: stones.notifyOnFind,
  notify: stones.notify,
  memorialDay: stones.memorialDay,
  memorialLetter: stones.memorialLetter,
  goalLatitude: stones.goalLatitude,
  goalLongitude: stones.goalLongitude,
  goalName: stones.goalName,
  goalCountry: stones.goalCountry,
  goalNote: stones.goalNote,
  goalReachedAt: stones.goalReachedAt,
  hasPhotos: stones.hasPhotos,
  hasStory: stones.hasStory,
  isPaid: stones.isPaid,
  status: stones.status,
  statusSince: stones.statusSince,
  lastSeenAt: stones.lastSeenAt,
  totalDistanceKm: stones.totalDistanceKm,
  findSeq: stones.findSeq,
  hiddenFindCount: stones.hiddenFindCount,
  collectionId: stones.collectionId,
  createdAt: stones.createdAt,
  updatedAt: stones.updatedAt,
};

const FIND_EXPORT_COLUMNS = {
  id: finds.id,
  stoneId: finds.stoneId,
  seq: finds.seq,
  createdAt: finds.createdAt,
  location: finds.location,
  latitude: finds.latitude,
  longitude: finds.longitude,
  precision: finds.precision,
  countryCode: finds.countryCode,
  comment: finds.comment,
  kept: finds.kept,
  foundAgainAfterDays: finds.foundAgainAfterDays,
  flag: finds.flag,
  flagAccepted: finds.flagAccepted,
  hidden: finds.hidden,
  hiddenBy: finds.hiddenBy,
};

/**
 * The stones named (at most MAX_COLLECTION_STONES: within D1's bound values) with everything their owner may take
 * home, in one batch: the stones, their finds in journey order (hidden ones too), their photos, their finders'
 * photos and their subscriptions counted by whether they were confirmed.
 */
export async function readStonesForExport(db: Db, stoneIds: string[]) {
  const ofStones = inArray(stones.id, stoneIds);
  const read = await batchByName(db, {
    stones: db.select(STONE_EXPORT_COLUMNS).from(stones).where(ofStones).orderBy(asc(stones.createdAt), asc(stones.code)),
    finds: db.select(FIND_EXPORT_COLUMNS).from(finds).where(inArray(finds.stoneId, stoneIds)).orderBy(asc(finds.stoneId), asc(finds.seq)),
    photos: db
      .select({ stoneId: photos.stoneId, r2Key: photos.r2Key })
      .from(photos)
      .where(inArray(photos.stoneId, stoneIds))
      .orderBy(asc(photos.stoneId), asc(photos.createdAt)),
    findPhotos: db
      .select({ findId: findPhotos.findId, status: findPhotos.status, stored: isNotNull(findPhotos.r2Key).mapWith(Boolean) })
      .from(findPhotos)
      .where(inArray(findPhotos.stoneId, stoneIds)),
    subscriptions: db
      .select({
        stoneId: subscriptions.stoneId,
        confirmed: sql<number>`coalesce(sum(${subscriptions.confirmedAt} IS NOT NULL), 0)`,
        unconfirmed: sql<number>`coalesce(sum(${subscriptions.confirmedAt} IS NULL), 0)`,
      })
      .from(subscriptions)
      .where(inArray(subscriptions.stoneId, stoneIds))
      .groupBy(subscriptions.stoneId),
    collections: db
      .select({ id: collections.id, title: collections.title })
      .from(collections)
      .where(inArray(collections.id, db.select({ id: stones.collectionId }).from(stones).where(ofStones))),
  });
  return read;
}

export type StonesForExport = Awaited<ReturnType<typeof readStonesForExport>>;

/** A collection as its owner takes it home: the row's own fields and its followers counted, never their addresses. */
export async function readCollectionForExport(db: Db, id: string) {
  const read = await batchByName(db, {
    collection: db
      .select({
        id: collections.id,
        title: collections.title,
        dedication: collections.dedication,
        creatorEmail: collections.creatorEmail,
        locale: collections.locale,
        notify: collections.notify,
        memorialDay: collections.memorialDay,
        memorialLetter: collections.memorialLetter,
        createdAt: collections.createdAt,
        updatedAt: collections.updatedAt,
      })
      .from(collections)
      .where(eq(collections.id, id)),
    confirmed: db
      .select({ n: count() })
      .from(collectionSubscriptions)
      .where(and(eq(collectionSubscriptions.collectionId, id), isNotNull(collectionSubscriptions.confirmedAt))),
    unconfirmed: db
      .select({ n: count() })
      .from(collectionSubscriptions)
      .where(and(eq(collectionSubscriptions.collectionId, id), isNull(collectionSubscriptions.confirmedAt))),
    stones: db
      .select({ id: stones.id, ownerTokenHash: stones.ownerTokenHash })
      .from(stones)
      .where(eq(stones.collectionId, id))
      .orderBy(asc(stones.createdAt), asc(stones.code)),
  });
  const collection = read.collection[0];
  if (!collection) return null;
  return {
    collection,
    followers: { confirmed: read.confirmed[0]?.n ?? 0, unconfirmed: read.unconfirmed[0]?.n ?? 0 },
    stones: read.stones,
  };
}
