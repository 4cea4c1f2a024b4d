import { and, asc, eq, gte, inArray, isNull, lt, or, sql } from 'drizzle-orm';
import { collectionPath } from '../../../shared/collection';
import { formatDistance } from '../../../shared/geo';
import { collectionShareImagePath } from '../../../shared/share-image';
import type { CollectionStone, CollectionView, LastFind } from '../../../shared/types';
import { batchByName } from '../../db/batch';
import type { Db } from '../../db/client';
import { collections, finds, stones } from '../../db/schema';
import { shownPlace } from '../../lib/legacy-place';
import { countriesReached } from '../stones/find-queries';
import { journeyMonths } from '../stones/months';
import type { ViewContext } from '../stones/view-queries';

/** A counted public find: not hidden, and not flagged unless the flag was accepted (the distance counts it). */
const counted = and(eq(finds.hidden, false), or(isNull(finds.flag), eq(finds.flagAccepted, true)));

/**
 * A collection with its stones and their counted public finds, in one batch of three statements whatever the
 * number of stones (at most MAX_COLLECTION_STONES, read by index). Its totals are summed here, on read: a find
 * writes nothing to the collection (decision record 024). `stones` keeps what only the owner's side uses.
 */
export async function readCollection(db: Db, id: string, ctx: ViewContext) {
  const ofCollection = db.select({ id: stones.id }).from(stones).where(eq(stones.collectionId, id));
  const read = await batchByName(db, {
    collection: db.select().from(collections).where(eq(collections.id, id)),
    stones: db
      .select({
        id: stones.id,
        code: stones.code,
        title: stones.title,
        status: stones.status,
        statusSince: stones.statusSince,
        createdAt: stones.createdAt,
        findCount: sql<number>`${stones.findSeq} - ${stones.hiddenFindCount}`,
        totalDistanceKm: stones.totalDistanceKm,
        ownerTokenHash: stones.ownerTokenHash,
      })
      .from(stones)
      .where(eq(stones.collectionId, id))
      .orderBy(asc(stones.createdAt), asc(stones.code)),
    finds: db
      .select({
        stoneId: finds.stoneId,
        seq: finds.seq,
        location: finds.location,
        latitude: finds.latitude,
        longitude: finds.longitude,
        createdAt: finds.createdAt,
        countryCode: finds.countryCode,
        precision: finds.precision,
      })
      .from(finds)
      .where(and(inArray(finds.stoneId, ofCollection), counted))
      .orderBy(asc(finds.createdAt), asc(finds.seq)),
  });
  const collection = read.collection[0];
  if (!collection) return null;
  const byStone = new Map<string, typeof read.finds>();
  for (const find of read.finds) byStone.set(find.stoneId, [...(byStone.get(find.stoneId) ?? []), find]);
  const listed: CollectionStone[] = read.stones.map((stone) => {
    const journey = (byStone.get(stone.id) ?? []).sort((a, b) => a.seq - b.seq);
    const last = journey.at(-1);
    const lastFind: LastFind | null = last
      ? { location: shownPlace(last), latitude: last.latitude, longitude: last.longitude, createdAt: last.createdAt.toISOString() }
      : null;
    return {
      code: stone.code,
      title: stone.title,
      status: stone.status,
      statusSince: (stone.statusSince ?? stone.createdAt).toISOString(),
      findCount: stone.findCount,
      totalDistance: stone.totalDistanceKm,
      formattedDistance: formatDistance(stone.totalDistanceKm, ctx.locale),
      lastFind,
      url: `${ctx.origin}/${stone.code}`,
      journey: journey.flatMap(
        (f): Array<[number, number]> => (f.latitude !== null && f.longitude !== null ? [[f.latitude, f.longitude]] : []),
      ),
    };
  });
  const totalDistance = read.stones.reduce((sum, stone) => sum + stone.totalDistanceKm, 0);
  const view: CollectionView = {
    id: collection.id,
    title: collection.title,
    dedication: collection.dedication,
    totalDistance,
    formattedDistance: formatDistance(totalDistance, ctx.locale),
    findCount: read.stones.reduce((sum, stone) => sum + stone.findCount, 0),
    countries: countriesReached(read.finds, ctx.locale),
    createdAt: collection.createdAt.toISOString(),
    url: `${ctx.origin}${collectionPath(collection.id)}`,
    shareImage: `${ctx.origin}${collectionShareImagePath(collection.id, collection.shareCard)}`,
    months: journeyMonths(read.finds, collection.createdAt),
    stones: listed,
  };
  return { view, collection, stones: read.stones };
}

/** The collection's id and title (what a follow needs), or undefined for an unknown id. */
export function collectionNames(db: Db, id: string) {
  return db.select({ id: collections.id, title: collections.title }).from(collections).where(eq(collections.id, id)).get();
}

/** The collections whose id begins with `prefix`: a range of the primary key (ids are of COLLECTION_ID_ALPHABET). */
const idsFrom = (prefix: string) => and(gte(collections.id, prefix), lt(collections.id, `${prefix}~`));

/**
 * The sitemap's collection pages whose id begins with `prefix`, with when each last changed, in id order: one seek
 * of the primary key per file, at most `limit` of them (ids are random, so each first letter holds about a 31st).
 */
export function sitemapCollections(db: Db, prefix: string, limit: number) {
  return db
    .select({ id: collections.id, createdAt: collections.createdAt, updatedAt: collections.updatedAt })
    .from(collections)
    .where(idsFrom(prefix))
    .orderBy(asc(collections.id))
    .limit(limit);
}

/**
 * How many collections' ids begin with each of `prefixes` (`n0`, `n1`, …), counted up to `cap` + 1 only: one bounded
 * range of the primary key each, in one statement, read from any one row of the table (none at all: no row).
 */
export function collectionPrefixCounts(db: Db, prefixes: readonly string[], cap: number) {
  const counts = Object.fromEntries(
    prefixes.map((prefix, i) => [
      `n${i}`,
      sql<number>`(select count(*) from (select 1 from ${collections} c where c.id >= ${prefix} and c.id < ${`${prefix}~`} limit ${cap + 1}))`,
    ]),
  );
  return db.select(counts).from(collections).limit(1);
}

/**
 * The sitemap's collection files, by the prefix of the ids each holds, in id order: a first letter with at most
 * `perLetter` collections is one file; a letter with more is its files of two letters, all of them (ids are random:
 * past a few hundred collections every pair of a letter is in use but by the rarest chance, and an unused one is an
 * empty file). One read whatever the number of collections: the letters counted up to `perLetter` + 1.
 */
export async function sitemapCollectionPrefixes(db: Db, letters: readonly string[], perLetter: number): Promise<string[]> {
  const [row] = await collectionPrefixCounts(db, letters, perLetter);
  if (!row) return [];
  return letters.flatMap((letter, i) => {
    const count = Number(row[`n${i}`]);
    if (count > perLetter) return letters.map((second) => `${letter}${second}`);
    return count > 0 ? [letter] : [];
  });
}

/** A stone's code and collection, by its id (the operator's writes name it so): the edge cache's scopes of a write to it. */
export function stoneScopeRef(db: Db, id: string) {
  return db.select({ code: stones.code, collectionId: stones.collectionId }).from(stones).where(eq(stones.id, id)).get();
}

/** The codes of a collection's stones: their pages name the collection, so a change of it changes them too. */
export async function collectionStoneCodes(db: Db, id: string): Promise<string[]> {
  return (await db.select({ code: stones.code }).from(stones).where(eq(stones.collectionId, id)).all()).map((row) => row.code);
}
