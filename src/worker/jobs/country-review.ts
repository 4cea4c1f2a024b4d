import { asc, eq, gt, sql } from 'drizzle-orm';
import { hasPosition } from '../../shared/geo';
import { getDb } from '../db/client';
import { finds, stones } from '../db/schema';
import { countryAt } from '../geo/countries';
import { edgeCacheSeconds, invalidate } from '../lib/edge-cache';
import { log } from '../lib/logger';

/** Finds reviewed per run (every five minutes: about 144 000 a day), in the order of their ids. */
export const COUNTRIES_REVIEWED_PER_RUN = 500;
/** Where the review stands (KV): the last find id reviewed, or `done`. */
export const COUNTRY_REVIEW_KEY = 'review:find-countries';
/** Finds changed per statement: three bound values each stay within D1's 100. */
const PER_STATEMENT = 33;

/**
 * Finds written before their country was told from their position (decision record 041) get it: the cron reads
 * them in slices by id, tells each positioned find's country by the same rule as a new find's (its stored code,
 * the geocoder's, counts as the device's word), stores what changed and starts new edge-cache generations of the
 * stones and collections whose countries changed. Once every find was read, it stops for good. Answers how many
 * finds it changed.
 */
export async function reviewCountries(env: Env, limit = COUNTRIES_REVIEWED_PER_RUN): Promise<number> {
  const after = await env.CACHE.get(COUNTRY_REVIEW_KEY);
  if (after === 'done') return 0;
  const db = getDb(env.DB);
  const rows = await db
    .select({
      id: finds.id,
      latitude: finds.latitude,
      longitude: finds.longitude,
      countryCode: finds.countryCode,
      code: stones.code,
      collectionId: stones.collectionId,
    })
    .from(finds)
    .innerJoin(stones, eq(stones.id, finds.stoneId))
    .where(after ? gt(finds.id, after) : undefined)
    .orderBy(asc(finds.id))
    .limit(limit);
  const changed: Array<(typeof rows)[number] & { country: string | null }> = [];
  for (const row of rows) {
    if (row.latitude === null || row.longitude === null || !hasPosition(row)) continue;
    const country = await countryAt({ latitude: row.latitude, longitude: row.longitude }, row.countryCode);
    if (country !== row.countryCode) changed.push({ ...row, country });
  }
  const statements = [];
  for (let i = 0; i < changed.length; i += PER_STATEMENT) {
    const part = changed.slice(i, i + PER_STATEMENT);
    const cases = sql.join(
      part.map((row) => sql`WHEN ${row.id} THEN ${row.country}`),
      sql` `,
    );
    statements.push(
      db
        .update(finds)
        .set({ countryCode: sql`CASE ${finds.id} ${cases} END` })
        .where(
          sql`${finds.id} IN (${sql.join(
            part.map((row) => sql`${row.id}`),
            sql`, `,
          )})`,
        ),
    );
  }
  const [first, ...rest] = statements;
  if (first) await db.batch([first, ...rest]);
  const last = rows.at(-1);
  await env.CACHE.put(COUNTRY_REVIEW_KEY, rows.length < limit || !last ? 'done' : last.id);
  const scopes = changed.flatMap((row) => [
    `stone:${row.code}` as const,
    ...(row.collectionId ? [`collection:${row.collectionId}` as const] : []),
  ]);
  if (scopes.length) await invalidate(new URL(env.PUBLIC_SITE_URL).origin, [...new Set(scopes)], edgeCacheSeconds(env), null);
  log.info('find countries reviewed', { count: rows.length, changed: changed.length });
  return changed.length;
}
