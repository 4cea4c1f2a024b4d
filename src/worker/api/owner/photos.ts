import { MAX_PHOTO_BYTES, MAX_PHOTOS } from '../../../shared/schemas/limits';
import type { Db } from '../../db/client';
import { transientKind } from '../../db/retry';
import { ApiError } from '../../lib/errors';
import { decodableSize, IMAGE_TYPES, InvalidImageError, imageSize, sniffImage, stripMetadata } from '../../lib/images';
import { log } from '../../lib/logger';
import { cardKeysWithOwner, purgeErasedCards } from '../../share/erase';
import { isShareCardKey } from '../../share/storage';
import { deletePhotoRow, insertPhotoRows, keysWithRow, orphanSightingsBetween, updateOrphanSightings } from './queries';

/** A checked photo, ready for R2: its bytes without metadata, its type from its bytes. */
export interface CheckedPhoto {
  bytes: Uint8Array;
  contentType: string;
  extension: string;
}

/**
 * Checks every uploaded file before anything is stored: the size, the type by magic bytes (JPEG, PNG, WebP,
 * GIF; a name or declared type counts for nothing), the picture's size its headers declare (read before anything
 * decodes it: a few kilobytes can declare gigabytes of pixels), a well-formed structure; then removes its metadata.
 */
export async function checkPhotos(files: File[]): Promise<CheckedPhoto[]> {
  const checked: CheckedPhoto[] = [];
  for (const file of files) {
    if (file.size > MAX_PHOTO_BYTES) throw new ApiError(413, 'PHOTO_TOO_LARGE', { id: 'photo.tooLarge', values: { file: file.name } });
    const bytes = new Uint8Array(await file.arrayBuffer());
    const type = sniffImage(bytes);
    if (!type) throw new ApiError(415, 'PHOTO_TYPE', { id: 'photo.notImage', values: { file: file.name } });
    try {
      if (!decodableSize(imageSize(bytes, type))) {
        throw new ApiError(422, 'PHOTO_DIMENSIONS', { id: 'photo.dimensions', values: { file: file.name } });
      }
      checked.push({ bytes: stripMetadata(bytes, type), ...IMAGE_TYPES[type] });
    } catch (error) {
      if (error instanceof InvalidImageError) throw new ApiError(400, 'PHOTO_BROKEN', { id: 'photo.broken', values: { file: file.name } });
      throw error;
    }
  }
  return checked;
}

/**
 * Stores photos of a stone: the objects first, then all rows in one batch. The database's trigger keeps a stone
 * at MAX_PHOTOS whatever runs at the same time. No upload leaves an object without its row or a row without its
 * object: when a put fails, the puts that succeeded are removed (503, nothing stored); when the batch is refused,
 * its objects are removed; when the batch's outcome is unknown (the connection to D1 was lost, db/retry.ts), the
 * rows are read back and only the objects without a row are removed.
 */
export async function storePhotos(db: Db, bucket: R2Bucket, stoneId: string, checked: CheckedPhoto[]): Promise<string[]> {
  const keys = checked.map((photo) => `${crypto.randomUUID()}.${photo.extension}`);
  // Every put is waited for, failed or not: a put still under way when the request ends would leave its object.
  const puts = await Promise.allSettled(
    checked.map((photo, i) => bucket.put(keys[i] ?? '', photo.bytes, { httpMetadata: { contentType: photo.contentType } })),
  );
  const failed = puts.find((put): put is PromiseRejectedResult => put.status === 'rejected');
  if (failed) {
    log.warn('photo not stored: R2 refused a put', { error: String(failed.reason) });
    await removeObjects(
      bucket,
      keys.filter((_, i) => puts[i]?.status === 'fulfilled'),
    );
    throw new ApiError(503, 'PHOTO_STORAGE_UNAVAILABLE', 'api.photoStorageUnavailable', undefined, { 'Retry-After': '1' });
  }
  try {
    await insertPhotoRows(
      db,
      stoneId,
      checked.map((photo, i) => ({ r2Key: keys[i] ?? '', contentType: photo.contentType, sizeBytes: photo.bytes.length })),
    );
  } catch (error) {
    await removeObjects(bucket, transientKind(error) === 'outcome-unknown' ? await keysWithoutRow(db, keys) : keys);
    if (String(error instanceof Error && error.cause ? error.cause : error).includes('MAX_PHOTOS_EXCEEDED')) {
      throw new ApiError(409, 'TOO_MANY_PHOTOS', { id: 'photo.tooMany', values: { count: MAX_PHOTOS } });
    }
    throw error;
  }
  return keys;
}

