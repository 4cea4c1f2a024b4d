import { drizzle } from 'drizzle-orm/d1';
import { retryingD1 } from './retry';

/**
 * Drizzle over the D1 binding, with D1's transient errors handled (db/retry.ts). Without the schema: the app writes
 * its queries with the query builder and never uses Drizzle's relational queries (`db.query.*`), whose relations
 * Drizzle would otherwise work out from every table again on each call — a tenth of a find's CPU time.
 */
export function getDb(d1: D1Database) {
  return drizzle(retryingD1(d1));
}
export type Db = ReturnType<typeof getDb>;

/** The newest migration applied to the database (wrangler's own table, outside the schema), or null for none. */
export async function appliedMigration(d1: D1Database): Promise<string | null> {
  const row = await d1.prepare('SELECT name FROM d1_migrations ORDER BY id DESC LIMIT 1').first<{ name: string }>();
  return row?.name ?? null;
}
