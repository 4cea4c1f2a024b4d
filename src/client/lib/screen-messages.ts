/**
 * The one way a screen or a lazily loaded feature gets its own texts: a screen names its namespaces in the
 * registry (`messages` in src/shared/routes.ts), which the browser loads in the page's language with the screen's
 * module (App.tsx `pageOf`, also before hydrating), so the first render already has them; a feature that is not a
 * screen (a dialog, the cookie banner, a form loaded on demand) names its namespace where it is loaded
 * (`withTexts`) or as it renders (`useTexts`), so its texts travel with its code and never with the first page. The Worker has every text from
 * the start (`virtual:messages/all`) and preloads the page's namespaces with its HTML.
 */
import { use } from 'react';
import type { Locale } from '../../shared/i18n/locale';
import { type Messages, provideMessages } from './intl';

// The page's language and where its catalogs are (InitialData `texts`): each namespace is loaded once, in that
// language only.
let locale: Locale = 'de';
let addresses: Record<string, string> | null = null;
let everything = false;
const loaded = new Set<string>();

/** The page's language and the addresses of its catalogs (main.tsx, before hydrating). */
export function setScreenLocale(next: Locale, texts: Record<string, string>): void {
  locale = next;
  addresses = texts;
}

/** A catalog by the address the page names (a module of the client build, or Vite's in development). */
export const loadCatalog = (address: string | undefined): Promise<Messages> =>
  address
    ? import(/* @vite-ignore */ address).then((module: { default: Messages }) => module.default)
    : Promise.reject(new Error('no such catalog'));

/** The Worker has every text from the start: nothing is ever loaded there (no promise outlives a request). */
export function markAllScreenMessagesLoaded(): void {
  everything = true;
}

const inFlight = new Map<string, Promise<void>>();

/**
 * Loads the namespaces a screen names in the registry; null when they are all there already. While one is on its
 * way, every caller gets the same promise (the page and its head wait for the same download).
 */
export function loadScreenMessages(names: readonly string[] = []): Promise<void> | null {
  const missing = everything ? [] : names.filter((name) => !loaded.has(name));
  if (missing.length === 0) return null;
  return Promise.all(
    missing.map((name) => {
      let pending = inFlight.get(name);
      if (!pending) {
        if (!addresses) throw new Error('the page language is not set');
        pending = loadCatalog(addresses[name]).then(
          (messages) => {
            provideMessages(locale, messages);
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

/**
 * A lazily loaded feature's module together with its namespace's texts in the page's language, for React.lazy or
 * lazyPart: `lazy(withTexts('consent', () => import('./cookie-banner')))`. The feature renders with the app's intl,
 * which then has its texts.
 */
export function withTexts<M>(namespace: string, load: () => Promise<M>): () => Promise<M> {
  return () => Promise.all([load(), loadScreenMessages([namespace])]).then(([module]) => module);
}

/**
 * The same for a lazily loaded feature that modules of the page's first JavaScript load (the header's dialogs, the
 * cookie banner): it waits for its texts as it first renders (React suspends on the download), so those modules
 * need not import this one.
 */
const textsReady = new Map<string, Promise<void>>();

export function useTexts(namespace: string): void {
  // React must see use() on every render, with the same promise: one per namespace, marked fulfilled (as React marks
  // the thenables it has seen settle) when the texts are there already, so that render does not suspend at all.
  let ready = textsReady.get(namespace);
  if (!ready) {
    const pending = loadScreenMessages([namespace]);
    // A download that failed is tried again by the next render that asks (after the error boundary's retry).
    pending?.catch(() => textsReady.delete(namespace));
    ready = pending ?? Object.assign(Promise.resolve(), { status: 'fulfilled', value: undefined });
    textsReady.set(namespace, ready);
  }
  use(ready);
}
