import { useSyncExternalStore } from 'react';
import { localStore, subscribeToStorage } from '../../lib/browser-storage';

/** What a visitor allowed; necessary is always on. */
export interface ConsentSettings {
  necessary: true;
  analytics: boolean;
  marketing: boolean;
}

/** The settings are kept in the browser's storage together with a flag that a choice was made. */
export const CONSENT_FLAG_KEY = 'cookieConsent';
export const CONSENT_SETTINGS_KEY = 'cookieSettings';

const listeners = new Set<() => void>();
let settingsOpen = false;
const openListeners = new Set<() => void>();

let cached: { raw: string | null; flag: string | null; value: ConsentSettings | null } | undefined;

/** The stored choice, or null while the visitor has not decided. */
export function readConsent(): ConsentSettings | null {
  const store = localStore();
  const flag = store?.getItem(CONSENT_FLAG_KEY) ?? null;
  const raw = store?.getItem(CONSENT_SETTINGS_KEY) ?? null;
  // useSyncExternalStore needs the same object while nothing changed.
  if (cached && cached.raw === raw && cached.flag === flag) return cached.value;
  let value: ConsentSettings | null = null;
  if (flag === 'true' && raw) {
    try {
      const parsed = JSON.parse(raw) as Partial<ConsentSettings>;
      value = { necessary: true, analytics: parsed.analytics === true, marketing: parsed.marketing === true };
    } catch {
      value = null;
    }
  }
  cached = { raw, flag, value };
  return value;
}

export function saveConsent(choice: { analytics: boolean; marketing: boolean }): void {
  const settings: ConsentSettings = { necessary: true, analytics: choice.analytics, marketing: choice.marketing };
  localStore()?.setItem(CONSENT_SETTINGS_KEY, JSON.stringify(settings));
  localStore()?.setItem(CONSENT_FLAG_KEY, 'true');
  for (const listener of listeners) listener();
}

const subscribe = (listener: () => void) => subscribeToStorage([CONSENT_FLAG_KEY, CONSENT_SETTINGS_KEY], listeners, listener);

/** The visitor's choice: `undefined` until the browser has read its storage (server render, hydration), null if undecided. */
export function useConsent(): ConsentSettings | null | undefined {
  return useSyncExternalStore(subscribe, readConsent, () => undefined);
}

/** Opens the settings again (the footer's "cookie settings"). */
export function openConsentSettings(): void {
  settingsOpen = true;
  for (const listener of openListeners) listener();
}

export function closeConsentSettings(): void {
  settingsOpen = false;
  for (const listener of openListeners) listener();
}

export function useConsentSettingsOpen(): boolean {
  return useSyncExternalStore(
    (listener) => {
      openListeners.add(listener);
      return () => openListeners.delete(listener);
    },
    () => settingsOpen,
    () => false,
  );
}
