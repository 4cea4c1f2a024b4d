import { asc, eq, sql } from 'drizzle-orm';
import { collectionPath } from '../../../shared/collection';
import { formatDistance, haversineKm } from '../../../shared/geo';
import { STONE_FINDS_EMBEDDED } from '../../../shared/schemas/finds-page';
import { stoneShareImagePath } from '../../../shared/share-image';
import type { CollectionRef, FindPhotoStatus, FindView, OwnerFindView, StoneGoal, StoneView } from '../../../shared/types';
import { batchByName } from '../../db/batch';
import type { Db } from '../../db/client';
import { FIND_COLUMNS } from '../../db/columns';
import { collections, finds, photos, type StoneRow, stones } from '../../db/schema';
import { countryName } from '../../geo/country-names';
import { shownPlace } from '../../lib/legacy-place';
import { findPhotosOf } from '../../photos/find-photo-queries';
import {
  countriesReached,
  findPhotoUrl,
  findsPage,
  journeyLine,
  journeyPoints,
  lastCountedFind,
  lastFindOf,
  olderFindsUrl,
  publicFindsBefore,
  stoneOf,
} from './find-queries';

/** Where the view's URLs point: photos and QR code live on the serving origin. */
export interface ViewContext {
  origin: string;
  locale: string;
  /**
   * Where the stone's owner sees a finder's photo that is not public (yet): through their own link. Without it (the
   * operator's view) only an approved photo has an address, its public one.
   */
  ownerPhotoUrl?: (findId: string) => string;
}

export const photoUrl = (origin: string, r2Key: string) => `${origin}/photos/${r2Key}`;
export const qrCodeUrl = (origin: string, code: string) => `${origin}/api/stones/${code}/qr.svg`;

type OwnerView = Omit<StoneView, 'finds'> & { finds: OwnerFindView[] };

/**
 * Loads a stone with its finds and photos in one round trip. The public view embeds its newest
 * STONE_FINDS_EMBEDDED public finds (in journey order) and the journey's whole line, so it stays bounded however
 * many finds the stone has; the rest are `olderFinds`. The owner's and the operator's (`withHidden`) keep every
 * find, hidden ones marked: they moderate any of them, and only they read it (decision record 030).
 */
export async function getStoneView(db: Db, code: string, ctx: ViewContext): Promise<StoneView | null>;
export async function getStoneView(db: Db, code: string, ctx: ViewContext, withHidden: true): Promise<OwnerView | null>;
export async function getStoneView(db: Db, code: string, ctx: ViewContext, withHidden = false): Promise<StoneView | OwnerView | null> {
  const byCode = stoneOf(code);
  const read = await batchByName(db, {
    stone: db.select().from(stones).where(eq(stones.code, code)).limit(1),
    newest: withHidden ? undefined : publicFindsBefore(db, byCode, STONE_FINDS_EMBEDDED),
    every: withHidden
      ? db
          .select({ ...FIND_COLUMNS, hidden: finds.hidden, hiddenBy: finds.hiddenBy })
          .from(finds)
          .where(eq(finds.stoneId, byCode))
          .orderBy(asc(finds.seq))
      : undefined,
    findPhotos: withHidden ? findPhotosOf(db, byCode, true) : undefined,
    journey: journeyLine(db, byCode),
    last: lastCountedFind(db, byCode),
    photos: db.select({ r2Key: photos.r2Key }).from(photos).where(eq(photos.stoneId, byCode)).orderBy(asc(photos.createdAt)),
    collection: db
      .select({ id: collections.id, title: collections.title })
      .from(collections)
      .where(eq(collections.id, sql`(select ${stones.collectionId} from ${stones} where ${stones.code} = ${code})`)),
  });
  const stone = read.stone[0];
  if (!stone) return null;
  const found = read.collection[0];
  const base = {
    stone,
    collection: found ? { ...found, url: `${ctx.origin}${collectionPath(found.id)}` } : null,
    photoUrls: read.photos.map((p) => photoUrl(ctx.origin, p.r2Key)),
    journey: journeyPoints(read.journey),
    countries: countriesReached(read.journey, ctx.locale),
    lastFind: lastFindOf(read.last),
  };
  if (read.newest) {
    const page = findsPage(read.newest, STONE_FINDS_EMBEDDED, ctx.origin);
    return toView(base, page.finds, olderFindsUrl(ctx.origin, stone.code, page.before), ctx);
  }
  // Every reader sees the place as published, the owner and the operator too.
  const every = (read.every ?? []).map(({ precision, ...f }) => ({ ...f, location: shownPlace({ ...f, precision }) }));
  const photoOf = new Map((read.findPhotos ?? []).map((p) => [p.findId, p]));
  const ownerPhoto = (findId: string): OwnerFindView['photo'] => {
    const photo = photoOf.get(findId);
    if (!photo) return null;
    return { url: photo.r2Key === null ? null : ownerFindPhotoUrl(ctx, findId, photo.status), status: photo.status };
  };
  return toView(
    base,
    every.map((f) => ({
      ...f,
      // A find hidden before who hid it was stored counts as its owner's.
      hiddenBy: f.hidden ? (f.hiddenBy ?? 'owner') : null,
      createdAt: f.createdAt.toISOString(),
      pending: f.flag !== null && !f.flagAccepted,
      photo: ownerPhoto(f.id),
    })),
    null,
    ctx,
  );
}

