import uiMessages from 'virtual:messages/core';
import serverMessages from 'virtual:messages/server';
import { createIntl, createIntlCache, type IntlShape } from '@formatjs/intl';
import type uiCatalog from '../../shared/i18n/en.json';
import { intlTag, type Locale } from '../../shared/i18n/locale';
import type serverCatalog from '../i18n/en.json';

/** A text of the catalogs: the Worker's own (src/worker/i18n) or the interface's (validation messages). */
export type TextId = keyof typeof serverCatalog | keyof typeof uiCatalog;
export type TextValues = Record<string, string | number>;

// One intl object per language with a shared formatter cache: nothing in it depends on the request.
const cache = createIntlCache();
const instances = new Map<Locale, IntlShape>();

function intl(locale: Locale): IntlShape {
  let instance = instances.get(locale);
  if (!instance) {
    instance = createIntl(
      { locale: intlTag[locale], messages: { ...uiMessages[locale], ...serverMessages[locale] }, defaultLocale: 'de-DE' },
      cache,
    );
    instances.set(locale, instance);
  }
  return instance;
}

/** The text of `id` in `locale`. */
export function text(locale: Locale, id: TextId, values?: TextValues): string {
  return intl(locale).formatMessage({ id }, values);
}

/** Whether `id` names a text of the catalogs (schemas carry ids; valibot's own wording is not one). */
export function isTextId(id: string): id is TextId {
  return Object.hasOwn(serverMessages.en, id) || Object.hasOwn(uiMessages.en, id);
}
