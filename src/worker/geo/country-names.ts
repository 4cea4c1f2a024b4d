/*
 * A country's name in a reader's language, as the stone's and the collection's JSON carry it (beside the code): the
 * pages show it as it comes, so no browser has to make the names while it hydrates the page (Intl.DisplayNames costs
 * a phone tens of milliseconds on first use). One formatter per language and isolate.
 */
const formatters = new Map<string, Intl.DisplayNames>();

/** "Deutschland" for DE in German (`locale` an Intl tag, as the views get it); the code itself where ICU has no name. */
export function countryName(code: string, locale: string): string {
  let names = formatters.get(locale);
  if (!names) {
    names = new Intl.DisplayNames([locale], { type: 'region', fallback: 'code' });
    formatters.set(locale, names);
  }
  try {
    return names.of(code.toUpperCase()) ?? code;
  } catch {
    return code;
  }
}