/** A finder's photo as the owner's (or the operator's) view gives its address. */
function ownerFindPhotoUrl(ctx: ViewContext, findId: string, status: FindPhotoStatus): string | null {
  if (ctx.ownerPhotoUrl) return ctx.ownerPhotoUrl(findId);
  return status === 'approved' ? findPhotoUrl(ctx.origin, findId) : null;
}

interface ViewParts {
  stone: StoneRow;
  collection: CollectionRef | null;
  photoUrls: string[];
  journey: StoneView['journey'];
  countries: StoneView['countries'];
  lastFind: StoneView['lastFind'];
}

function toView<F extends FindView | OwnerFindView>(
  { stone, collection, photoUrls, journey, countries, lastFind }: ViewParts,
  findViews: F[],
  olderFinds: string | null,
  ctx: ViewContext,
): Omit<StoneView, 'finds'> & { finds: F[] } {
  return {
    id: stone.id,
    code: stone.code,
    title: stone.title,
    story: stone.hasStory ? stone.story : null,
    hasPhotos: stone.hasPhotos,
    hasStory: stone.hasStory,
    isPaid: stone.isPaid,
    photos: photoUrls,
    createdAt: stone.createdAt.toISOString(),
    qrCodeUrl: qrCodeUrl(ctx.origin, stone.code),
    finds: findViews,
    findCount: stone.findSeq - stone.hiddenFindCount,
    olderFinds,
    journey,
    countries,
    lastFind,
    goal: goalOf(stone, ctx.locale),
    totalDistance: stone.totalDistanceKm,
    formattedDistance: formatDistance(stone.totalDistanceKm, ctx.locale),
    status: stone.status,
    statusSince: (stone.statusSince ?? stone.createdAt).toISOString(),
    collection,
    shareImage: `${ctx.origin}${stoneShareImagePath(stone.code, stone.shareCard)}`,
  };
}

/**
 * The stone's goal as its views show it: the distance still to go from its last counted position (the start of its
 * next leg), to a tenth of a kilometre; none to a country before it is reached, nothing once reached. A country goal
 * has the country's name in `locale`.
 */
export function goalOf(stone: StoneRow, locale: string): StoneGoal | null {
  if (stone.goalLatitude === null && stone.goalCountry === null) return null;
  const place =
    stone.goalLatitude !== null && stone.goalLongitude !== null ? { latitude: stone.goalLatitude, longitude: stone.goalLongitude } : null;
  const last =
    stone.lastLatitude !== null && stone.lastLongitude !== null ? { latitude: stone.lastLatitude, longitude: stone.lastLongitude } : null;
  const reached = stone.goalReachedAt !== null;
  return {
    // A country goal is named in the reader's language.
    name: place ? stone.goalName : stone.goalCountry ? countryName(stone.goalCountry, locale) : null,
    country: stone.goalCountry,
    latitude: place?.latitude ?? null,
    longitude: place?.longitude ?? null,
    note: stone.goalNote ?? '',
    remainingKm: reached ? 0 : place && last ? Math.round(haversineKm(last, place) * 10) / 10 : null,
    reachedAt: stone.goalReachedAt?.toISOString() ?? null,
  };
}
