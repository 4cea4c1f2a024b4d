import { desc } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { collections } from '../../../db/schema';

/**
 * The memorial collections the sitemap lists (their pages are declared `indexing: 'sitemap'`), newest first, with
 * the date of their last edit; a sitemap file holds at most 50 000 addresses, far more than this bound.
 */
export async function sitemapCollections(db: Db) {
  return db
    .select({ id: collections.id, createdAt: collections.createdAt, updatedAt: collections.updatedAt })
    .from(collections)
    .orderBy(desc(collections.createdAt))
    .limit(5000);
}
