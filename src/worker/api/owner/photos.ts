import { and, count, eq } from 'drizzle-orm';
import { MAX_PHOTO_BYTES, MAX_PHOTOS } from '../../../shared/schemas/limits';
import type { Db } from '../../db/client';
import { photos } from '../../db/schema';
import { ApiError } from '../../lib/errors';
import { IMAGE_TYPES, InvalidImageError, sniffImage, stripMetadata } from '../../lib/images';

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
 * at MAX_PHOTOS whatever runs at the same time; when it refuses the batch, the objects just stored are removed,
 * so no upload leaves an object without its row.
 */
export async function storePhotos(db: Db, bucket: R2Bucket, stoneId: string, checked: CheckedPhoto[]): Promise<string[]> {
  const keys = checked.map((photo) => `${crypto.randomUUID()}.${photo.extension}`);
  await Promise.all(
    checked.map((photo, i) => bucket.put(keys[i] ?? '', photo.bytes, { httpMetadata: { contentType: photo.contentType } })),
  );
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
    await bucket.delete(keys);
    if (String(error instanceof Error && error.cause ? error.cause : error).includes('MAX_PHOTOS_EXCEEDED')) {
      throw new ApiError(409, 'TOO_MANY_PHOTOS', { id: 'photo.tooMany', values: { count: MAX_PHOTOS } });
    }
    throw error;
  }
  return keys;
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