/** Of `keys`, those without a photo row; none when that cannot be read (an object too many beats a broken photo). */
async function keysWithoutRow(db: Db, keys: string[]): Promise<string[]> {
  try {
    const stored = await keysWithRow(db, keys);
    return keys.filter((key) => !stored.has(key));
  } catch (error) {
    log.error('photo objects kept: their rows could not be read back', { keys, error: String(error) });
    return [];
  }
}

/** Removes objects of an upload that did not complete; a failure is logged with the keys, never thrown over the cause. */
async function removeObjects(bucket: R2Bucket, keys: string[]): Promise<void> {
  if (keys.length === 0) return;
  try {
    await bucket.delete(keys);
  } catch (error) {
    log.error('photo objects without a row could not be removed', { keys, error: String(error) });
  }
}

/** An object without a row this old is no upload under way any more (its row would have been written in seconds). */
export const ORPHAN_GRACE_MS = 60 * 60 * 1000;

/**
 * An object without a row is removed only by a sweep at least this long after the one that first saw it so. A
 * restore of D1 to an earlier point, or a Worker bound to the wrong database, makes real photos look like
 * orphans; a day is time to notice (the sightings are listed in `orphan_sightings` and logged) and to bring the
 * rows back, which forgets the sightings. A real orphan loses nothing by waiting: it is never shown.
 */
export const ORPHAN_CONFIRM_MS = 24 * 60 * 60 * 1000;

/** Objects looked at per cron run: one R2 list call and a few database reads. */
const SWEEP_PAGE = 500;

/**
 * Objects removed per run at most. A real orphan needs two failures in a row (an upload, then its cleanup), so
 * there are a handful at a time and 25 a run (7 200 a day) clears any plausible backlog within the hour. It is
 * half of what the alarm below lets through in a full page (50 of 500), so even a page just under the alarm is
 * removed over several runs, each logging its keys: the last bound on what a misjudged state can cost, should the
 * sightings and the alarm both be wrong.
 */
export const SWEEP_MAX_DELETES = 25;

/**
 * The alarm: when at least SWEEP_ALARM_MIN of the objects a run looked at (past the grace hour), and more than
 * SWEEP_ALARM_SHARE of them, have no row, the rows are what is missing, not the objects: a Worker bound to an
 * empty or wrong database (every object unreferenced) or a restore to well before many uploads. The sweep then
 * removes nothing, records no sighting and logs an error. Real orphans never come near it: they are rare and
 * their keys are random, spread over all pages. The minimum keeps a small bucket (a new site with 30 photos, two
 * of them orphans) from raising it; a share alone would.
 */
export const SWEEP_ALARM_MIN = 10;
export const SWEEP_ALARM_SHARE = 0.1;

const SWEEP_CURSOR_KEY = 'photos:sweep-cursor';

/**
 * The cron's share: objects whose removal failed after an upload that did not complete, or after their stone or
 * photo was deleted (removeObjects logs them), are found and removed, and so are the share cards of a deleted stone
 * or collection. Each run looks at the next page of the bucket (the position kept in KV), and of
 * its objects older than ORPHAN_GRACE_MS, those without a photo row are:
 * - none removed, when they are implausibly many (SWEEP_ALARM_MIN and SWEEP_ALARM_SHARE): an error is logged;
 * - recorded as seen (`orphan_sightings`) the first time;
 * - removed when first seen at least ORPHAN_CONFIRM_MS ago, at most SWEEP_MAX_DELETES per run.
 * A sighting in the page's stretch of the bucket whose object has its row again (a restore) or is gone is
 * forgotten. A failed read of the rows throws: nothing is removed. Returns how many objects it removed.
 */
