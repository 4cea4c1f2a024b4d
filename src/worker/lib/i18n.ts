import uiMessages from 'virtual:messages/all';
import serverMessages from 'virtual:messages/server';
import { type AppIntl, createIntl, type Messages } from '../../client/lib/intl';
import type uiCatalog from '../../shared/i18n/en.json';
import { intlTag, type Locale } from '../../shared/i18n/locale';
import type serverCatalog from '../i18n/en.json';
import type ownerCatalog from '../i18n/owner/en.json';

/**
 * A text of the catalogs: the Worker's own (src/worker/i18n: what a finder meets, in every language; owner/: the
 * owner's and operator's, German and English) or the interface's (validation messages).
 */
export type TextId = keyof typeof serverCatalog | keyof typeof ownerCatalog | keyof typeof uiCatalog;
export type TextValues = Record<string, string | number>;

// One intl object per language (the app's small formatter, lib/intl.ts): nothing in it depends on the request.
const instances = new Map<Locale, AppIntl<TextId>>();

function intl(locale: Locale): AppIntl<TextId> {
  let instance = instances.get(locale);
  if (!instance) {
    const messages: Messages = { ...uiMessages[locale], ...serverMessages[locale] };
    instance = createIntl<TextId>(intlTag[locale], messages);
    instances.set(locale, instance);
  }
  return instance;
}

/** The text of `id` in `locale`. */
export function text(locale: Locale, id: TextId, values?: TextValues): string {
  return String(intl(locale).formatMessage({ id }, values));
}

/** Whether `id` names a text of the catalogs (schemas carry ids; valibot's own wording is not one). */
export function isTextId(id: string): id is TextId {
  return Object.hasOwn(serverMessages.en, id) || Object.hasOwn(uiMessages.en, id);
}
