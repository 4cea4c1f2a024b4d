/**
 * Where a push message may go. A subscription's endpoint is an address a stranger sends, and the Worker sends to it
 * on every find: only the push services of the browsers that exist, over https, so the Worker never fetches an
 * arbitrary address (a private network, a metadata service, somebody's server). A development server and the
 * tests may also name a push service on this machine (`http://127.0.0.1`, `http://localhost`), as the local
 * stand-in for one.
 */
const PUSH_SERVICES: RegExp[] = [
  /^fcm\.googleapis\.com$/, // Chrome, Edge on Android, Opera, Samsung Internet
  /^android\.googleapis\.com$/,
  /^updates\.push\.services\.mozilla\.com$/, // Firefox
  /^push\.services\.mozilla\.com$/,
  /^web\.push\.apple\.com$/, // Safari
  /^[a-z0-9-]+\.push\.apple\.com$/,
  /^[a-z0-9-]+\.notify\.windows\.com$/, // Edge on Windows
];
const LOCAL_HOSTS = new Set(['127.0.0.1', 'localhost']);

/** Null for an endpoint the Worker may send to, else why not. */
export function pushEndpointProblem(endpoint: string, allowLocal: boolean): string | null {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return 'not an address';
  }
  if (url.username || url.password) return 'carries credentials';
  if (allowLocal && url.protocol === 'http:' && LOCAL_HOSTS.has(url.hostname)) return null;
  if (url.protocol !== 'https:') return 'not https';
  if (url.port && url.port !== '443') return 'not on the https port';
  if (!PUSH_SERVICES.some((service) => service.test(url.hostname))) return 'not a known push service';
  return null;
}
