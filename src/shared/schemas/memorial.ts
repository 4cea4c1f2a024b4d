import * as v from 'valibot';

/*
 * The memorial day (decision record 039): a day and month an owner enters for a stone or a collection (the loved
 * one's birthday, say), as "MM-DD". On it the owner, and the followers who asked for it, get the letter of the year.
 */

/** The days each month can have (February 29 is a day to remember too: in other years it is told on the 28th). */
const DAYS_IN_MONTH = [31, 29, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

/** Whether `value` is a day of the year as "MM-DD" (01-01 … 12-31, 02-29 included). */
export function isMemorialDay(value: string): boolean {
  const match = /^(\d{2})-(\d{2})$/.exec(value);
  if (!match) return false;
  const month = Number(match[1]);
  const day = Number(match[2]);
  return month >= 1 && month <= 12 && day >= 1 && day <= (DAYS_IN_MONTH[month - 1] ?? 0);
}

/** `memorialDay` in an owner's change: "MM-DD", or null to remove it. */
export const memorialDay = v.nullable(
  v.pipe(v.string('server-owner.memorialDay.invalid'), v.check(isMemorialDay, 'server-owner.memorialDay.invalid')),
);

/** Whether a reader wants the letter of the year (`memorialLetter`): on by default for owners, off for followers. */
export const memorialLetter = v.boolean('server.memorialLetter.invalid');

const isLeapYear = (year: number) => (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;

/**
 * The memorial days that fall on the calendar day `day` (YYYY-MM-DD): its own "MM-DD", and on February 28 of a year
 * without a 29th also "02-29".
 */
export function memorialDaysOn(day: string): string[] {
  const monthDay = day.slice(5);
  return monthDay === '02-28' && !isLeapYear(Number(day.slice(0, 4))) ? ['02-28', '02-29'] : [monthDay];
}

/** The calendar day (YYYY-MM-DD) a memorial day "MM-DD" falls on in `year` (February 29 on the 28th in most years). */
export function memorialDayIn(monthDay: string, year: number): string {
  const day = monthDay === '02-29' && !isLeapYear(year) ? '02-28' : monthDay;
  return `${String(year).padStart(4, '0')}-${day}`;
}
