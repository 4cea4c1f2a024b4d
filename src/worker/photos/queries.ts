import { and, count, eq, gte, inArray, lte, sql } from 'drizzle-orm';
import type { BatchItem } from 'drizzle-orm/batch';
import type { Db } from '../db/client';
import { orphanSightings, photos, stones } from '../db/schema';
import { cardsErased } from '../share/queries';
import { findPhotoKeysAmong } from './find-photo-queries';

/** How many photos a stone has. */
export async function photoCount(db: Db, stoneId: string): Promise<number> {
  return (await db.select({ n: count() }).from(photos).where(eq(photos.stoneId, stoneId)).get())?.n ?? 0;
}

/** A photo object stored in R2, for its row. */
export interface StoredPhoto {
  r2Key: string;
  contentType: string;
  sizeBytes: number;
}

/**
 * The rows of a stone's new photos, all in one batch: the database's trigger refuses the whole batch when it
 * would take the stone past MAX_PHOTOS, whatever runs at the same time. They keep the upload's order.
 */
export async function insertPhotoRows(db: Db, stoneId: string, stored: StoredPhoto[], now = Date.now()): Promise<void> {
  await runBatch(
    db,
    stored.map((photo, i) => db.insert(photos).values({ id: crypto.randomUUID(), stoneId, ...photo, createdAt: new Date(now + i) })),
  );
}

/**
 * Of `keys`, those that have a photo row: a stone's photo, or a finder's photo whose bytes are kept (pending or
 * approved). D1 binds at most 100 values per statement, so it asks in chunks.
 */
export async function keysWithRow(db: Db, keys: string[]): Promise<Set<string>> {
  const stored = new Set<string>();
  for (const chunk of chunks(keys, 90)) {
    const rows = await db.select({ key: photos.r2Key }).from(photos).where(inArray(photos.r2Key, chunk));
    for (const row of rows) stored.add(row.key);
    for (const key of await findPhotoKeysAmong(db, chunk)) stored.add(key);
  }
  return stored;
}

/** Whether a stone's photo row holds `key` (the public photo route serves nothing else). */
export async function stonePhotoStored(db: Db, key: string): Promise<boolean> {
  return (await db.select({ id: photos.id }).from(photos).where(eq(photos.r2Key, key)).get()) !== undefined;
}

/**
 * Deletes one photo row of one stone; false when the stone has no photo under `key`. In the same batch the stone's
 * share cards are erased (share/erase.ts): any of them may show the photo.
 */
export async function deletePhotoRow(db: Db, stoneId: string, key: string, now = new Date()): Promise<boolean> {
  const own = and(eq(photos.stoneId, stoneId), eq(photos.r2Key, key));
  const [, removed] = await db.batch([
    db
      .update(stones)
      .set(cardsErased(now))
      .where(and(eq(stones.id, stoneId), sql`EXISTS (SELECT 1 FROM ${photos} WHERE ${own})`)),
    db.delete(photos).where(own).returning({ key: photos.r2Key }),
  ]);
  return removed.length > 0;
}

/** The sightings of objects without a row whose keys lie from `first` to `last` (either end open when not given). */
export async function orphanSightingsBetween(db: Db, first: string | undefined, last: string | undefined) {
  return db
    .select()
    .from(orphanSightings)
    .where(
      and(
        first !== undefined ? gte(orphanSightings.r2Key, first) : undefined,
        last !== undefined ? lte(orphanSightings.r2Key, last) : undefined,
      ),
    );
}

/** Records the objects first seen without a row now and forgets the sightings named, in one batch. */
export async function updateOrphanSightings(db: Db, change: { seen: string[]; forgotten: string[] }, now: Date): Promise<void> {
  await runBatch(db, [
    ...chunks(change.seen, 45).map((keys) =>
      db
        .insert(orphanSightings)
        .values(keys.map((r2Key) => ({ r2Key, firstSeenAt: now })))
        .onConflictDoNothing(),
    ),
    ...chunks(change.forgotten, 90).map((keys) => db.delete(orphanSightings).where(inArray(orphanSightings.r2Key, keys))),
  ]);
}

function chunks<T>(items: T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

/** Runs the statements as one batch (one round trip, one transaction); none is nothing to do. */
async function runBatch(db: Db, statements: BatchItem<'sqlite'>[]): Promise<void> {
  const [head, ...rest] = statements;
  if (head) await db.batch([head, ...rest]);
}
