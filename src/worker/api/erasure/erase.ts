import type { Context } from 'hono';
import { getDb } from '../../db/client';
import { changed } from '../../lib/changes';
import { log } from '../../lib/logger';
import { removeCards, storedSince } from '../../share/erase';
import { collectionCardPrefix, stoneCardPrefix } from '../../share/storage';
import type { AppEnv } from '../../types';
import { publishStatistics } from '../statistics/queries';
import { type Erased, eraseRows } from './queries';

/** R2 deletes at most this many keys per call. */
const DELETE_BATCH = 1000;

/**
 * Deletes a stone (its owner's or the operator's delete) or a memorial collection with its stones: every row about
 * them first (queries.ts eraseRows, one guarded batch), then every R2 object that shows them: the owner's photos,
 * the finders' photos and every share card version of each stone, the collection's cards when the collection goes,
 * and, when a single stone leaves its collection, the collection's cards stored before (they drew its journey; the
 * collection is asked for a new one: the deletion adds to the write's change, lib/changes.ts `changed`). The edge
 * cache's scopes are renewed by the route's declared change (worker/endpoints.ts) and what this adds. Answers false
 * when there is no such stone.
 *
 * With the rows gone first, an object that cannot be deleted now is never served (the photo and card routes ask
 * D1), and the cron's orphan sweep removes it later (jobs/photo-sweep.ts sweepOrphanObjects).
 */
export async function erase(c: Context<AppEnv>, which: Erased): Promise<boolean> {
  const now = new Date();
  const erased = await eraseRows(getDb(c.env.DB), which, now);
  if (!erased) return false;
  await publishStatistics(c.env.CACHE, erased.totals);
  const bucket = c.env.PHOTOS;
  for (let i = 0; i < erased.photoKeys.length; i += DELETE_BATCH) {
    const keys = erased.photoKeys.slice(i, i + DELETE_BATCH);
    try {
      await bucket.delete(keys);
    } catch (error) {
      log.error('photos of a deleted stone left in the bucket (not served; swept later)', { count: keys.length, error: String(error) });
    }
  }
  for (const code of erased.codes) await removeCards(bucket, stoneCardPrefix(code));
  if ('collectionId' in which) await removeCards(bucket, collectionCardPrefix(which.collectionId));
  // What is gone gets no card; the collection a stone left shows it no more (lib/changes.ts).
  changed(c, {
    deletedStones: erased.codes,
    deletedCollection: 'collectionId' in which ? which.collectionId : undefined,
    leftCollection: erased.collectionId,
  });
  if (erased.collectionId) {
    await removeCards(bucket, collectionCardPrefix(erased.collectionId), storedSince(now, null));
  }
  return true;
}
