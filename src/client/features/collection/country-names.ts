const displayNames = new Map<string, Intl.DisplayNames>();

/**
 * A country's name in the page's language ("Österreich", "Austria") from its ISO 3166-1 alpha-2 code; the code
 * itself when the browser does not know it, so an unexpected value shows as what it is instead of breaking the page.
 */
export function countryName(code: string, locale: string): string {
  try {
    let names = displayNames.get(locale);
    if (!names) {
      names = new Intl.DisplayNames([locale], { type: 'region', fallback: 'code' });
      displayNames.set(locale, names);
    }
    return names.of(code.toUpperCase()) ?? code;
  } catch {
    return code;
  }
}
