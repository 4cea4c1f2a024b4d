/** The letters' hour (Europe/Berlin) and the weekly letter's day, when the vars are not set. */
export const DEFAULT_DIGEST_HOUR = 8;
/** 1 = Monday … 7 = Sunday (ISO 8601). */
export const DEFAULT_DIGEST_WEEKDAY = 1;

const read = (value: unknown) => (typeof value === 'string' ? value.trim() : '');

/**
 * When the cron writes the letters: `DIGEST_HOUR` (0–23, Europe/Berlin) and `DIGEST_WEEKDAY` (1 = Monday … 7),
 * each unset for its default, else null for a value that is not one: a wrong hour or day would send every
 * family's letter at a time nobody chose, so it refuses.
 */
export function digestSchedule(settings: { DIGEST_HOUR?: unknown; DIGEST_WEEKDAY?: unknown }): { hour: number; weekday: number } | null {
  const hour = read(settings.DIGEST_HOUR);
  const weekday = read(settings.DIGEST_WEEKDAY);
  if ((hour && !/^(?:1?\d|2[0-3])$/.test(hour)) || (weekday && !/^[1-7]$/.test(weekday))) return null;
  return { hour: hour ? Number(hour) : DEFAULT_DIGEST_HOUR, weekday: weekday ? Number(weekday) : DEFAULT_DIGEST_WEEKDAY };
}

const BERLIN = new Intl.DateTimeFormat('en-GB', {
  timeZone: 'Europe/Berlin',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  hourCycle: 'h23',
  weekday: 'short',
});
const WEEKDAYS = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'];

/** `now` on the German calendar: its day (YYYY-MM-DD), hour (0–23) and weekday (1 = Monday). */
export function berlinTime(now: Date): { day: string; hour: number; weekday: number } {
  const parts = Object.fromEntries(BERLIN.formatToParts(now).map((part) => [part.type, part.value]));
  return {
    day: `${parts.year}-${parts.month}-${parts.day}`,
    hour: Number(parts.hour),
    weekday: WEEKDAYS.indexOf(parts.weekday ?? '') + 1,
  };
}

/** The moment (epoch ms) the German calendar day `day` (YYYY-MM-DD) begins. */
export function berlinMidnight(day: string): number {
  const utc = Date.UTC(Number(day.slice(0, 4)), Number(day.slice(5, 7)) - 1, Number(day.slice(8, 10)));
  // Germany is one or two hours ahead; the clocks change at 01:00 UTC, after the day began either way.
  for (const offset of [1, 2]) {
    const start = utc - offset * 60 * 60 * 1000;
    const local = berlinTime(new Date(start));
    if (local.day === day && local.hour === 0) return start;
  }
  throw new Error(`no German midnight for ${day}`);
}
