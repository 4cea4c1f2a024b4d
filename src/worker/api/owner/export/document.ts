import type { Context } from 'hono';
import { collectionPath } from '../../../../shared/collection';
import type { AppEnv } from '../../../types';
import { notifyOf } from '../../stones/queries';
import { photoUrl, qrCodeUrl } from '../../stones/view-queries';
import type { StonesForExport } from './queries';

/**
 * The owner's copy of their data (`GET …/export`): a JSON file with what the owner page shows and what lies behind
 * it, never a finder's or a subscriber's address. Its fields are the file's promise to the owner: a field added to
 * the owner's view is added here too.
 */

/**
 * Where the file's addresses point: the serving origin, and a finder's photo through the owner's own stone link (so
 * the file holds that link where a finder sent a photo; the owner page says so beside the download).
 */
export interface ExportLinks {
  origin: string;
  findPhoto: (stoneId: string, findId: string) => string;
}

const iso = (at: Date | null) => at?.toISOString() ?? null;

/** Every stone read, as its owner's file describes it. */
export function stoneDocuments(read: StonesForExport, links: ExportLinks) {
  const { origin } = links;
  const photoOf = new Map(read.findPhotos.map((photo) => [photo.findId, photo]));
  const subscriptionsOf = new Map(read.subscriptions.map((row) => [row.stoneId, row]));
  const collectionOf = new Map(read.collections.map((collection) => [collection.id, collection]));
  return read.stones.map((stone) => {
    const collection = stone.collectionId ? collectionOf.get(stone.collectionId) : undefined;
    const subscriptions = subscriptionsOf.get(stone.id);
    return {
      code: stone.code,
      title: stone.title,
      story: stone.story,
      url: `${origin}/${stone.code}`,
      qrCodeUrl: qrCodeUrl(origin, stone.code),
      createdAt: iso(stone.createdAt),
      updatedAt: iso(stone.updatedAt),
      status: stone.status,
      statusSince: iso(stone.statusSince),
      lastSeenAt: iso(stone.lastSeenAt),
      totalDistanceKm: stone.totalDistanceKm,
      /** Finds shown on its page (the hidden ones are in `finds` too, marked). */
      findCount: stone.findSeq - stone.hiddenFindCount,
      features: { photos: stone.hasPhotos, story: stone.hasStory, paid: stone.isPaid },
      settings: {
        mailOnEveryFind: stone.notifyOnFind,
        findMails: notifyOf(stone),
        language: stone.locale,
        memorialDay: stone.memorialDay,
        memorialLetter: stone.memorialLetter,
      },
      // The owner's goal for the stone (decision record 042), and when a find reached it.
      goal:
        stone.goalLatitude === null && stone.goalCountry === null
          ? null
          : {
              name: stone.goalName,
              country: stone.goalCountry,
              latitude: stone.goalLatitude,
              longitude: stone.goalLongitude,
              note: stone.goalNote ?? '',
              reachedAt: iso(stone.goalReachedAt),
            },
      // The owner's own address: the creator's, where the owner's mails go.
      creatorEmail: stone.creatorEmail,
      collection: collection ? { id: collection.id, title: collection.title, url: `${origin}${collectionPath(collection.id)}` } : null,
      photos: read.photos.filter((photo) => photo.stoneId === stone.id).map((photo) => photoUrl(origin, photo.r2Key)),
      finds: read.finds
        .filter((find) => find.stoneId === stone.id)
        .map((find) => {
          const photo = photoOf.get(find.id);
          return {
            number: find.seq,
            createdAt: iso(find.createdAt),
            location: find.location,
            latitude: find.latitude,
            longitude: find.longitude,
            precision: find.precision,
            countryCode: find.countryCode,
            comment: find.comment,
            kept: find.kept,
            foundAgainAfterDays: find.foundAgainAfterDays,
            flag: find.flag,
            flagAccepted: find.flagAccepted,
            hidden: find.hidden,
            // owner or operator (null for a hide from before that was recorded).
            hiddenBy: find.hidden ? find.hiddenBy : null,
            // Its bytes are kept while it waits or once approved; rejected or expired ones are gone.
            finderPhoto: photo ? { status: photo.status, url: photo.stored ? links.findPhoto(stone.id, find.id) : null } : null,
          };
        }),
      subscriptions: { confirmed: subscriptions?.confirmed ?? 0, unconfirmed: subscriptions?.unconfirmed ?? 0 },
    };
  });
}

/**
 * The file as a download: an attachment under `filename`, never kept by a cache (its address is secret, and so
 * is what it holds).
 */
export function exportResponse(c: Context<AppEnv>, document: object, filename: string): Response {
  return c.newResponse(`${JSON.stringify(document, null, 2)}\n`, 200, {
    'Content-Type': 'application/json; charset=utf-8',
    'Content-Disposition': `attachment; filename="${filename}"`,
    'Cache-Control': 'no-store',
  });
}

/** What every export file starts with: what it is, which format, from where and when. */
export const exportHeader = (kind: 'stone' | 'collection', origin: string, now = new Date()) => ({
  kind,
  format: 1,
  site: origin,
  generatedAt: now.toISOString(),
});
