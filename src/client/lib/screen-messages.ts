import loaders from 'virtual:messages/screens';
import type { Locale } from '../../shared/i18n/locale';
import { type Messages, provideMessages } from './intl';

// The browser's language and the namespaces it has: each is loaded once, in that language only.
let locale: Locale = 'de';
const loaded = new Set<string>();

/** The page's language (main.tsx, before hydrating): screens' texts are loaded in it. */
export function setScreenLocale(next: Locale): void {
  locale = next;
}

/** The Worker has every text from the start: nothing is ever loaded there (no promise outlives a request). */
export function markAllScreenMessagesLoaded(): void {
  for (const name of Object.keys(loaders)) loaded.add(name);
}

/** Loads the namespaces a screen names in the registry; resolves at once for what is there already. */
export function loadScreenMessages(names: readonly string[] = []): Promise<void> | null {
  const missing = names.filter((name) => !loaded.has(name));
  if (missing.length === 0) return null;
  return Promise.all(
    missing.map(async (name) => {
      const load = (loaders as Record<string, Record<Locale, () => Promise<{ default: Messages }>>>)[name]?.[locale];
      if (!load) throw new Error(`no messages ${name}`);
      provideMessages(locale, (await load()).default);
      loaded.add(name);
    }),
  ).then(() => undefined);
}
