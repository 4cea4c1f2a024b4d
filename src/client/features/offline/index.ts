import type { FindBody } from './find-form-data';
import { keepFind, onSentElsewhere, type PendingFind, pendingFinds, type SendReport, SYNC_TAG, sendPendingFinds } from './outbox';

/**
 * Offline finds in the page: registers the service worker, keeps a find that could not be sent, and sends the
 * kept finds when the connection returns (Background Sync where the browser has it, else the `online` event and
 * the next visit). Loaded after the page's `load` event, so it adds nothing to the first JavaScript of a page.
 */

export type { FindBody, PendingFind };

export type OfflineEvent = { type: 'kept'; find: PendingFind } | ({ type: 'sent' } & SendReport);

type Listener = (event: OfflineEvent) => void;
const listeners = new Set<Listener>();

function emit(event: OfflineEvent): void {
  for (const listener of listeners) listener(event);
}

/** Follows kept and sent finds (the find form shows "saved, will be sent", then "sent"). */
export function subscribe(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The finds of one stone that wait on this device for a connection. */
export async function pendingFindsOf(code: string): Promise<PendingFind[]> {
  try {
    return (await pendingFinds()).filter((find) => find.code === code);
  } catch {
    return [];
  }
}

interface BackgroundSync {
  register(tag: string): Promise<void>;
}

/** Keeps a find on the device and asks to have it sent once there is a connection. */
export async function keepFindForLater(code: string, body: FindBody, key: string, photo?: Blob): Promise<PendingFind> {
  const find: PendingFind = { key, code, body, ...(photo ? { photo } : {}), savedAt: Date.now() };
  await keepFind(find);
  emit({ type: 'kept', find });
  retryLater();
  const registration = await navigator.serviceWorker?.getRegistration();
  const sync = (registration as (ServiceWorkerRegistration & { sync?: BackgroundSync }) | undefined)?.sync;
  // Without Background Sync (Firefox, Safari) the `online` event and the next visit send it (startOffline).
  await sync?.register(SYNC_TAG).catch(() => undefined);
  return find;
}

let sending: Promise<void> | null = null;
let retry: ReturnType<typeof setTimeout> | undefined;
/** How often an open page tries again while finds wait. */
const RETRY_MS = 10_000;

/**
 * Tries again in a while: a weak signal comes and goes without an `online` event (the browser may think it is
 * online all along), so an open page with waiting finds keeps trying.
 */
function retryLater(): void {
  if (retry !== undefined) return;
  retry = setTimeout(() => {
    retry = undefined;
    if (navigator.onLine) void sendKeptFinds();
    else retryLater();
  }, RETRY_MS);
}

/** Sends what waits on this device; the site's other pages hear of it through onSentElsewhere. */
export function sendKeptFinds(): Promise<void> {
  sending ??= sendPendingFinds()
    .then(
      (report) => {
        if (report.sent.length || report.rejected.length) emit({ type: 'sent', ...report });
        if (report.waiting) retryLater();
      },
      () => retryLater(),
    )
    .finally(() => {
      sending = null;
    });
  return sending;
}

let started = false;

/** Once per page, after `load`: the service worker, and the retries of kept finds. */
export function startOffline(): void {
  if (started) return;
  started = true;
  window.addEventListener('online', () => void sendKeptFinds());
  onSentElsewhere((report) => emit({ type: 'sent', ...report }));
  // The development server builds no service worker (it would keep stale modules around).
  if ('serviceWorker' in navigator && !import.meta.env.DEV) {
    navigator.serviceWorker.register('/sw.js', { scope: '/' }).catch((error: unknown) => {
      console.warn('The service worker could not be registered; finds are still kept while offline.', error);
    });
  }
  // The next visit: whatever an earlier one kept goes out now.
  if (navigator.onLine) void sendKeptFinds();
}
