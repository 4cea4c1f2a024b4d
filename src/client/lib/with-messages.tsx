import type { ReactNode } from 'react';
import { RawIntlProvider, useIntl } from 'react-intl';
import type { Locale } from '../../shared/i18n/locale';
import { intlWith, type Messages } from './intl';

/**
 * Gives a lazily loaded feature that is not a screen (a dialog, the cookie banner, a form loaded on demand) its
 * own texts, imported from `virtual:messages/<namespace>` in its module, so they travel with its code and not with
 * every first page. A screen never uses this: it names its namespaces in the registry (`messages` in
 * src/shared/routes.ts), which loads them with its module before it renders (lib/screen-messages.ts), on the
 * server and in the browser alike.
 */
export function WithMessages({ messages, children }: { messages: Record<Locale, Messages>; children: ReactNode }) {
  const locale: Locale = useIntl().locale.startsWith('de') ? 'de' : 'en';
  return <RawIntlProvider value={intlWith(locale, messages)}>{children}</RawIntlProvider>;
}