export async function sweepOrphanObjects(db: Db, bucket: R2Bucket, cache: KVNamespace, now = new Date()): Promise<number> {
  const cursor = (await cache.get(SWEEP_CURSOR_KEY)) ?? undefined;
  const page = await bucket.list({ limit: SWEEP_PAGE, ...(cursor ? { cursor } : {}) });
  if (page.truncated) await cache.put(SWEEP_CURSOR_KEY, page.cursor);
  else if (cursor) await cache.delete(SWEEP_CURSOR_KEY);
  const first = page.objects[0]?.key;
  const last = page.objects.at(-1)?.key;
  // A later page that lists nothing (its objects went after the position was kept) tells nothing about sightings.
  if (cursor && first === undefined) return 0;

  const old = page.objects.filter((object) => now.getTime() - object.uploaded.getTime() > ORPHAN_GRACE_MS).map((o) => o.key);
  // Share cards live in the same bucket under share/ with no photo row: one is an orphan when its stone or
  // collection is gone (its deletion could not remove it); the share job sweeps the others itself.
  const withRow = await keysWithRow(
    db,
    old.filter((key) => !isShareCardKey(key)),
  );
  const cards = await cardKeysWithOwner(db, old.filter(isShareCardKey));
  const orphans = old.filter((key) => !withRow.has(key) && !cards.has(key));
  if (orphans.length >= SWEEP_ALARM_MIN && orphans.length > SWEEP_ALARM_SHARE * old.length) {
    log.error('photo sweep stopped: too many objects without a photo row (wrong database? restored to an earlier point?)', {
      lookedAt: old.length,
      withoutRow: orphans.length,
      examples: orphans.slice(0, 5),
    });
    return 0;
  }

  // R2 lists keys in order, so this page covers the keys from its first to its last (the first page from the
  // start, the last page to the end): every sighting there is about an object listed now, or one that is gone.
  const seen = await orphanSightingsBetween(db, cursor ? first : undefined, page.truncated ? last : undefined);
  const firstSeen = new Map(seen.map((sighting) => [sighting.r2Key, sighting.firstSeenAt.getTime()]));
  const orphanSet = new Set(orphans);
  const forgotten = seen.filter((sighting) => !orphanSet.has(sighting.r2Key)).map((sighting) => sighting.r2Key);
  const fresh = orphans.filter((key) => !firstSeen.has(key));
  const confirmed = orphans.filter((key) => now.getTime() - (firstSeen.get(key) ?? now.getTime()) >= ORPHAN_CONFIRM_MS);
  const removing = confirmed.slice(0, SWEEP_MAX_DELETES);

  await updateOrphanSightings(db, { seen: fresh, forgotten }, now);
  if (fresh.length) log.warn('photo objects without a row seen: removed in a day unless their rows return', { keys: fresh });
  if (forgotten.length) log.info('photo object sightings forgotten: the row is back or the object gone', { keys: forgotten });
  if (removing.length === 0) return 0;

  await bucket.delete(removing);
  await updateOrphanSightings(db, { seen: [], forgotten: removing }, now);
  log.warn('photo objects without a row removed', { keys: removing, waiting: confirmed.length - removing.length });
  return removing.length;
}

/** A photo address as the views give it out: `…/photos/{key}` (a query string is ignored). */
const PHOTO_KEY = /\/photos\/([0-9a-f-]{36}\.(?:jpg|png|webp|gif|avif))$/;

/**
 * Deletes one photo of one stone (row, then its R2 object), named by its address (`photoUrl`); another
 * stone's photo, or none, is not found. The stone's share cards, which may show it, are erased with the row and
 * removed after it (share/erase.ts). An object that cannot be deleted has no row any more: it is never served, and
 * the cron's sweep removes it.
 */
export async function deletePhoto(db: Db, bucket: R2Bucket, stoneId: string, photoUrl: string): Promise<void> {
  const key = photoUrl.split('?')[0]?.match(PHOTO_KEY)?.[1];
  if (!key || !(await deletePhotoRow(db, stoneId, key))) throw new ApiError(404, 'PHOTO_NOT_FOUND', 'api.photoNotFound');
  await removeObjects(bucket, [key]);
  await purgeErasedCards(db, bucket, stoneId);
}
