import type { CacheScope, Secret } from '../shared/screen';
import { sideMount } from './lib/routing';

/**
 * Every address the Worker answers that is not a screen (screens are in shared/routes.ts), with what it is for
 * the caches, the logs and search engines. The routes themselves are in each feature's router; a test
 * (tests/worker/addresses.routes.test.ts) fails when the app has a route this table does not declare, or a
 * `:param` named like a token that is not declared secret. worker/lib/addresses.ts derives every list of
 * addresses from here and from the screen registry.
 */
export interface Endpoint {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** The path as the app routes it (lib/routing.ts: the owner's and the operator's side of the admin prefix). */
  path: string;
  secret?: Secret;
  /** A public read the edge cache keeps, in this scope. */
  cache?: CacheScope;
  /**
   * The scope a successful write changes: for `stone`, the stone named by the path's `:code`, `:adminToken`
   * (the owner's) or `:id` (the operator's), and its collection when it has one; for `collection`, the collection
   * of the owner's `:adminToken`, and its stones.
   */
  changes?: CacheScope;
  /** Crawlers may fetch it (robots.txt keeps them out of every other endpoint). */
  crawl?: true;
  /** Other sites may show it in a frame (every other page refuses to be framed: lib/security.ts). */
  framed?: true;
}

const owner = sideMount('owner');
const operator = sideMount('operator');

