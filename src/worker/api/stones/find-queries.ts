import { and, asc, desc, eq, isNotNull, isNull, lt, not, or, type SQL, sql } from 'drizzle-orm';
import { FINDS_PAGE_SIZE } from '../../../shared/schemas/finds-page';
import type { CountryReached, FindsPage, FindView, LastFind } from '../../../shared/types';
import { batchByName } from '../../db/batch';
import type { Db } from '../../db/client';
import { FIND_COLUMNS } from '../../db/columns';
import { findPhotos, finds, stones } from '../../db/schema';
import { countryName } from '../../geo/country-names';
import { shownPlace } from '../../lib/legacy-place';
import { ROW_ID_SHAPE } from '../../lib/validate';
import type { JourneyOf } from './journey';

/*
 * The public reads of a stone's finds, each bounded or one seek of `finds_stone_seq_unique` (stone_id, seq): a page
 * of the newest finds before a cursor (keyset, never OFFSET), the journey's line, the find it was last seen at.
 * `stoneId` is the stone's id or a subquery that names it (by its code).
 */

/** The stone of this code, as a subquery (one seek of its unique index). */
export const stoneOf = (code: string) => sql`(select ${stones.id} from ${stones} where ${stones.code} = ${code})`;

/** A find everybody sees: not hidden by its owner or the operator. */
const shownOf = (stoneId: SQL | string) => and(eq(finds.stoneId, stoneId), eq(finds.hidden, false));
/** A counted find: unflagged, or its flag accepted (the distance counts it). */
const counted = or(isNull(finds.flag), eq(finds.flagAccepted, true));

/** An approved finder's photo, by its find (so a photo taken down stops answering at once: src/worker/photos/serve.ts). */
export const findPhotoUrl = (origin: string, findId: string) => `${origin}/photos/finds/${findId}`;

/**
 * The `limit` newest public finds before `before` (a find's `seq`; the newest of all without it), newest first, and
 * one more to tell whether older ones exist; with each find whether its photo is approved.
 */
export function publicFindsBefore(db: Db, stoneId: SQL | string, limit: number, before?: number) {
  return db
    .select({ ...FIND_COLUMNS, seq: finds.seq, photo: findPhotos.status })
    .from(finds)
    .leftJoin(findPhotos, and(eq(findPhotos.findId, finds.id), eq(findPhotos.status, 'approved')))
    .where(and(shownOf(stoneId), before === undefined ? undefined : lt(finds.seq, before)))
    .orderBy(desc(finds.seq))
    .limit(limit + 1);
}

/** One public find of the stone by its id (any of them, not only the newest), with whether its photo is approved. */
export function publicFindById(db: Db, stoneId: SQL | string, findId: string) {
  return db
    .select({ ...FIND_COLUMNS, seq: finds.seq, photo: findPhotos.status })
    .from(finds)
    .leftJoin(findPhotos, and(eq(findPhotos.findId, finds.id), eq(findPhotos.status, 'approved')))
    .where(and(eq(finds.id, findId), shownOf(stoneId)));
}

type PublicFindRow = Awaited<ReturnType<typeof publicFindsBefore>>[number];

/** A find as the public sees it: its place as published (lib/legacy-place.ts), never the finder's address. */
export function publicFind({ precision, flag, flagAccepted, seq: _, photo, ...find }: PublicFindRow, origin: string): FindView {
  return {
    ...find,
    location: shownPlace({ ...find, precision }),
    createdAt: find.createdAt.toISOString(),
    pending: flag !== null && !flagAccepted,
    photo: photo === 'approved' ? { url: findPhotoUrl(origin, find.id) } : null,
  };
}

/**
 * A page of `publicFindsBefore`'s rows as the views give it: the finds in journey order (oldest first) and the
 * cursor of the page before them (the oldest one's `seq`), or null when there is none.
 */
export function findsPage(rows: PublicFindRow[], limit: number, origin: string): { finds: FindView[]; before: number | null } {
  const page = rows.slice(0, limit).reverse();
  return { finds: page.map((row) => publicFind(row, origin)), before: rows.length > limit ? (page[0]?.seq ?? null) : null };
}

/** Where the page of finds before the cursor is answered. */
export const olderFindsUrl = (origin: string, code: string, before: number | null, limit?: number) =>
  before === null ? null : `${origin}/api/stones/${code}/finds?before=${before}${limit === undefined ? '' : `&limit=${limit}`}`;

/** The page of the stone's public finds before `before` (a FindsPage), or null for an unknown code. */
export async function getFindsPage(
  db: Db,
  code: string,
  query: { before?: number; limit: number },
  origin: string,
): Promise<FindsPage | null> {
  const read = await batchByName(db, {
    stone: db.select({ code: stones.code }).from(stones).where(eq(stones.code, code)),
    rows: publicFindsBefore(db, stoneOf(code), query.limit, query.before),
  });
  if (!read.stone[0]) return null;
  const page = findsPage(read.rows, query.limit, origin);
  // The next page as large as this one: a limit asked for is carried along.
  return {
    finds: page.finds,
    olderFinds: olderFindsUrl(origin, code, page.before, query.limit === FINDS_PAGE_SIZE ? undefined : query.limit),
  };
}

