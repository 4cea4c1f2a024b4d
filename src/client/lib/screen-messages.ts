/**
 * The one way a screen gets its own texts: it names their namespaces in the registry (`messages` in
 * src/shared/routes.ts). The browser loads them in the page's language with the screen's module (App.tsx
 * `pageOf`, also before hydrating), so the first render already has them; the Worker has every text from the
 * start (`virtual:messages/all`) and preloads the page's namespaces with its HTML. Lazily loaded features that are
 * not screens (dialogs, the cookie banner, forms loaded on demand) bring theirs with `<WithMessages>` instead.
 */
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

const inFlight = new Map<string, Promise<void>>();

/**
 * Loads the namespaces a screen names in the registry; null when they are all there already. While one is on its
 * way, every caller gets the same promise (the page and its head wait for the same download).
 */
export function loadScreenMessages(names: readonly string[] = []): Promise<void> | null {
  const missing = names.filter((name) => !loaded.has(name));
  if (missing.length === 0) return null;
  return Promise.all(
    missing.map((name) => {
      let pending = inFlight.get(name);
      if (!pending) {
        const load = (loaders as Record<string, Record<Locale, () => Promise<{ default: Messages }>>>)[name]?.[locale];
        if (!load) throw new Error(`no messages ${name}`);
        pending = load().then(
          (module) => {
            provideMessages(locale, module.default);
            loaded.add(name);
            inFlight.delete(name);
          },
          (error: unknown) => {
            inFlight.delete(name); // a later navigation tries again
            throw error;
          },
        );
        inFlight.set(name, pending);
      }
      return pending;
    }),
  ).then(() => undefined);
}
