import { intlTag, type Locale } from './i18n/locale';

const options: Intl.DateTimeFormatOptions = { day: '2-digit', month: '2-digit', year: 'numeric', timeZone: 'Europe/Berlin' };

/**
 * Dates are shown in the German locale (and German time) in German and English. Made on first use: a
 * date format with a time zone costs the Worker's startup about 25 ms of CPU when it is built at load.
 */
let germanDate: Intl.DateTimeFormat | undefined;

/** "19.11.2026" for an ISO timestamp or epoch milliseconds. */
export function formatGermanDate(value: string | number | Date): string {
  germanDate ??= new Intl.DateTimeFormat('de-DE', options);
  return germanDate.format(new Date(value));
}

const dayFormats = new Map<Locale, Intl.DateTimeFormat>();

/**
 * A day in the reader's language: German and English keep the German form ("19.11.2026"), the other
 * languages write it their own way ("19/11/2026", "19-11-2026", "19.11.2026."), all in German time.
 */
export function formatDay(value: string | number | Date, locale: Locale): string {
  if (locale === 'de' || locale === 'en') return formatGermanDate(value);
  let format = dayFormats.get(locale);
  if (!format) {
    format = new Intl.DateTimeFormat(intlTag[locale], options);
    dayFormats.set(locale, format);
  }
  return format.format(new Date(value));
}
