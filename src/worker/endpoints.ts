import type { CacheScope, Secret } from '../shared/screen';
import { sideMount } from './lib/routing';

/**
 * What a successful write changes, for the edge cache (the reads it renews) and the share cards (the cards it asks
 * for); lib/changes.ts resolves it once per write, and both read that one answer:
 * - `{ stone }`: one stone, and the reads that show it (its collection's), named by the path's `:code` (`code`), its
 *   owner's token (`ownerToken`, the path's `:ownerToken`) or its operator id (`id`, the operator's `:id`); where the
 *   path names no stone, the route names it (`route`: a reported find's stone, lib/changes.ts `changed`);
 * - `{ collection }`: the memorial collection of its owner's token, and its stones' reads (their pages name it);
 * - `'blog'`: the blog's articles and feed;
 * - `{ nothing }`: why nothing a kept read or a card shows changes (a report, a subscription, a new stone that no
 *   read names yet). Every write says one of them: a new write route must choose.
 */
export type Changes = { stone: 'code' | 'ownerToken' | 'id' | 'route' } | { collection: 'ownerToken' } | 'blog' | { nothing: string };

interface Address {
  /** The path as the app routes it (lib/routing.ts: the owner's and the operator's side of the admin prefix). */
  path: string;
  secret?: Secret;
  /** Crawlers may fetch it (robots.txt keeps them out of every other endpoint). */
  crawl?: true;
  /** Other sites may show it in a frame (every other page refuses to be framed: lib/security.ts). */
  framed?: true;
}

interface Read extends Address {
  method: 'GET';
  /** A public read the edge cache keeps, in this scope. */
  cache?: CacheScope;
  /** Other sites' pages and apps may read it (CORS, `Access-Control-Allow-Origin: *`, GET only): lib/cors.ts. */
  open?: true;
  changes?: never;
}

interface Write extends Address {
  method: 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** What a successful write changes (above). */
  changes: Changes;
  cache?: never;
}

/**
 * Every address the Worker answers that is not a screen (screens are in shared/routes.ts), with what it is for
 * the caches, the logs and search engines. The routes themselves are in each feature's router; a test
 * (tests/worker/addresses.routes.test.ts) fails when the app has a route this table does not declare, or a
 * `:param` named like a token that is not declared secret, and tests/worker/write-changes.routes.test.ts when a
 * write's `changes` does not fit its path. worker/lib/addresses.ts derives every list of addresses from here and from
 * the screen registry; worker/lib/changes.ts what a write changed.
 */
