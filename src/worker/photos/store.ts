import { MAX_PHOTO_BYTES, MAX_PHOTOS } from '../../shared/schemas/limits';
import type { Db } from '../db/client';
import { transientKind } from '../db/retry';
import { ApiError } from '../lib/errors';
import { decodableSize, IMAGE_TYPES, InvalidImageError, imageSize, sniffImage, stripMetadata } from '../lib/images';
import { log } from '../lib/logger';
import { purgeErasedCards } from '../share/erase';
import { deletePhotoRow, insertPhotoRows, keysWithRow } from './queries';

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
    if (file.size > MAX_PHOTO_BYTES)
      throw new ApiError(413, 'PHOTO_TOO_LARGE', { id: 'server.photo.tooLarge', values: { file: file.name } });
    const bytes = new Uint8Array(await file.arrayBuffer());
    const type = sniffImage(bytes);
    if (!type) throw new ApiError(415, 'PHOTO_TYPE', { id: 'server.photo.notImage', values: { file: file.name } });
    try {
      if (!decodableSize(imageSize(bytes, type))) {
        throw new ApiError(422, 'PHOTO_DIMENSIONS', { id: 'server.photo.dimensions', values: { file: file.name } });
      }
      checked.push({ bytes: stripMetadata(bytes, type), ...IMAGE_TYPES[type] });
    } catch (error) {
      if (error instanceof InvalidImageError)
        throw new ApiError(400, 'PHOTO_BROKEN', { id: 'server.photo.broken', values: { file: file.name } });
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
    throw new ApiError(503, 'PHOTO_STORAGE_UNAVAILABLE', 'server.api.photoStorageUnavailable', undefined, { 'Retry-After': '1' });
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
      throw new ApiError(409, 'TOO_MANY_PHOTOS', { id: 'server-owner.photo.tooMany', values: { count: MAX_PHOTOS } });
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
export async function removeObjects(bucket: R2Bucket, keys: string[]): Promise<void> {
  if (keys.length === 0) return;
  try {
    await bucket.delete(keys);
  } catch (error) {
    log.error('photo objects without a row could not be removed', { keys, error: String(error) });
  }
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
  if (!key || !(await deletePhotoRow(db, stoneId, key))) throw new ApiError(404, 'PHOTO_NOT_FOUND', 'server-owner.api.photoNotFound');
  await removeObjects(bucket, [key]);
  await purgeErasedCards(db, bucket, stoneId);
}
