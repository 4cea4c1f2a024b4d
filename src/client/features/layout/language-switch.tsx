import { LANGUAGE_COOKIE, LANGUAGE_NAMES, LOCALES, type Locale, localeOfIntl } from '../../../shared/i18n/locale';
import { useIntl } from '../../lib/intl-react';
import { Disclosure } from './disclosure';

/**
 * Every language by its own name, overriding the browser's language: remembered for a year in a cookie the server
 * reads, then the page is rendered again in that language. Wide screens: a button with the language's code opening
 * the list. Phones: the list lies open in the menu, so a finder who reads no German sees their language at once.
 */
export function LanguageSwitch() {
  const intl = useIntl();
  const current = localeOfIntl(intl);
  const label = intl.formatMessage({ id: 'layout.language.label' });
  const choose = (locale: Locale) => {
    if (locale === current) return;
    // biome-ignore lint/suspicious/noDocumentCookie: the server must read it with the next request
    document.cookie = `${LANGUAGE_COOKIE}=${locale}; max-age=31536000; path=/; SameSite=Lax`;
    window.location.reload();
  };
  return (
    <Disclosure
      label={
        <>
          <span className="sr-only">{label} </span>
          {current.toUpperCase()}
        </>
      }
      button="nav-link max-lg:hidden"
      panel="nav-languages"
    >
      <ul aria-label={label} className="flex flex-wrap lg:flex-col">
        {LOCALES.map((locale) => (
          <li key={locale}>
            <button type="button" lang={locale} aria-current={locale === current} onClick={() => choose(locale)} className="nav-link">
              {LANGUAGE_NAMES[locale]}
            </button>
          </li>
        ))}
      </ul>
    </Disclosure>
  );
}
