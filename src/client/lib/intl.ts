import messages from 'virtual:compiled-messages';
import { createIntl, createIntlCache, type IntlShape } from 'react-intl';
import { intlTag, type Locale } from '../../shared/i18n/locale';

// One intl object per language, sharing one formatter cache: IntlProvider would build both afresh for every
// render, and the Worker renders a page per request (Intl formatters are expensive to create, cheap to reuse).
// Nothing here depends on the request, so sharing across requests is safe.
const cache = createIntlCache();
const instances = new Map<Locale, IntlShape>();

export function intlFor(locale: Locale): IntlShape {
  let intl = instances.get(locale);
  if (!intl) {
    intl = createIntl({ locale: intlTag[locale], messages: messages[locale], defaultLocale: 'de-DE' }, cache);
    instances.set(locale, intl);
  }
  return intl;
}