export const endpoints: readonly Endpoint[] = [
  { method: 'GET', path: '/healthz' },
  { method: 'GET', path: '/robots.txt', crawl: true },
  // A sitemap index, and its files: the public screens and articles, the collections by their id's first letter.
  { method: 'GET', path: '/sitemap.xml', crawl: true },
  { method: 'GET', path: '/sitemaps/:file', crawl: true },
  { method: 'GET', path: '/manifest.webmanifest', crawl: true },
  { method: 'GET', path: '/photos/:key', crawl: true },
  // Share cards (og:image): link previews' crawlers must reach them.
  { method: 'GET', path: '/share/stone/:code/:file', crawl: true },
  { method: 'GET', path: '/share/collection/:id/:file', crawl: true },
  // A finder's photo once its stone's owner approved it (by the find's id: it stops answering when taken down).
  { method: 'GET', path: '/photos/finds/:findId', crawl: true },
  { method: 'GET', path: '/blog/rss.xml', cache: 'blog', crawl: true },
  // A stone's card for other sites' frames: crawlable, so that search engines read its noindex and leave it out.
  { method: 'GET', path: '/embed/:code', cache: 'stone', crawl: true, framed: true },
  // Development only: the mails the local server kept.
  { method: 'GET', path: '/dev/mail.json' },
  { method: 'GET', path: '/dev/mail' },

  { method: 'POST', path: '/api/stones' },
  { method: 'GET', path: '/api/stones/:code', cache: 'stone' },
  { method: 'GET', path: '/api/stones/:code/qr.svg' },
  { method: 'GET', path: '/api/stones/:code/journey.gpx', cache: 'stone' },
  { method: 'GET', path: '/api/stones/:code/journey.geojson', cache: 'stone' },
  // The public finds before the ones the stone's JSON embeds, page by page: a find (any write to the stone) renews them.
  { method: 'GET', path: '/api/stones/:code/finds', cache: 'stone' },
  { method: 'POST', path: '/api/stones/:code/finds', changes: 'stone' },
  // One public find, any of them (the report page's).
  { method: 'GET', path: '/api/stones/:code/finds/:findId', cache: 'stone' },
  // A report changes nothing the public sees until the operator acts on it.
  { method: 'POST', path: '/api/stones/:code/finds/:findId/report' },
  { method: 'POST', path: '/api/stones/:code/notifications' },
  { method: 'POST', path: '/api/stones/:code/owner-link' },
  { method: 'POST', path: '/api/collections/:id/notifications' },
  // The mail links' tokens travel in the body.
  { method: 'POST', path: '/api/notifications/confirm', secret: 'body' },
  { method: 'POST', path: '/api/notifications/unsubscribe', secret: 'body' },
  { method: 'POST', path: '/api/collections' },
  { method: 'GET', path: '/api/collections/:id', cache: 'collection' },
  { method: 'POST', path: '/api/collections/:id/owner-link' },
  { method: 'GET', path: '/api/statistics' },
  { method: 'GET', path: '/api/blog', cache: 'blog' },
  { method: 'GET', path: '/api/blog/:slug', cache: 'blog' },
  { method: 'GET', path: '/api/geocode' },
  { method: 'GET', path: '/api/geocode/reverse' },
  { method: 'POST', path: '/api/validate-promo-code' },
  { method: 'POST', path: '/api/create-payment-intent' },
  { method: 'POST', path: '/api/webhooks/stripe' },

  // The owner's side of /api/admin/stones: the secret link's token is the path.
  { method: 'GET', path: `${owner}/:adminToken`, secret: 'path' },
  { method: 'PATCH', path: `${owner}/:adminToken`, secret: 'path', changes: 'stone' },
  { method: 'DELETE', path: `${owner}/:adminToken`, secret: 'path', changes: 'stone' },
  { method: 'POST', path: `${owner}/:adminToken/photos`, secret: 'path', changes: 'stone' },
  { method: 'DELETE', path: `${owner}/:adminToken/photos`, secret: 'path', changes: 'stone' },
  { method: 'PATCH', path: `${owner}/:adminToken/finds/:findId`, secret: 'path', changes: 'stone' },
  { method: 'GET', path: `${owner}/:adminToken/finds/:findId/photo`, secret: 'path' },
  // Ending every owner link changes nothing anyone else sees; the owner's copy of their data is a download.
  { method: 'POST', path: `${owner}/:adminToken/revoke-links`, secret: 'path' },
  { method: 'GET', path: `${owner}/:adminToken/export`, secret: 'path' },

  // A memorial collection's owner link: its token is the path (no Authorization header, lib/routing.ts).
  { method: 'GET', path: '/api/admin/collections/:adminToken', secret: 'path' },
  { method: 'PATCH', path: '/api/admin/collections/:adminToken', secret: 'path', changes: 'collection' },
  { method: 'DELETE', path: '/api/admin/collections/:adminToken', secret: 'path', changes: 'collection' },
  { method: 'POST', path: '/api/admin/collections/:adminToken/stones', secret: 'path', changes: 'collection' },
  { method: 'POST', path: '/api/admin/collections/:adminToken/revoke-links', secret: 'path' },
  { method: 'GET', path: '/api/admin/collections/:adminToken/export', secret: 'path' },

  // The operator's: logging in answers a token; everything else answers only with one.
  { method: 'POST', path: '/api/admin/login', secret: 'body' },
  { method: 'POST', path: '/api/admin/logout', secret: 'operator' },
  { method: 'GET', path: '/api/admin/statistics', secret: 'operator' },
  { method: 'GET', path: '/api/admin/mails', secret: 'operator' },
  { method: 'POST', path: '/api/admin/mails/:id/resend', secret: 'operator' },
  { method: 'GET', path: '/api/admin/blog', secret: 'operator' },
  { method: 'POST', path: '/api/admin/blog', secret: 'operator', changes: 'blog' },
  { method: 'PUT', path: '/api/admin/blog/:id', secret: 'operator', changes: 'blog' },
  { method: 'DELETE', path: '/api/admin/blog/:id', secret: 'operator', changes: 'blog' },
  { method: 'GET', path: operator, secret: 'operator' },
  { method: 'GET', path: `${operator}/id/:id`, secret: 'operator' },
  { method: 'PATCH', path: `${operator}/id/:id`, secret: 'operator', changes: 'stone' },
  { method: 'DELETE', path: `${operator}/id/:id/photos`, secret: 'operator', changes: 'stone' },
  { method: 'PATCH', path: `${operator}/id/:id/finds/:findId`, secret: 'operator', changes: 'stone' },
  { method: 'DELETE', path: `${operator}/:id`, secret: 'operator', changes: 'stone' },
  // The moderation list of reported finds; resolving one names its stone for the edge cache and the share cards
  // itself (changedStone).
  { method: 'GET', path: '/api/admin/reports', secret: 'operator' },
  { method: 'POST', path: '/api/admin/reports/:findId', secret: 'operator' },
  { method: 'GET', path: '/api/admin/finds/:findId/photo', secret: 'operator' },
];
