import { useEffect, useRef, useState } from 'react';
import type { FindBody } from './find-form-data';
import type { PendingFind } from './outbox';

// The offline code itself is loaded lazily (main.tsx starts it after the page's `load` event).
const loadOffline = () => import('./index');

export interface KeptFinds {
  /** Finds of this stone that wait on this device for a connection. */
  waiting: number;
  /** How many kept finds of this stone went out since the page opened (0 until one did). */
  sent: number;
  /** Keeps a find (and its photo) that could not be sent; rejects when this device cannot keep it. */
  keep: (body: FindBody, key: string, photo?: Blob) => Promise<PendingFind>;
}

/**
 * The find form's view of offline finds: how many of this stone's finds wait on the device, and a call when
 * kept ones have been delivered or refused (`onDelivered` with the numbers, to refresh the stone and say so).
 */
export function useKeptFinds(code: string, onDelivered: (sent: number, rejected: number) => void): KeptFinds {
  const [waiting, setWaiting] = useState(0);
  const [sent, setSent] = useState(0);
  const delivered = useRef(onDelivered);
  delivered.current = onDelivered;

  useEffect(() => {
    let active = true;
    let unsubscribe = () => {};
    void loadOffline().then(
      (offline) => {
        if (!active) return;
        // The device's store is the truth: read it again after every change.
        const refresh = () => void offline.pendingFindsOf(code).then((finds) => active && setWaiting(finds.length));
        unsubscribe = offline.subscribe((event) => {
          refresh();
          if (event.type !== 'sent') return;
          const sentHere = event.sent.filter((find) => find.code === code).length;
          const rejectedHere = event.rejected.filter((find) => find.code === code).length;
          if (sentHere) setSent((n) => n + sentHere);
          if (sentHere || rejectedHere) delivered.current(sentHere, rejectedHere);
        });
        refresh();
      },
      () => {},
    );
    return () => {
      active = false;
      unsubscribe();
    };
  }, [code]);

  const keep = async (body: FindBody, key: string, photo?: Blob) => {
    setSent(0);
    const offline = await loadOffline();
    return offline.keepFindForLater(code, body, key, photo);
  };
  return { waiting, sent, keep };
}
