import { useSyncExternalStore } from 'react';

const noSubscription = () => () => {};

/**
 * False in the server render and during hydration, true afterwards. Submit buttons wait for it: a form sent
 * before React runs would be a plain GET that puts the typed e-mail into the address bar.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
}
