import { and, asc, eq, inArray, isNotNull, lt, type SQL, sql } from 'drizzle-orm';
import type { BatchItem } from 'drizzle-orm/batch';
import { MAX_PENDING_FIND_PHOTOS } from '../../shared/schemas/limits';
import type { Db } from '../db/client';
import { findPhotos, finds } from '../db/schema';

/** A finder's photo stored in R2 for its find's row. */
export interface StoredFindPhoto {
  r2Key: string;
  contentType: string;
  sizeBytes: number;
}

/**
 * The stone has room for another photo waiting for its owner (fewer than MAX_PENDING_FIND_PHOTOS): read in the
 * find's batch by find_photos_stone_status_idx, at most that many entries, so finds at the same moment (D1 runs
 * batches one after another) can never take the stone past it.
 */
export const pendingRoomSql = (stoneId: string): SQL =>
  sql`(SELECT count(*) FROM (SELECT 1 FROM ${findPhotos} WHERE ${findPhotos.stoneId} = ${stoneId} AND ${findPhotos.status} = 'pending' LIMIT ${MAX_PENDING_FIND_PHOTOS})) < ${MAX_PENDING_FIND_PHOTOS}`;

/** The photo's row of the find `findId` was written (by its batch, earlier in it). */
export const findPhotoWritten = (findId: string): SQL => sql`EXISTS (SELECT 1 FROM ${findPhotos} WHERE ${findPhotos.findId} = ${findId})`;

/**
 * The photo's row, written in the find's own batch and only when the find was (`onlyIf`): a repeated
 * Idempotency-Key writes no find, so no second photo either. It waits for the owner (`pending`), unless the stone
 * has no room for another waiting photo: then the find is stored without it (the answer's rows say which).
 */
export function insertFindPhoto(db: Db, findId: string, stoneId: string, photo: StoredFindPhoto, onlyIf: SQL, now: Date) {
  return db
    .insert(findPhotos)
    .select(
      sql`SELECT ${findId}, ${stoneId}, ${photo.r2Key}, ${photo.contentType}, ${photo.sizeBytes}, 'pending', ${now.getTime()}, NULL WHERE ${onlyIf} AND ${pendingRoomSql(stoneId)}`,
    )
    .returning({ findId: findPhotos.findId });
}

/** Whether a find photo row holds `key` (after a batch whose outcome is unknown). */
export async function findPhotoKeyStored(db: Db, key: string): Promise<boolean> {
  return (await db.select({ key: findPhotos.r2Key }).from(findPhotos).where(eq(findPhotos.r2Key, key)).get()) !== undefined;
}

/** The photos of a stone's finds for its views: every one for its owner, the approved ones for everybody else. */
export function findPhotosOf(db: Db, stoneId: SQL | string, all: boolean) {
  const ofStone = eq(findPhotos.stoneId, stoneId);
  return db
    .select({ findId: findPhotos.findId, status: findPhotos.status, r2Key: findPhotos.r2Key })
    .from(findPhotos)
    .where(all ? ofStone : and(ofStone, eq(findPhotos.status, 'approved')));
}

/** A find's photo of this stone with its bytes still stored (pending or approved), or null. */
export async function storedFindPhoto(db: Db, stoneId: string, findId: string) {
  const row = await db
    .select({ r2Key: findPhotos.r2Key, status: findPhotos.status })
    .from(findPhotos)
    .where(and(eq(findPhotos.findId, findId), eq(findPhotos.stoneId, stoneId), isNotNull(findPhotos.r2Key)))
    .get();
  return row?.r2Key ? { r2Key: row.r2Key, status: row.status } : null;
}

/** The key of a find's photo everybody may see: approved, its find not hidden. */
export async function publicFindPhotoKey(db: Db, findId: string): Promise<string | null> {
  const row = await db
    .select({ r2Key: findPhotos.r2Key })
    .from(findPhotos)
    .innerJoin(finds, eq(finds.id, findPhotos.findId))
    .where(and(eq(findPhotos.findId, findId), eq(findPhotos.status, 'approved'), eq(finds.hidden, false)))
    .get();
  return row?.r2Key ?? null;
}

/** The owner approves a find's photo whose bytes are still there; false when there is none. */
export async function approveFindPhoto(db: Db, stoneId: string, findId: string, now = new Date()): Promise<boolean> {
  const changed = await db
    .update(findPhotos)
    .set({ status: 'approved', decidedAt: now })
    .where(and(eq(findPhotos.findId, findId), eq(findPhotos.stoneId, stoneId), isNotNull(findPhotos.r2Key)))
    .returning({ findId: findPhotos.findId });
  return changed.length > 0;
}

/** Of `keys`, those a find photo row holds (the cron's sweep: such an object is no orphan). */
export async function findPhotoKeysAmong(db: Db, keys: string[]): Promise<string[]> {
  if (keys.length === 0) return [];
  const rows = await db.select({ key: findPhotos.r2Key }).from(findPhotos).where(inArray(findPhotos.r2Key, keys));
  return rows.flatMap((row) => (row.key ? [row.key] : []));
}

/**
 * A find's photo is taken down (the owner rejects it, or the operator removes a reported one): the row stays,
 * `rejected` and without its key, so the find keeps saying a photo was refused; the caller then deletes the bytes
 * under the returned key from R2. The update is guarded by the key as read, so two take-downs at the same moment
 * delete once. Answers null when the find has no photo bytes (none sent, or already taken down). `alongside` runs
 * in the same batch after the take-down (the operator resolving the find's reports; guarded by the caller).
 */
export async function dropFindPhoto(
  db: Db,
  findId: string,
  now = new Date(),
  alongside: BatchItem<'sqlite'>[] = [],
): Promise<string | null> {
  const row = await db.select({ r2Key: findPhotos.r2Key }).from(findPhotos).where(eq(findPhotos.findId, findId)).get();
  if (!row?.r2Key) return null;
  const [dropped] = await db.batch([
    db
      .update(findPhotos)
      .set({ status: 'rejected', r2Key: null, decidedAt: now })
      .where(and(eq(findPhotos.findId, findId), eq(findPhotos.r2Key, row.r2Key)))
      .returning({ findId: findPhotos.findId }),
    ...alongside,
  ]);
  return dropped.length > 0 ? row.r2Key : null;
}

/**
 * Pending photos created before `before` expire: at most `limit`, the oldest first (find_photos_pending_idx). Their
 * rows are left `expired` without a key, guarded by the key as read, so a photo its owner decided about at the same
 * moment keeps that decision; answers the keys whose bytes the caller then deletes.
 */
export async function expirePendingPhotos(db: Db, before: Date, limit: number, now: Date): Promise<string[]> {
  const due = await db
    .select({ findId: findPhotos.findId, r2Key: findPhotos.r2Key })
    .from(findPhotos)
    .where(and(eq(findPhotos.status, 'pending'), lt(findPhotos.createdAt, before)))
    .orderBy(asc(findPhotos.createdAt))
    .limit(limit);
  const keyOf = new Map(due.flatMap((row) => (row.r2Key ? [[row.findId, row.r2Key] as const] : [])));
  if (keyOf.size === 0) return [];
  const expired = await db
    .update(findPhotos)
    .set({ status: 'expired', r2Key: null, decidedAt: now })
    .where(and(eq(findPhotos.status, 'pending'), inArray(findPhotos.r2Key, [...keyOf.values()])))
    .returning({ findId: findPhotos.findId });
  return expired.flatMap((row) => keyOf.get(row.findId) ?? []);
}
