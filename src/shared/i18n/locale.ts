/**
 * The languages of the site: German first, English second, then the languages of the places German stones travel
 * to. A finder meets every text of the finder's path in each; the creator, owner and operator screens
 * are German and English only, and English stands in for them in the other languages (OWNER_LOCALES).
 */
export const LOCALES = ['de', 'en', 'es', 'it', 'fr', 'nl', 'pl', 'tr', 'hr', 'el', 'da'] as const;
export type Locale = (typeof LOCALES)[number];

/** Each language by its own name, as the language switch lists them. */
export const LANGUAGE_NAMES: Record<Locale, string> = {
  de: 'Deutsch',
  en: 'English',
  es: 'Español',
  it: 'Italiano',
  fr: 'Français',
  nl: 'Nederlands',
  pl: 'Polski',
  tr: 'Türkçe',
  hr: 'Hrvatski',
  el: 'Ελληνικά',
  da: 'Dansk',
};

/** The languages of the creator's, owner's and operator's screens and of the owner's mails (and the binding legal texts). */
export const OWNER_LOCALES = ['de', 'en'] as const;
export type OwnerLocale = (typeof OWNER_LOCALES)[number];

/** The language the owner's screens and mails use for a reader of `locale`: German or English, else English. */
export function ownerLocale(locale: Locale): OwnerLocale {
  return locale === 'de' ? 'de' : 'en';
}

export function isLocale(value: unknown): value is Locale {
  return typeof value === 'string' && (LOCALES as readonly string[]).includes(value);
}

/** The site's language for a language tag (`hr-HR`, `pt`), or null when the site does not speak it. */
export function localeOfTag(tag: string | null | undefined): Locale | null {
  const primary = (tag ?? '').trim().toLowerCase().split(/[-_]/)[0] ?? '';
  return isLocale(primary) ? primary : null;
}

/** The site's language for a language tag, English when it does not speak it (German for "de…", else English). */
export function pickLocale(language: string | null | undefined): Locale {
  return localeOfTag(language) ?? 'en';
}

/**
 * The language for an Accept-Language header (RFC 9110 §12.5.4): the spoken language with the highest quality
 * value, the earlier one on a tie; `q=0` means "not this one". English when it names none of them.
 */
export function localeFromAcceptLanguage(header: string | null | undefined): Locale {
  let best: Locale | null = null;
  let bestQ = 0;
  for (const part of (header ?? '').split(',')) {
    const [range = '', ...params] = part.split(';').map((s) => s.trim());
    if (!range) continue;
    const qParam = params.find((p) => /^q\s*=/i.test(p));
    const q = qParam ? Number(qParam.split('=')[1]) : 1;
    if (!Number.isFinite(q) || q <= 0 || q > 1) continue;
    const locale = localeOfTag(range);
    if (locale && q > bestQ) {
      best = locale;
      bestQ = q;
    }
  }
  return best ?? 'en';
}

/** BCP 47 tag for Intl formatting. */
export const intlTag: Record<Locale, string> = {
  de: 'de-DE',
  en: 'en-GB',
  es: 'es-ES',
  it: 'it-IT',
  fr: 'fr-FR',
  nl: 'nl-NL',
  pl: 'pl-PL',
  tr: 'tr-TR',
  hr: 'hr-HR',
  el: 'el-GR',
  da: 'da-DK',
};

/** The site's language of an intl object's tag (`de-DE` → `de`). */
export function localeOfIntl(intl: { locale: string }): Locale {
  return pickLocale(intl.locale);
}

/** The cookie that remembers a language chosen with the switch; it overrides the browser's language. */
export const LANGUAGE_COOKIE = 'lang';

/** The language chosen with the switch (from a Cookie header), or null when none was chosen. */
export function localeFromCookie(header: string | null | undefined): Locale | null {
  const value = (header ?? '')
    .split(';')
    .map((part) => part.trim().split('='))
    .find(([name]) => name === LANGUAGE_COOKIE)?.[1];
  return isLocale(value) ? value : null;
}
