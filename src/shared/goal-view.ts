/* A stone's goal as its views and mails show it (decision record 042). */

/**
 * A stone's goal: a place (`name`, `latitude`, `longitude`, and its `country`) or a country alone (its `name` in the
 * request's language, the position null), with the owner's note ('' for none).
 */
export interface StoneGoal {
  name: string | null;
  country: string | null;
  latitude: number | null;
  longitude: number | null;
  note: string;
  /**
   * Great-circle km from the last counted find to the goal place, 0 once reached; null before a counted find with a
   * position, and for a country until it is reached.
   */
  remainingKm: number | null;
  /** ISO time of the counted find that first reached it; null until then (it stays set when the goal is reached again). */
  reachedAt: string | null;
}

/** A goal as the mails of the find that reached it tell it. */
export type GoalReached = Pick<StoneGoal, 'name' | 'country' | 'note'>;
