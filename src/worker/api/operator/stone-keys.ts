import { eq, or, type SQL, sql } from 'drizzle-orm';
import type { StoneCursor, StoneSearch } from '../../../shared/schemas/stone-list';
import { stones } from '../../db/schema';

/*
 * The operator's table, newest first, by (created_at, code): a run of its keys starts at a cursor and walks one way.
 * Each kind of search says which stones match (stoneSource) and reads its keys from an index, never by skipping
 * rows: the stones' own index for the whole table, a code or an e-mail; the title words' index for a title
 * (decision record 030, "The operator's table at size").
 */

export type Direction = 'desc' | 'asc';

/** A run of keys: from a cursor (beyond it, or from it on when `inclusive`), one way, `limit` of them after `offset`. */
export interface Run {
  dir: Direction;
  from: StoneCursor;
  inclusive: boolean;
  limit: number;
  offset: number;
}

/** The two ends of the table as cursors: the newest page is the run after the first, the oldest the run after the second. */
export const NEWEST_END: StoneCursor = { at: Number.MAX_SAFE_INTEGER, code: '' };
export const OLDEST_END: StoneCursor = { at: -1, code: '' };

/** `(at, code)` beyond the run's cursor, in its direction. */
export function beyond(at: SQL, code: SQL, run: Run): SQL {
  const op = run.dir === 'desc' ? (run.inclusive ? '<=' : '<') : run.inclusive ? '>=' : '>';
  return sql`(${at}, ${code}) ${sql.raw(op)} (${run.from.at}, ${run.from.code})`;
}

/** The order of a run, and its window. */
export const ordered = (at: SQL, code: SQL, run: Run): SQL =>
  sql`ORDER BY ${at} ${sql.raw(run.dir)}, ${code} ${sql.raw(run.dir)} LIMIT ${run.limit} OFFSET ${run.offset}`;

/** Where a prefix's words lie in the words' index: from the prefix up to the last string that still starts with it. */
export const prefixRange = (column: SQL, prefix: string): SQL => sql`${column} >= ${prefix} AND ${column} < ${`${prefix}\u{10FFFF}`}`;

/** The stones a search matches, as keys of a run, and how many there are (capped: `count` reads at most cap + 1). */
export interface StoneSource {
  /** The keys (`at`, `code`) of a run of matching stones. */
  keys(run: Run): SQL;
  /**
   * A statement answering `[{ n, cut }]`: the matching stones, at most cap + 1 counted, and whether the count stopped
   * before it had read every candidate (then `n` is only how many there are at least). None: the kept total.
   */
  count?: SQL;
  /** The count, when the search already read it. */
  counted?: number;
}

/** A search of the stones' own columns: the whole table, a code's start, an exact e-mail. */
export function columnSource(search: Exclude<StoneSearch, { kind: 'title' }>, cap: number): StoneSource {
  const where =
    search.kind === 'email'
      ? or(eq(stones.creatorEmail, search.email), eq(stones.creatorEmail, search.email.toLowerCase()))
      : search.kind === 'code'
        ? prefixRange(sql`${stones.code}`, search.code)
        : undefined;
  const at = sql`${stones.createdAt}`;
  const code = sql`${stones.code}`;
  // A code's start of one or two digits matches every 16th or 256th stone: the newest are found by walking the stones
  // in order. A longer one matches every 4096th or fewer: those are read by the code's index and ordered. (SQLite's
  // planner cannot tell them apart: the start is a parameter.)
  const index =
    search.kind === 'code' ? sql.raw(search.code.replace(/-/g, '').length < 3 ? 'stones_created_at_idx' : 'stones_code_unique') : null;
  const from = index ? sql`${stones} INDEXED BY ${index}` : sql`${stones}`;
  return {
    keys: (run) =>
      sql`SELECT ${at} AS at, ${code} AS code FROM ${from} WHERE ${beyond(at, code, run)}${where ? sql` AND ${where}` : sql``} ${ordered(at, code, run)}`,
    count: where ? sql`SELECT count(*) AS n, 0 AS cut FROM (SELECT 1 FROM ${stones} WHERE ${where} LIMIT ${cap + 1})` : undefined,
  };
}

/** The rows of a run's keys, read by their codes (the page's stones, in no order: the caller orders them). */
export const keyed = (keys: SQL): SQL => sql`${stones.code} IN (SELECT code FROM (${keys}))`;
