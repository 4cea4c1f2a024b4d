export type Locale = 'de' | 'en';
export const LOCALES: readonly Locale[] = ['de', 'en'];

/** Each language by its own name (its endonym), as the language switch lists it: a finder looks for their own. */
export const LANGUAGE_NAMES: Record<Locale, string> = { de: 'Deutsch', en: 'English' };

/** German when the (first) preferred language starts with "de", otherwise English (spec §1). */
export function pickLocale(language: string | null | undefined): Locale {
  return (language ?? '').trim().toLowerCase().startsWith('de') ? 'de' : 'en';
}

/** The first language of an Accept-Language header, so the server picks what `navigator.language` will say. */
export function localeFromAcceptLanguage(header: string | null | undefined): Locale {
  const first = (header ?? '').split(',')[0]?.split(';')[0] ?? '';
  return pickLocale(first);
}

/** BCP 47 tag for Intl formatting. */
export const intlTag: Record<Locale, string> = { de: 'de-DE', en: 'en-GB' };

/** The cookie that remembers a language chosen with the switch; it overrides the browser's language. */
export const LANGUAGE_COOKIE = 'lang';

/** The language chosen with the switch (from a Cookie header), or null when none was chosen. */
export function localeFromCookie(header: string | null | undefined): Locale | null {
  const value = (header ?? '')
    .split(';')
    .map((part) => part.trim().split('='))
    .find(([name]) => name === LANGUAGE_COOKIE)?.[1];
  return value === 'de' || value === 'en' ? value : null;
}
