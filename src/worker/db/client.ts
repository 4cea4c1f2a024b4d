import { drizzle } from 'drizzle-orm/d1';
import { retryingD1 } from './retry';
import * as schema from './schema';

/** Drizzle over the D1 binding, with D1's transient errors handled (db/retry.ts). */
export function getDb(d1: D1Database) {
  return drizzle(retryingD1(d1), { schema });
}
export type Db = ReturnType<typeof getDb>;
