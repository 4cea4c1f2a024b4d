import { type SQL, sql } from 'drizzle-orm';
import type { Position } from '../../../shared/geo';
import { GOAL_REACH_KM } from '../../../shared/schemas/goal';
import type { StoneStatus } from '../../../shared/types';
import { finds, stones } from '../../db/schema';
import { legFromSql, legSql } from './distance-sql';

/*
 * The conditions a find's batch is guarded by (decision record 017). They read inside the transaction, each one
 * row by primary key, so the write reads a constant number of rows however many finds and stones there are.
 */

/** A find faster than this since the previous counted position is flagged (spec of plausibility: 1 000 km/h). */
export const MAX_PLAUSIBLE_KMH = 1000;
/** A second find of the same client on the same stone within this time is flagged. */
export const REPEAT_WINDOW_MS = 60 * 60 * 1000;

/**
 * The find `id` was stored by this batch. A repeated `Idempotency-Key` makes the insert do nothing, so every
 * later statement of the batch that writes is guarded by this.
 */
export const findInserted = (id: string): SQL => sql`EXISTS (SELECT 1 FROM ${finds} WHERE ${finds.id} = ${id})`;

/** The flag the find `id` was stored with (NULL when plausible, or when there is no such find). */
export const storedFlagSql = (id: string): SQL => sql`(SELECT ${finds.flag} FROM ${finds} WHERE ${finds.id} = ${id})`;

/** The find `id` counts for the distance: it is not flagged (a flagged find waits for the owner). */
export const findCounted = (id: string): SQL => sql`${storedFlagSql(id)} IS NULL`;

/** The stone's last counted position as columns of a row of `stones` (the batch reads it as `s`). */
export interface LastPosition {
  latitude: SQL;
  longitude: SQL;
  /** When that position was logged (ms). */
  at: SQL;
}

/**
 * The new position is implausibly far from the last counted one: its leg means more than MAX_PLAUSIBLE_KMH
 * since that position was logged. Never for a find without a position or a stone without a last position.
 */
export function speedFlagSql(last: LastPosition, position: Position | null, now: number): SQL {
  if (!position) return sql`0`;
  return sql`${last.latitude} IS NOT NULL AND ${last.at} IS NOT NULL AND ${legFromSql(last.latitude, last.longitude, position)} > ${MAX_PLAUSIBLE_KMH} * max(${now} - ${last.at}, 0) / 3600000.0`;
}

/** The same client (its keyed hash, lib/client-hash.ts) logged the same stone within REPEAT_WINDOW_MS before `now`. */
export function repeatFlagSql(hash: string | null, now: number): SQL {
  if (!hash) return sql`0`;
  return sql`EXISTS (SELECT 1 FROM ${finds} r WHERE r.client_hash = ${hash} AND r.created_at > ${now - REPEAT_WINDOW_MS})`;
}

/** The flag a new find is stored with: `speed` before `repeat`, NULL when it is plausible. */
export const findFlagSql = (speed: SQL, repeat: SQL): SQL =>
  sql`CASE WHEN ${speed} THEN 'speed' WHEN ${repeat} THEN 'repeat' ELSE NULL END`;

/** The stone's counters as a moderation read them; when they changed, the moderation starts over. */
export interface StoneCounters {
  findSeq: number;
  hiddenFindCount: number;
  totalDistanceKm: number;
}

/** No find was logged or moderated on the stone since its counters were read. */
export const stoneUnchanged = (stoneId: string, read: StoneCounters): SQL =>
  sql`EXISTS (SELECT 1 FROM ${stones} WHERE ${stones.id} = ${stoneId} AND ${stones.findSeq} = ${read.findSeq} AND ${stones.hiddenFindCount} = ${read.hiddenFindCount} AND ${stones.totalDistanceKm} = ${read.totalDistanceKm})`;

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * The days a missing stone was gone when a plausible find (its `flag` SQL is NULL) finds it again: since it was
 * last seen, as the stone's row (aliased `s`) says before this find. NULL for a stone that was not missing.
 */
export const foundAgainSql = (flag: SQL, now: number): SQL =>
  sql`CASE WHEN s.status = 'missing' AND (${flag}) IS NULL THEN CAST((${now} - coalesce(s.last_seen_at, s.created_at)) / ${DAY_MS} AS INTEGER) END`;

/**
 * The stone's columns after a find: a counted one (`counted`) was seen now and sets the status the finder chose
 * (a status that changes dates from now); a flagged one changes nothing until the owner accepts it. SQLite reads
 * every column of the update as the row was, so the comparison sees the old status.
 */
export function statusAfterFind(counted: SQL, next: StoneStatus, now: number) {
  return {
    status: sql`CASE WHEN ${counted} THEN ${next} ELSE ${stones.status} END`,
    statusSince: sql`CASE WHEN ${counted} AND ${stones.status} <> ${next} THEN ${now} ELSE ${stones.statusSince} END`,
    lastSeenAt: sql`CASE WHEN ${counted} THEN ${now} ELSE ${stones.lastSeenAt} END`,
  };
}

/**
 * When the stone reaches its goal (decision record 042): at `now` for a counted find with a position within
 * GOAL_REACH_KM of the goal place, or, for a goal country, with a position in it (`country`, told from the position);
 * once, and never undone by a later find. A find without a position reaches nothing.
 */
export function goalReachedSql(counted: SQL, position: Position | null, country: string | null, now: number): SQL {
  if (!position) return sql`${stones.goalReachedAt}`;
  const near = sql`${stones.goalLatitude} IS NOT NULL AND ${legSql(sql`${stones.goalLatitude}`, sql`${stones.goalLongitude}`, position)} <= ${GOAL_REACH_KM}`;
  const inCountry = country ? sql`${stones.goalLatitude} IS NULL AND ${stones.goalCountry} = ${country}` : sql`0`;
  return sql`CASE WHEN ${stones.goalReachedAt} IS NULL AND ${counted} AND ((${near}) OR (${inCountry})) THEN ${now} ELSE ${stones.goalReachedAt} END`;
}

/** The goal the find `now` reached, as its mails tell it (JSON), or NULL when it reached none. */
export const goalReachedBySql = (stoneId: string, now: number): SQL =>
  sql`(SELECT CASE WHEN ${stones.goalReachedAt} = ${now} THEN json_object('name', ${stones.goalName}, 'country', ${stones.goalCountry}, 'note', ${stones.goalNote}) END FROM ${stones} WHERE ${stones.id} = ${stoneId})`;
