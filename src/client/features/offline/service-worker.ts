import { matchRoute } from '../../../shared/routes';
import { SYNC_TAG, sendPendingFinds } from './outbox';

/**
 * The service worker (/sw.js, built by scripts/service-worker-plugin.ts): keeps the stone page usable without a
 * connection and sends finds kept offline by Background Sync (decision record 015); it shows push messages too (038).
 *
 * - Pages: network first, so an online visitor always gets the fresh server-rendered page. The last copy of each
 *   page the registry declares `offline` (the stone's: /{code}, /view/{code}) is kept and shown when the
 *   network fails; any other page falls back to the offline page. Nothing else is kept: not the owner's secret-link page, not /admin, never an API answer.
 * - The app's code: the files a stone page needs are fetched at install; hashed files under /assets/ never
 *   change, so they are answered from the cache first.
 * - API requests (reads and writes), photos and everything else go to the network untouched.
 */

declare const self: ServiceWorkerGlobalScope;
/** The app's files a stone page needs, from the client build's manifest (a JSON array). */
declare const __PRECACHE__: string;
/** Changes with every build whose files changed. */
declare const __CACHE_VERSION__: string;

interface SyncEvent extends ExtendableEvent {
  readonly tag: string;
}

const PREFIX = 'reisesteine-';
const ASSETS = `${PREFIX}assets-${__CACHE_VERSION__}`;
// Pages name this build's asset files: a new build starts with no pages kept, rather than with pages whose
// scripts are gone.
const PAGES = `${PREFIX}pages-${__CACHE_VERSION__}`;
// Cloudflare's asset server answers /offline.html with a redirect to /offline: a redirected response cannot answer
// a navigation, so the page is kept under its final address.
const OFFLINE_PAGE = '/offline';

/** Pages declared `offline` in the screen registry (the stone's), under their canonical address only. */
function keptOffline(path: string): boolean {
  const match = matchRoute(path);
  return match.screen.offline === true && !match.redirectTo;
}

self.addEventListener('install', (event) => {
  event.waitUntil(
    caches
      .open(ASSETS)
      .then((cache) => cache.addAll([...(JSON.parse(__PRECACHE__) as string[]), OFFLINE_PAGE]))
      .then(() => self.skipWaiting()),
  );
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((names) =>
        Promise.all(
          names.filter((name) => name.startsWith(PREFIX) && name !== ASSETS && name !== PAGES).map((name) => caches.delete(name)),
        ),
      )
      .then(() => self.clients.claim())
      .then(keepOpenStonePages),
  );
});

/** The stone page open while this worker was installed was loaded without it: its copy is kept now. */
async function keepOpenStonePages(): Promise<void> {
  const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
  const paths = [...new Set(windows.map((client) => new URL(client.url).pathname))].filter(keptOffline);
  const cache = await caches.open(PAGES);
  await Promise.all(
    paths.map(async (path) => {
      if (await cache.match(path, { ignoreVary: true })) return;
      const response = await fetch(path, { credentials: 'include' }).catch(() => null);
      if (response?.status === 200) await cache.put(path, response);
    }),
  );
}

async function page(event: FetchEvent): Promise<Response> {
  const path = new URL(event.request.url).pathname;
  const keep = keptOffline(path);
  try {
    const response = await fetch(event.request);
    if (keep && response.status === 200) {
      const copy = response.clone();
      event.waitUntil(caches.open(PAGES).then((cache) => cache.put(path, copy)));
    }
    // A stone deleted since this device kept its page: the copy goes too, so it is not shown offline any more.
    if (keep && response.status === 404) event.waitUntil(caches.open(PAGES).then((cache) => cache.delete(path, { ignoreVary: true })));
    return response;
  } catch (error) {
    // The page was kept with the language and cookies of its visit: any copy of it beats none.
    const kept = keep ? await caches.match(path, { cacheName: PAGES, ignoreVary: true }) : undefined;
    const fallback = kept ?? (await caches.match(OFFLINE_PAGE, { cacheName: ASSETS, ignoreVary: true }));
    if (fallback) return fallback;
    throw error;
  }
}

async function asset(request: Request): Promise<Response> {
  const cached = await caches.match(request, { cacheName: ASSETS });
  if (cached) return cached;
  const response = await fetch(request);
  if (response.status === 200) {
    const copy = response.clone();
    await caches.open(ASSETS).then((cache) => cache.put(request, copy));
  }
  return response;
}

self.addEventListener('fetch', (event) => {
  const { request } = event;
  const url = new URL(request.url);
  if (request.method !== 'GET' || url.origin !== self.location.origin) return;
  if (request.mode === 'navigate') event.respondWith(page(event));
  else if (url.pathname.startsWith('/assets/')) event.respondWith(asset(request));
});

async function sendKept(): Promise<void> {
  // sendPendingFinds tells the open pages what went out.
  const report = await sendPendingFinds();
  // Still waiting: failing the sync makes the browser try again later (the pages retry on `online` as well).
  if (report.waiting) throw new Error('kept finds are still waiting for a connection');
}

self.addEventListener('sync', (event) => {
  const sync = event as SyncEvent;
  if (sync.tag === SYNC_TAG) sync.waitUntil(sendKept());
});

// A push message (decision record 038): what the Worker sent, shown as a notification; a click opens its page.
self.addEventListener('push', (event) => {
  let notice: { title?: string; body?: string; url?: string; tag?: string } = {};
  try {
    notice = event.data?.json() ?? {};
  } catch {
    // Not the site's JSON: shown with the site's name only.
  }
  event.waitUntil(
    self.registration.showNotification(notice.title ?? self.location.host, {
      body: notice.body ?? '',
      tag: notice.tag,
      icon: '/icons/icon-192.png',
      data: { url: notice.url ?? '/' },
    }),
  );
});

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const target = new URL(String(event.notification.data?.url ?? '/'), self.location.origin);
  // Only the site's own pages: a message names a page here, never elsewhere.
  const url = target.origin === self.location.origin ? target.href : self.location.origin;
  event.waitUntil(
    self.clients.matchAll({ type: 'window', includeUncontrolled: true }).then((windows) => {
      const open = windows.find((client) => client.url === url);
      return open ? open.focus() : self.clients.openWindow(url);
    }),
  );
});
