import { useSyncExternalStore } from 'react';

/**
 * Whether the stone page's map works: the find form only suggests clicking the map when there can be one.
 * "unsupported": the browser cannot draw it (no WebGL2); "failed": its code could not be downloaded.
 */
export type MapStatus = 'loading' | 'ready' | 'unsupported' | 'failed';

let current: MapStatus = 'loading';
const listeners = new Set<() => void>();

export function setMapStatus(next: MapStatus): void {
  if (next === current) return;
  current = next;
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

/** The map's status; "loading" in the server render and during hydration. */
export function useMapStatus(): MapStatus {
  return useSyncExternalStore(
    subscribe,
    () => current,
    () => 'loading',
  );
}

export function isMapUnavailable(status: MapStatus): boolean {
  return status === 'unsupported' || status === 'failed';
}
