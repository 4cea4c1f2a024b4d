import { useIntl } from 'react-intl';
import { LANGUAGE_COOKIE, LANGUAGE_NAMES, LOCALES, type Locale, localeOfIntl } from '../../../shared/i18n/locale';

/**
 * German / English, overriding the browser's language: remembered for a year in a cookie the server reads, then
 * the page is rendered again in that language.
 */
export function LanguageSwitch() {
  const intl = useIntl();
  const current = localeOfIntl(intl);
  const choose = (locale: Locale) => {
    if (locale === current) return;
    // biome-ignore lint/suspicious/noDocumentCookie: the server must read it with the next request
    document.cookie = `${LANGUAGE_COOKIE}=${locale}; max-age=31536000; path=/; SameSite=Lax`;
    window.location.reload();
  };
  return (
    <fieldset className="ml-1 flex items-center rounded-md border border-stone-300 text-xs font-semibold">
      <legend className="sr-only">{intl.formatMessage({ id: 'language.label' })}</legend>
      {LOCALES.map((locale) => (
        <button
          key={locale}
          type="button"
          lang={locale}
          aria-pressed={locale === current}
          onClick={() => choose(locale)}
          className="px-2 py-1.5 text-stone-600 first:rounded-l-md last:rounded-r-md hover:bg-stone-100 aria-pressed:bg-stone-800 aria-pressed:text-white focus-visible:outline-2 focus-visible:outline-amber-600"
        >
          {locale.toUpperCase()}
          <span className="sr-only"> – {LANGUAGE_NAMES[locale]}</span>
        </button>
      ))}
    </fieldset>
  );
}
