import type { Context } from 'hono';
import { MAX_PHOTO_BYTES } from '../../../../shared/schemas/limits';
import type { Db } from '../../../db/client';
import { transientKind } from '../../../db/retry';
import { ApiError } from '../../../lib/errors';
import { log } from '../../../lib/logger';
import { readFormData, readJsonObject } from '../../../lib/validate';
import {
  approveFindPhoto,
  dropFindPhoto,
  expirePendingPhotos,
  findPhotoKeyStored,
  type StoredFindPhoto,
  storedFindPhoto,
} from '../../../photos/find-photo-queries';
import { type CheckedPhoto, checkPhotos } from '../../../photos/store';
import type { AppEnv } from '../../../types';

/**
 * Finders' photos live in R2 under this prefix: the public `/photos/:key` route serves only `<uuid>.<ext>`, so a
 * photo the owner has not approved can never be reached there, whoever learns its key.
 */
export const FIND_PHOTO_PREFIX = 'finds/';

/** One photo at its largest, plus the find's own fields. */
const MAX_FIND_UPLOAD_BYTES = MAX_PHOTO_BYTES + 64 * 1024;

/**
 * A find as it was sent: JSON, or `multipart/form-data` with the same fields as text (the find schema reads both)
 * and at most one file, `photo`, checked by its bytes and cleaned of its metadata before anything is stored.
 */
export async function readFindRequest(c: Context<AppEnv>): Promise<{ fields: Record<string, unknown>; photo: CheckedPhoto | null }> {
  if (!/^multipart\/form-data\b/i.test(c.req.header('content-type') ?? '')) return { fields: await readJsonObject(c.req.raw), photo: null };
  const form = await readFormData(c.req.raw, MAX_FIND_UPLOAD_BYTES);
  const fields: Record<string, unknown> = {};
  const files: File[] = [];
  for (const [name, value] of form) {
    if (typeof value !== 'string') {
      // An empty file part is what a form sends when nothing was chosen.
      if (value.size === 0 && value.name === '') continue;
      if (name !== 'photo') throw new ApiError(400, 'VALIDATION_ERROR', 'server.photo.findPhotoField');
      files.push(value);
    } else if (!(name in fields)) fields[name] = value;
  }
  if (files.length > 1) throw new ApiError(400, 'TOO_MANY_PHOTOS', 'server.photo.onlyOne');
  const [photo] = await checkPhotos(files);
  return { fields, photo: photo ?? null };
}

/** Puts a checked photo into R2 under a new key of its own; 503 when R2 refuses it (nothing is stored then). */
export async function putFindPhoto(bucket: R2Bucket, photo: CheckedPhoto): Promise<StoredFindPhoto> {
  const r2Key = `${FIND_PHOTO_PREFIX}${crypto.randomUUID()}.${photo.extension}`;
  try {
    await bucket.put(r2Key, photo.bytes, { httpMetadata: { contentType: photo.contentType } });
  } catch (error) {
    log.warn('find photo not stored: R2 refused the put', { error: String(error) });
    throw new ApiError(503, 'PHOTO_STORAGE_UNAVAILABLE', 'server.api.photoStorageUnavailable', undefined, { 'Retry-After': '1' });
  }
  return { r2Key, contentType: photo.contentType, sizeBytes: photo.bytes.length };
}

/**
 * The photo's bytes after the find's batch did not keep them: refused, or a repeat of an earlier find. When the
 * batch's outcome is unknown (the connection to D1 was lost), its row is looked for first: a stored row keeps them.
 */
export async function forgetFindPhoto(db: Db, bucket: R2Bucket, key: string, cause?: unknown): Promise<void> {
  try {
    if (cause !== undefined && transientKind(cause) === 'outcome-unknown' && (await findPhotoKeyStored(db, key))) return;
    await bucket.delete(key);
  } catch (error) {
    // The cron's sweep removes it later (jobs/photo-sweep.ts sweepOrphanObjects): it has no row.
    log.error('find photo without a row could not be removed', { key, error: String(error) });
  }
}

const notFound = () => new ApiError(404, 'FIND_PHOTO_NOT_FOUND', 'server.api.findPhotoNotFound');

/**
 * 404 when the stone's find has no photo left to decide about: asked before a request that also hides or accepts
 * the find changes anything, so a refused decision leaves the find as it was.
 */
export async function requireFindPhoto(db: Db, stoneId: string, findId: string): Promise<void> {
  if (!(await storedFindPhoto(db, stoneId, findId))) throw notFound();
}

/**
 * The owner (or the operator) approves a find's photo, or rejects it: its row is left `rejected` without its key,
 * then its bytes are deleted. 404 when the find has no photo left to decide about.
 */
export async function decideFindPhoto(db: Db, bucket: R2Bucket, stoneId: string, findId: string, decision: 'approved' | 'rejected') {
  if (decision === 'approved') {
    if (!(await approveFindPhoto(db, stoneId, findId))) throw notFound();
    return;
  }
  if (!(await storedFindPhoto(db, stoneId, findId))) throw notFound();
  const key = await dropFindPhoto(db, findId);
  // Rejected by someone else at the same moment: they delete the bytes.
  if (key) await forgetFindPhoto(db, bucket, key);
}

/** Undecided photos the cron deletes per run, the oldest first: the next run (five minutes on) takes the rest. */
export const EXPIRED_FIND_PHOTOS_PER_RUN = 50;

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * A finder's photo its owner has not decided about within `days` is deleted: its row is left `expired` without a
 * key first, then its bytes go from R2 (an object that cannot be deleted now has no row any more, so it is never
 * shown and the orphan sweep removes it). Answers how many expired.
 */
export async function expireFindPhotos(db: Db, bucket: R2Bucket, now: Date, days: number, limit = EXPIRED_FIND_PHOTOS_PER_RUN) {
  const keys = await expirePendingPhotos(db, new Date(now.getTime() - days * DAY_MS), limit, now);
  if (keys.length === 0) return 0;
  try {
    await bucket.delete(keys);
  } catch (error) {
    log.error('expired find photos left in the bucket', { count: keys.length, error: String(error) });
  }
  return keys.length;
}