export type Endpoint = Read | Write;

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

  // A new stone: the route asks for its first card (no kept read names it yet). A paid upgrade of a stone (here, or
  // with a fully discounted order, or by the webhook) changes its page: the route names the stone.
  { method: 'POST', path: '/api/stones', changes: { stone: 'route' } },
  { method: 'GET', path: '/api/stones/:code', cache: 'stone', open: true },
  { method: 'GET', path: '/api/stones/:code/qr.svg', open: true },
  { method: 'GET', path: '/api/stones/:code/journey.gpx', cache: 'stone', open: true },
  { method: 'GET', path: '/api/stones/:code/journey.geojson', cache: 'stone', open: true },
  // The public finds before the ones the stone's JSON embeds, page by page: a find (any write to the stone) renews them.
  { method: 'GET', path: '/api/stones/:code/finds', cache: 'stone', open: true },
  { method: 'POST', path: '/api/stones/:code/finds', changes: { stone: 'code' } },
  // Several stones found at one place: the route names each stone it logged a find on.
  { method: 'POST', path: '/api/finds', changes: { stone: 'route' } },
  // The public API described in OpenAPI 3.1, for other apps (decision record 045).
  { method: 'GET', path: '/api/openapi.json', open: true },
  // One public find, any of them (the report page's).
  { method: 'GET', path: '/api/stones/:code/finds/:findId', cache: 'stone', open: true },
  {
    method: 'POST',
    path: '/api/stones/:code/finds/:findId/report',
    changes: { nothing: 'a report changes nothing the public sees until the operator acts on it' },
  },
  { method: 'POST', path: '/api/stones/:code/notifications', changes: { nothing: "a subscription is the subscriber's own" } },
  { method: 'POST', path: '/api/stones/:code/owner-link', changes: { nothing: 'a new owner link goes to the owner by mail' } },
  { method: 'POST', path: '/api/collections/:id/notifications', changes: { nothing: "a subscription is the subscriber's own" } },
  // The mail links' tokens travel in the body.
  { method: 'POST', path: '/api/notifications/confirm', secret: 'body', changes: { nothing: "a subscription is the subscriber's own" } },
  { method: 'GET', path: '/api/push/public-key' },
  { method: 'POST', path: '/api/stones/:code/push', changes: { nothing: "a push subscription is the browser's own" } },
  { method: 'DELETE', path: '/api/stones/:code/push', changes: { nothing: "a push subscription is the browser's own" } },
  { method: 'POST', path: '/api/collections/:id/push', changes: { nothing: "a push subscription is the browser's own" } },
  { method: 'DELETE', path: '/api/collections/:id/push', changes: { nothing: "a push subscription is the browser's own" } },
  {
    method: 'POST',
    path: '/api/notifications/preferences',
    secret: 'body',
    changes: { nothing: "how often a reader hears is the reader's own" },
  },
  {
    method: 'POST',
    path: '/api/notifications/unsubscribe',
    secret: 'body',
    changes: { nothing: "a subscription is the subscriber's own" },
  },
  // The route asks for the new collection's first card.
  { method: 'POST', path: '/api/collections', changes: { nothing: 'a new collection: no kept read names it yet' } },
  { method: 'GET', path: '/api/collections/:id', cache: 'collection', open: true },
  { method: 'POST', path: '/api/collections/:id/owner-link', changes: { nothing: 'a new owner link goes to the owner by mail' } },
  { method: 'GET', path: '/api/statistics', open: true },
  { method: 'GET', path: '/api/blog', cache: 'blog', open: true },
  { method: 'GET', path: '/api/blog/:slug', cache: 'blog', open: true },
  { method: 'GET', path: '/api/geocode' },
  { method: 'GET', path: '/api/geocode/reverse' },
  { method: 'POST', path: '/api/validate-promo-code', changes: { nothing: 'a check of a promotion code writes nothing' } },
  {
    method: 'POST',
    path: '/api/create-payment-intent',
    // An order; a fully discounted one makes its new stone now, or upgrades its stone (the route names it).
    changes: { stone: 'route' },
  },
  // A paid order's new stone (its first card asked for by the route) or a paid upgrade (the route names the stone).
  { method: 'POST', path: '/api/webhooks/stripe', changes: { stone: 'route' } },

  // The owner's side of /api/admin/stones: the secret link's token is the path.
  { method: 'GET', path: `${owner}/:ownerToken`, secret: 'path' },
  { method: 'PATCH', path: `${owner}/:ownerToken`, secret: 'path', changes: { stone: 'ownerToken' } },
  { method: 'DELETE', path: `${owner}/:ownerToken`, secret: 'path', changes: { stone: 'ownerToken' } },
  { method: 'POST', path: `${owner}/:ownerToken/photos`, secret: 'path', changes: { stone: 'ownerToken' } },
  { method: 'DELETE', path: `${owner}/:ownerToken/photos`, secret: 'path', changes: { stone: 'ownerToken' } },
  { method: 'PATCH', path: `${owner}/:ownerToken/finds/:findId`, secret: 'path', changes: { stone: 'ownerToken' } },
  { method: 'GET', path: `${owner}/:ownerToken/finds/:findId/photo`, secret: 'path' },
  // The owner's copy of their data is a download.
  {
    method: 'POST',
    path: `${owner}/:ownerToken/revoke-links`,
    secret: 'path',
    changes: { nothing: 'ending owner links changes nothing anyone else sees' },
  },
  { method: 'GET', path: `${owner}/:ownerToken/export`, secret: 'path' },

  // A memorial collection's owner link: its token is the path (no Authorization header, lib/routing.ts).
  { method: 'GET', path: '/api/admin/collections/:ownerToken', secret: 'path' },
  { method: 'PATCH', path: '/api/admin/collections/:ownerToken', secret: 'path', changes: { collection: 'ownerToken' } },
  { method: 'DELETE', path: '/api/admin/collections/:ownerToken', secret: 'path', changes: { collection: 'ownerToken' } },
  { method: 'POST', path: '/api/admin/collections/:ownerToken/stones', secret: 'path', changes: { collection: 'ownerToken' } },
  {
    method: 'POST',
    path: '/api/admin/collections/:ownerToken/revoke-links',
    secret: 'path',
    changes: { nothing: 'ending owner links changes nothing anyone else sees' },
  },
  { method: 'GET', path: '/api/admin/collections/:ownerToken/export', secret: 'path' },

  // The operator's: logging in answers a token; everything else answers only with one.
  { method: 'POST', path: '/api/admin/login', secret: 'body', changes: { nothing: "an operator's session is theirs" } },
  { method: 'POST', path: '/api/admin/logout', secret: 'operator', changes: { nothing: "an operator's session is theirs" } },
  { method: 'GET', path: '/api/admin/statistics', secret: 'operator' },
  { method: 'GET', path: '/api/admin/mails', secret: 'operator' },
  { method: 'POST', path: '/api/admin/mails/:id/resend', secret: 'operator', changes: { nothing: "a mail sent again is its reader's" } },
  { method: 'GET', path: '/api/admin/blog', secret: 'operator' },
  { method: 'POST', path: '/api/admin/blog', secret: 'operator', changes: 'blog' },
  { method: 'PUT', path: '/api/admin/blog/:id', secret: 'operator', changes: 'blog' },
  { method: 'DELETE', path: '/api/admin/blog/:id', secret: 'operator', changes: 'blog' },
  { method: 'GET', path: operator, secret: 'operator' },
  { method: 'GET', path: `${operator}/id/:id`, secret: 'operator' },
  { method: 'PATCH', path: `${operator}/id/:id`, secret: 'operator', changes: { stone: 'id' } },
  { method: 'DELETE', path: `${operator}/id/:id/photos`, secret: 'operator', changes: { stone: 'id' } },
  { method: 'PATCH', path: `${operator}/id/:id/finds/:findId`, secret: 'operator', changes: { stone: 'id' } },
  { method: 'DELETE', path: `${operator}/:id`, secret: 'operator', changes: { stone: 'id' } },
  // The moderation list of reported finds; resolving one changes the find's stone, which the route names.
  { method: 'GET', path: '/api/admin/reports', secret: 'operator' },
  { method: 'POST', path: '/api/admin/reports/:findId', secret: 'operator', changes: { stone: 'route' } },
  { method: 'GET', path: '/api/admin/finds/:findId/photo', secret: 'operator' },
];
