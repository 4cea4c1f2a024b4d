/*
 * The memorial day ("MM-DD", src/shared/schemas/memorial.ts) as people read it: "17. Mai", "17 May", "17 mai".
 * Dates of the year 2000, a leap year, so February 29 is a day like the others; in UTC, so no zone moves it.
 */

/** The days each month may have (February 29 too: in other years the letter comes on the 28th). */
export const DAYS_IN_MONTH = [31, 29, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31] as const;

/** Month and day of "MM-DD" as numbers ([5, 17] for "05-17"). */
export function monthAndDay(value: string): [month: number, day: number] {
  const [month = 1, day = 1] = value.split('-').map(Number);
  return [month, day];
}

/** "MM-DD" from month and day (1-based). */
export const memorialDayOf = (month: number, day: number) => `${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;

/** A day and month in the language of `locale` (a BCP 47 tag): "17. Mai" in German. */
export function formatMemorialDay(value: string, locale: string): string {
  const [month, day] = monthAndDay(value);
  return new Intl.DateTimeFormat(locale, { day: 'numeric', month: 'long', timeZone: 'UTC' }).format(Date.UTC(2000, month - 1, day));
}

/** The twelve months' names in the language of `locale`, as a month stands alone ("Mai", "May"). */
export function monthNames(locale: string): string[] {
  const format = new Intl.DateTimeFormat(locale, { month: 'long', timeZone: 'UTC' });
  return DAYS_IN_MONTH.map((_, index) => format.format(Date.UTC(2000, index, 1)));
}

/** The day and month of an ISO time in German time (as the server counts the creation's anniversary). */
export function anniversaryOf(iso: string, locale: string): string {
  return new Intl.DateTimeFormat(locale, { day: 'numeric', month: 'long', timeZone: 'Europe/Berlin' }).format(new Date(iso));
}
