/**
 * The finds a finder logged without a connection, kept on the device (IndexedDB) until they reach the server.
 * Runs in the page and in the service worker (Background Sync), so it uses only what both have.
 */

import { outboxFindsAddress } from '../../../shared/api-routes';
import { type FindBody, findFormData } from './find-form-data';

export interface PendingFind {
  /** The Idempotency-Key, made when the finder pressed submit: a resend of the same find never adds a second one. */
  key: string;
  code: string;
  body: FindBody;
  /** The finder's photo, already shrunk: IndexedDB keeps it as it is, and it goes out with the find. */
  photo?: Blob;
  savedAt: number;
}

export interface SendReport {
  /** Delivered (or already delivered earlier: the server answers a replayed key with the first answer). */
  sent: PendingFind[];
  /** Refused by the server for good (invalid, stone gone): removed, a resend would only fail again. */
  rejected: PendingFind[];
  /** Finds still waiting on the device afterwards. */
  waiting: number;
}

/** The Background Sync tag under which the service worker sends the kept finds. */
export const SYNC_TAG = 'send-finds';
/** The channel on which a sender of kept finds tells the site's other pages what went out. */
const SENT_CHANNEL = 'reisesteine:finds-sent';

const DATABASE = 'reisesteine-offline';
const STORE = 'finds';
const LOCK = 'reisesteine-send-finds';

function request<T>(req: IDBRequest<T>): Promise<T> {
  return new Promise((resolve, reject) => {
    req.onsuccess = () => resolve(req.result);
    req.onerror = () => reject(req.error);
  });
}

function openDatabase(): Promise<IDBDatabase> {
  const open = indexedDB.open(DATABASE, 1);
  open.onupgradeneeded = () => {
    open.result.createObjectStore(STORE, { keyPath: 'key' });
  };
  return request(open);
}

async function withStore<T>(mode: IDBTransactionMode, run: (store: IDBObjectStore) => IDBRequest<T>): Promise<T> {
  const db = await openDatabase();
  try {
    const transaction = db.transaction(STORE, mode);
    const result = await request(run(transaction.objectStore(STORE)));
    await new Promise<void>((resolve, reject) => {
      transaction.oncomplete = () => resolve();
      transaction.onerror = () => reject(transaction.error);
      transaction.onabort = () => reject(transaction.error);
    });
    return result;
  } finally {
    db.close();
  }
}

export function keepFind(find: PendingFind): Promise<IDBValidKey> {
  return withStore('readwrite', (store) => store.put(find));
}

export async function pendingFinds(): Promise<PendingFind[]> {
  const all = await withStore('readonly', (store) => store.getAll() as IDBRequest<PendingFind[]>);
  return all.sort((a, b) => a.savedAt - b.savedAt);
}

function forget(key: string): Promise<undefined> {
  return withStore('readwrite', (store) => store.delete(key));
}

/** One find to the server: `sent`, `rejected` for good, or `later` (no connection, server busy, rate limit). */
async function send(find: PendingFind): Promise<'sent' | 'rejected' | 'later'> {
  let response: Response;
  try {
    // With a photo the find goes as a form (the browser sets its boundary); without, as JSON.
    const headers: Record<string, string> = { Accept: 'application/json', 'Idempotency-Key': find.key };
    if (!find.photo) headers['Content-Type'] = 'application/json';
    response = await fetch(outboxFindsAddress(find.code), {
      method: 'POST',
      credentials: 'include',
      headers,
      body: find.photo ? findFormData(find.body, find.photo) : JSON.stringify(find.body),
    });
  } catch {
    return 'later';
  }
  if (response.ok) return 'sent';
  return response.status === 408 || response.status === 429 || response.status >= 500 ? 'later' : 'rejected';
}

async function sendAll(): Promise<SendReport> {
  const report: SendReport = { sent: [], rejected: [], waiting: 0 };
  const pending = await pendingFinds();
  for (const find of pending) {
    const outcome = await send(find);
    // Still no connection, or the server asks to wait: the rest waits for the next chance too.
    if (outcome === 'later') break;
    await forget(find.key);
    report[outcome].push(find);
  }
  report.waiting = pending.length - report.sent.length - report.rejected.length;
  return report;
}

/**
 * Sends the kept finds, oldest first. One sender at a time on this device (the page's `online` retry, the next
 * visit and the service worker's Background Sync may all start at once): Web Locks where the browser has them;
 * without, the Idempotency-Key still keeps a doubled send from adding a second find.
 */
export async function sendPendingFinds(): Promise<SendReport> {
  const report = navigator.locks ? await navigator.locks.request(LOCK, sendAll) : await sendAll();
  // Whoever sent them (this page, another one, the service worker), the page where a find was logged says so.
  if (report.sent.length || report.rejected.length) sentChannel()?.postMessage(report);
  return report;
}

// One channel per page or worker: a channel does not hear its own messages, so a sender is not told twice.
let channel: BroadcastChannel | undefined;
function sentChannel(): BroadcastChannel | undefined {
  if (typeof BroadcastChannel === 'undefined') return undefined;
  channel ??= new BroadcastChannel(SENT_CHANNEL);
  return channel;
}

/** Calls `listener` with what another page of the site or the service worker sent of the kept finds. */
export function onSentElsewhere(listener: (report: SendReport) => void): void {
  sentChannel()?.addEventListener('message', (event: MessageEvent<SendReport>) => listener(event.data));
}
