import { createIntl, createIntlCache, type IntlShape, type MessageFormatElement } from 'react-intl';
import { intlTag, type Locale } from '../../shared/i18n/locale';

/** A compiled catalog: message id → ICU AST (scripts/compiled-messages-plugin.ts). */
export type Messages = Record<string, MessageFormatElement[]>;

// One intl object per language (and per feature namespace), sharing one formatter cache: IntlProvider would
// build both afresh for every render, and the Worker renders a page per request (Intl formatters are expensive
// to create, cheap to reuse). Nothing here depends on the request, so sharing across requests is safe.
const cache = createIntlCache();
/** Per language, one catalog object that grows as screens bring their texts (the intl objects read it live). */
const catalogs = new Map<Locale, Messages>();
const instances = new Map<Locale, IntlShape>();
const withNamespace = new WeakMap<object, Map<Locale, IntlShape>>();

/**
 * Adds texts to a language's catalog: the interface core and, as screens are shown, their own namespaces. The
 * Worker provides everything at start-up, the browser what the page needs (main.tsx, then on navigation).
 */
export function provideMessages(locale: Locale, messages: Messages): void {
  const catalog = catalogs.get(locale);
  if (catalog) Object.assign(catalog, messages);
  else catalogs.set(locale, { ...messages });
}

export function intlFor(locale: Locale): IntlShape {
  let intl = instances.get(locale);
  if (!intl) {
    const messages = catalogs.get(locale);
    if (!messages) throw new Error(`no messages for ${locale}`);
    intl = createIntl({ locale: intlTag[locale], messages, defaultLocale: 'de-DE' }, cache);
    instances.set(locale, intl);
  }
  return intl;
}

/** The core texts plus those of a lazily loaded feature (its `virtual:messages/<namespace>`). */
export function intlWith(locale: Locale, namespace: Record<Locale, Messages>): IntlShape {
  let byLocale = withNamespace.get(namespace);
  if (!byLocale) {
    byLocale = new Map();
    withNamespace.set(namespace, byLocale);
  }
  let intl = byLocale.get(locale);
  if (!intl) {
    intl = createIntl(
      { locale: intlTag[locale], messages: { ...intlFor(locale).messages, ...namespace[locale] } as Messages, defaultLocale: 'de-DE' },
      cache,
    );
    byLocale.set(locale, intl);
  }
  return intl;
}
