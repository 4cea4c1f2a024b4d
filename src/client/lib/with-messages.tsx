import type { ReactNode } from 'react';
import { RawIntlProvider, useIntl } from 'react-intl';
import type { Locale } from '../../shared/i18n/locale';
import { intlWith, type Messages } from './intl';

/**
 * Gives a lazily loaded feature its own texts (imported from `virtual:messages/<namespace>` in its module), so
 * they travel with its code and not with every first page.
 */
export function WithMessages({ messages, children }: { messages: Record<Locale, Messages>; children: ReactNode }) {
  const locale: Locale = useIntl().locale.startsWith('de') ? 'de' : 'en';
  return <RawIntlProvider value={intlWith(locale, messages)}>{children}</RawIntlProvider>;
}
