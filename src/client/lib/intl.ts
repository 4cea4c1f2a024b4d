import { createIntl, createIntlCache, type IntlShape, type MessageFormatElement } from 'react-intl';
import { intlTag, type Locale } from '../../shared/i18n/locale';

/** A compiled catalog: message id → ICU AST (scripts/compiled-messages-plugin.ts). */
export type Messages = Record<string, MessageFormatElement[]>;

// One intl object per language (and per feature namespace), sharing one formatter cache: IntlProvider would
// build both afresh for every render, and the Worker renders a page per request (Intl formatters are expensive
// to create, cheap to reuse). Nothing here depends on the request, so sharing across requests is safe.
const cache = createIntlCache();
const core = new Map<Locale, Messages>();
const instances = new Map<Locale, IntlShape>();
const withNamespace = new WeakMap<object, Map<Locale, IntlShape>>();

/**
 * The interface's texts for a language: the Worker provides both languages when it loads, the browser only the
 * page's own (main.tsx loads it before hydrating).
 */
export function provideCoreMessages(locale: Locale, messages: Messages): void {
  core.set(locale, messages);
  instances.delete(locale);
}

function make(locale: Locale, messages: Messages): IntlShape {
  return createIntl({ locale: intlTag[locale], messages, defaultLocale: 'de-DE' }, cache);
}

export function intlFor(locale: Locale): IntlShape {
  let intl = instances.get(locale);
  if (!intl) {
    const messages = core.get(locale);
    if (!messages) throw new Error(`no messages for ${locale}`);
    intl = make(locale, messages);
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
    intl = make(locale, { ...intlFor(locale).messages, ...namespace[locale] } as Messages);
    byLocale.set(locale, intl);
  }
  return intl;
}
