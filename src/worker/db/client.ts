import { drizzle } from 'drizzle-orm/d1';
import { retryingD1 } from './retry';
import * as schema from './schema';

/** Drizzle over the D1 binding, with D1's transient errors handled (db/retry.ts). */
export function getDb(d1: D1Database) {
  return drizzle(retryingD1(d1), { schema });
}
export type Db = ReturnType<typeof getDb>;

/** The newest migration applied to the database (wrangler's own table, outside the schema), or null for none. */
export async function appliedMigration(d1: D1Database): Promise<string | null> {
  const row = await d1.prepare('SELECT name FROM d1_migrations ORDER BY id DESC LIMIT 1').first<{ name: string }>();
  return row?.name ?? null;
}
