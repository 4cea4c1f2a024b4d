import type { Db } from '../db/client';
import { log } from '../lib/logger';
import { keysWithRow, orphanSightingsBetween, updateOrphanSightings } from '../photos/queries';
import { cardKeysWithOwner } from '../share/erase';
import { isShareCardKey } from '../share/storage';

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
