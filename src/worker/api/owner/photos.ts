import { and, count, eq, inArray } from 'drizzle-orm';
import { MAX_PHOTO_BYTES, MAX_PHOTOS } from '../../../shared/schemas/limits';
import type { Db } from '../../db/client';
import { transientKind } from '../../db/retry';
import { photos } from '../../db/schema';
import { ApiError } from '../../lib/errors';
import { IMAGE_TYPES, InvalidImageError, sniffImage, stripMetadata } from '../../lib/images';
import { log } from '../../lib/logger';

/** A checked photo, ready for R2: its bytes without metadata, its type from its bytes. */
export interface CheckedPhoto {
  bytes: Uint8Array;
  contentType: string;
  extension: string;
}

/**
 * Checks every uploaded file before anything is stored: the size, the type by magic bytes (JPEG, PNG, WebP,
 * GIF; a name or declared type counts for nothing), a well-formed structure; then removes its metadata.
 */
export async function checkPhotos(files: File[]): Promise<CheckedPhoto[]> {
  const checked: CheckedPhoto[] = [];
  for (const file of files) {
    if (file.size > MAX_PHOTO_BYTES) throw new ApiError(413, 'PHOTO_TOO_LARGE', { id: 'photo.tooLarge', values: { file: file.name } });
    const bytes = new Uint8Array(await file.arrayBuffer());
    const type = sniffImage(bytes);
    if (!type) throw new ApiError(415, 'PHOTO_TYPE', { id: 'photo.notImage', values: { file: file.name } });
    try {
      checked.push({ bytes: stripMetadata(bytes, type), ...IMAGE_TYPES[type] });
    } catch (error) {
      if (error instanceof InvalidImageError) throw new ApiError(400, 'PHOTO_BROKEN', { id: 'photo.broken', values: { file: file.name } });
      throw error;
    }
  }
  return checked;
}

export async function photoCount(db: Db, stoneId: string): Promise<number> {
  return (await db.select({ n: count() }).from(photos).where(eq(photos.stoneId, stoneId)).get())?.n ?? 0;
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
    const now = Date.now();
    const [first, ...rest] = checked.map((photo, i) =>
      db.insert(photos).values({
        id: crypto.randomUUID(),
        stoneId,
        r2Key: keys[i] ?? '',
        contentType: photo.contentType,
        sizeBytes: photo.bytes.length,
        createdAt: new Date(now + i),
      }),
    );
    if (first) await db.batch([first, ...rest]);
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
    const stored = new Set<string>();
    // D1 binds at most 100 values per statement.
    for (let i = 0; i < keys.length; i += 90) {
      const rows = await db
        .select({ key: photos.r2Key })
        .from(photos)
        .where(inArray(photos.r2Key, keys.slice(i, i + 90)));
      for (const row of rows) stored.add(row.key);
    }
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

/** Objects looked at per cron run: one R2 list call and one database read. */
const SWEEP_PAGE = 500;
const SWEEP_CURSOR_KEY = 'photos:sweep-cursor';

/**
 * The cron's share: objects whose removal failed after an upload that did not complete (removeObjects logs
 * them) are found and removed. Each run looks at the next page of the bucket (the position kept in KV) and
 * removes the objects without a photo row that are older than ORPHAN_GRACE_MS. Returns how many it removed.
 */
export async function sweepOrphanObjects(db: Db, bucket: R2Bucket, cache: KVNamespace, now = new Date()): Promise<number> {
  const cursor = (await cache.get(SWEEP_CURSOR_KEY)) ?? undefined;
  const page = await bucket.list({ limit: SWEEP_PAGE, ...(cursor ? { cursor } : {}) });
  if (page.truncated) await cache.put(SWEEP_CURSOR_KEY, page.cursor);
  else if (cursor) await cache.delete(SWEEP_CURSOR_KEY);
  const old = page.objects.filter((object) => now.getTime() - object.uploaded.getTime() > ORPHAN_GRACE_MS).map((o) => o.key);
  if (old.length === 0) return 0;
  const orphans = await keysWithoutRow(db, old);
  if (orphans.length) {
    await bucket.delete(orphans);
    log.warn('photo objects without a row removed', { count: orphans.length });
  }
  return orphans.length;
}

/** A photo address as the views give it out: `…/photos/{key}` (a query string is ignored). */
const PHOTO_KEY = /\/photos\/([0-9a-f-]{36}\.(?:jpg|png|webp|gif|avif))$/;

/**
 * Deletes one photo of one stone (row, then its R2 object), named by its address (spec §7 `photoUrl`); another
 * stone's photo, or none, is not found.
 */
export async function deletePhoto(db: Db, bucket: R2Bucket, stoneId: string, photoUrl: string): Promise<void> {
  const key = photoUrl.split('?')[0]?.match(PHOTO_KEY)?.[1];
  const removed = key
    ? await db
        .delete(photos)
        .where(and(eq(photos.stoneId, stoneId), eq(photos.r2Key, key)))
        .returning({ key: photos.r2Key })
    : [];
  if (!key || removed.length === 0) throw new ApiError(404, 'PHOTO_NOT_FOUND', 'api.photoNotFound');
  await bucket.delete(key);
}
