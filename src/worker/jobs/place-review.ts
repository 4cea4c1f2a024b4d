import { getDb } from '../db/client';
import { edgeCacheSeconds, invalidate } from '../lib/edge-cache';
import { reviewedPlace } from '../lib/legacy-place';
import { log } from '../lib/logger';
import { type ReviewedPlace, storeReviewedPlaces, unreviewedFinds } from './place-queries';

/** Finds reviewed per run: the next run takes the rest (every five minutes, about 58 000 a day). */
export const PLACES_REVIEWED_PER_RUN = 200;

/**
 * The finder's precision governs what is published of the place, for finds from before it was stored too: the
 * cron infers each such find's precision from its position (lib/legacy-place.ts), stores it with the place left
 * without street, number and postcode, rewrites the place in the mails that named it, and starts new edge-cache
 * generations of the stones (and their collections) whose place changed. Answers how many finds it reviewed.
 */
export async function reviewPlaces(env: Env, limit = PLACES_REVIEWED_PER_RUN): Promise<number> {
  const db = getDb(env.DB);
  const rows = await unreviewedFinds(db, limit);
  if (rows.length === 0) return 0;
  const reviewed: ReviewedPlace[] = rows.map((row) => ({
    id: row.id,
    ...reviewedPlace(row),
    previous: row.location,
    code: row.code,
    createdAt: row.createdAt.toISOString(),
  }));
  await storeReviewedPlaces(db, reviewed);
  const changed = new Set(reviewed.filter((find) => find.location !== find.previous).map((find) => find.code));
  const scopes = rows
    .filter((row) => changed.has(row.code))
    .flatMap((row) => [`stone:${row.code}` as const, ...(row.collectionId ? [`collection:${row.collectionId}` as const] : [])]);
  await invalidate(new URL(env.PUBLIC_SITE_URL).origin, [...new Set(scopes)], edgeCacheSeconds(env), null);
  log.info('find places reviewed', { count: rows.length, stones: changed.size });
  return rows.length;
}
