import { and, eq } from 'drizzle-orm';
import type { BatchItem } from 'drizzle-orm/batch';
import type { Db } from '../../../db/client';
import { findPhotos } from '../../../db/schema';

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
