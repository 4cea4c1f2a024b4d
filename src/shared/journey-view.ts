/**
 * A country a stone reached: ISO 3166-1 alpha-2, its name in the request's language, and when its first counted find
 * there was logged (ISO).
 */
export interface CountryReached {
  code: string;
  name: string;
  firstReachedAt: string;
}

/** A month of a journey as the owner page's and the collection page's chart draw it (Europe/Berlin months). */
export interface JourneyMonth {
  /** "2026-05". */
  month: string;
  /** Counted public finds logged in the month. */
  finds: number;
  /** Kilometres of the legs that ended in the month, to a tenth. */
  km: number;
}
