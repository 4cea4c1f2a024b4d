/** The browser's localStorage, or null on the server or where storage is blocked (privacy settings). */
export function localStore(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage;
  } catch {
    return null;
  }
}

/**
 * Calls `listener` when another tab changes one of `keys` (or clears the storage), for useSyncExternalStore
 * subscriptions that also hear this tab's own changes through `local`.
 */
export function subscribeToStorage(keys: readonly string[], local: Set<() => void>, listener: () => void): () => void {
  local.add(listener);
  const onStorage = (event: StorageEvent) => {
    if (event.key === null || keys.includes(event.key)) listener();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    local.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}
