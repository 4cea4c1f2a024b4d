/** Spec §9: dates are shown in the German locale (and German time), whatever the interface language. */
const germanDate = new Intl.DateTimeFormat('de-DE', { day: '2-digit', month: '2-digit', year: 'numeric', timeZone: 'Europe/Berlin' });

/** "19.11.2026" for an ISO timestamp or epoch milliseconds. */
export function formatGermanDate(value: string | number | Date): string {
  return germanDate.format(new Date(value));
}
