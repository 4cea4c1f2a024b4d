import { type SQL, sql } from 'drizzle-orm';
import { COUNTRY_CODES } from '../../../shared/countries';
import type { GoalInput } from '../../../shared/schemas/goal';
import { stones } from '../../db/schema';
import { countryAt } from '../../geo/countries';
import { ApiError } from '../../lib/errors';

/** A goal as the stone's columns keep it. */
export interface GoalColumns {
  goalLatitude: number | null;
  goalLongitude: number | null;
  goalName: string | null;
  goalCountry: string | null;
  goalNote: string | null;
}

/**
 * The columns of an owner's new goal (decision record 042): a place's country told from its position by the
 * countries' outlines, as a find's is; a country the outlines do not know is refused (no find could reach it).
 */
export async function goalColumns(goal: GoalInput): Promise<GoalColumns> {
  if (goal === null) return { goalLatitude: null, goalLongitude: null, goalName: null, goalCountry: null, goalNote: null };
  if ('country' in goal) {
    if (!COUNTRY_CODES.includes(goal.country)) throw new ApiError(400, 'VALIDATION_ERROR', 'server-owner.goal.countryUnknown');
    return { goalLatitude: null, goalLongitude: null, goalName: null, goalCountry: goal.country, goalNote: goal.note };
  }
  return {
    goalLatitude: goal.latitude,
    goalLongitude: goal.longitude,
    goalName: goal.name,
    goalCountry: await countryAt(goal, null),
    goalNote: goal.note,
  };
}

/**
 * When the goal was reached, after the change: kept while the place (or the country) stays the same (a new note
 * changes nothing), else none: a new goal is reached by a find to come.
 */
export function reachedAfterChange(goal: GoalColumns): SQL {
  const same =
    goal.goalLatitude === null
      ? sql`${stones.goalLatitude} IS NULL AND ${stones.goalCountry} IS ${goal.goalCountry}`
      : sql`${stones.goalLatitude} IS ${goal.goalLatitude} AND ${stones.goalLongitude} IS ${goal.goalLongitude}`;
  return sql`CASE WHEN ${same} THEN ${stones.goalReachedAt} ELSE NULL END`;
}