/** A public find of the stone by its id; null for an unknown stone, undefined for a find it has not (or hides). */
export async function getPublicFind(db: Db, code: string, findId: string, origin: string): Promise<FindView | null | undefined> {
  // A row id (a UUID, or a demo row's name) is all a find's id can be: anything else is asked of no index.
  const shaped = ROW_ID_SHAPE.test(findId);
  const read = await batchByName(db, {
    stone: db.select({ code: stones.code }).from(stones).where(eq(stones.code, code)),
    find: shaped ? publicFindById(db, stoneOf(code), findId) : undefined,
  });
  if (!read.stone[0]) return null;
  const row = read.find?.[0];
  return row ? publicFind(row, origin) : undefined;
}

/**
 * The journey's line: the position of every counted public find that has one, in order, as stored (rounded to its
 * finder's precision, decision record 028), without the (0, 0) a failed geocode once left behind; with each find's
 * country and time, for the countries it reached.
 */
export function journeyLine(db: Db, stoneId: SQL | string) {
  return db
    .select({ latitude: finds.latitude, longitude: finds.longitude, countryCode: finds.countryCode, createdAt: finds.createdAt })
    .from(finds)
    .where(
      and(
        shownOf(stoneId),
        counted,
        isNotNull(finds.latitude),
        isNotNull(finds.longitude),
        not(and(eq(finds.latitude, 0), eq(finds.longitude, 0)) as SQL),
      ),
    )
    .orderBy(asc(finds.seq));
}

/** The countries of the journey's finds (a collection's: all its stones'), each once, in the order first reached, named in `locale`. */
export function countriesReached(rows: ReadonlyArray<{ countryCode: string | null; createdAt: Date }>, locale: string): CountryReached[] {
  const reached = new Map<string, string>();
  for (const { countryCode, createdAt } of rows)
    if (countryCode && !reached.has(countryCode)) reached.set(countryCode, createdAt.toISOString());
  return [...reached].map(([code, firstReachedAt]) => ({ code, name: countryName(code, locale), firstReachedAt }));
}

export const journeyPoints = (rows: Awaited<ReturnType<typeof journeyLine>>): Array<[number, number]> =>
  rows.flatMap(
    ({ latitude, longitude }): Array<[number, number]> => (latitude !== null && longitude !== null ? [[latitude, longitude]] : []),
  );

/** What a stop of the journey shows: its place as published (by its precision), its position and its date. */
const STOP_COLUMNS = {
  location: finds.location,
  latitude: finds.latitude,
  longitude: finds.longitude,
  createdAt: finds.createdAt,
  precision: finds.precision,
};

/** The stone's newest counted public find: where it was last seen. */
export function lastCountedFind(db: Db, stoneId: SQL | string) {
  return db
    .select(STOP_COLUMNS)
    .from(finds)
    .where(and(shownOf(stoneId), counted))
    .orderBy(desc(finds.seq))
    .limit(1);
}

export const lastFindOf = (rows: Awaited<ReturnType<typeof lastCountedFind>>): LastFind | null => {
  const last = rows[0];
  return last
    ? { location: shownPlace(last), latitude: last.latitude, longitude: last.longitude, createdAt: last.createdAt.toISOString() }
    : null;
};

/** The stops of the journey files: the counted public finds with a position, in order, with their date and place. */
export function journeyStops(db: Db, stoneId: SQL | string) {
  return db
    .select({ id: finds.id, ...STOP_COLUMNS })
    .from(finds)
    .where(and(shownOf(stoneId), counted, isNotNull(finds.latitude), isNotNull(finds.longitude)))
    .orderBy(asc(finds.seq));
}

/**
 * The whole journey for its files (GPX, GeoJSON): the stone and every counted public find with a position, in order,
 * with its date and place as published; null for an unknown code. A download of the whole journey, so every stop of
 * it: one range of the index, however many finds the page leaves out.
 */
export async function getJourney(db: Db, code: string): Promise<JourneyOf | null> {
  const byCode = stoneOf(code);
  const read = await batchByName(db, {
    stone: db
      .select({ code: stones.code, title: stones.title, createdAt: stones.createdAt, totalDistance: stones.totalDistanceKm })
      .from(stones)
      .where(eq(stones.code, code)),
    stops: journeyStops(db, byCode),
  });
  const stone = read.stone[0];
  if (!stone) return null;
  return {
    ...stone,
    createdAt: stone.createdAt.toISOString(),
    finds: read.stops.map(({ precision, ...stop }) => ({
      ...stop,
      location: shownPlace({ ...stop, precision }),
      createdAt: stop.createdAt.toISOString(),
      pending: false,
    })),
  };
}
