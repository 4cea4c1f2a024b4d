import { sql } from 'drizzle-orm';
import { integer } from 'drizzle-orm/sqlite-core';

/** When a row was written (ms), set by SQLite: every table has one. */
export const createdAt = () =>
  integer('created_at', { mode: 'timestamp_ms' }).notNull().default(sql`(cast(unixepoch('subsec') * 1000 as integer))`);
