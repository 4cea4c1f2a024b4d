import assets from 'virtual:client-assets';
import { type Context, Hono, type Next } from 'hono';
import { matchedRoutes } from 'hono/route';
import { getPath } from 'hono/utils/url';
import { localeFromAcceptLanguage, localeFromCookie } from '../shared/i18n/locale';
import { matchRoute } from '../shared/routes';
import { blog, blogFeed, operatorBlog } from './api/blog';
import { collectionRoutes } from './api/collections';
import { creation } from './api/creation';
import { finds } from './api/finds';
import { manyFinds } from './api/finds/many';
import { findReports } from './api/finds/reports';
import { geocode } from './api/geocode';
import { collectionNotifications, notificationLinks, notifications } from './api/notifications';
import { openApi } from './api/openapi';
import { operator, operatorStones } from './api/operator';
import { operatorReports } from './api/operator/reports';
import { owner } from './api/owner';
import { collectionOwner } from './api/owner/collection';
import { collectionOwnerLink, ownerLink } from './api/owner/link';
import { payments } from './api/payments';
import { push } from './api/push';
import { statistics } from './api/statistics';
import { stones } from './api/stones';
import { embed } from './embed';
import { health } from './health';
import { isFramedAddress, isOpenAddress, isSecretAddress } from './lib/addresses';
import { openReads } from './lib/cors';
import { d1Sessions } from './lib/d1-session';
import { edgeCache } from './lib/edge-cache';
import { errorBody } from './lib/error-body';
import { ApiError, apiErrorIn } from './lib/errors';
import { text } from './lib/i18n';
import { describeError, log } from './lib/logger';
import { requireOperator } from './lib/operator-auth';
import { keepStagingPrivate } from './lib/private-site';
import { ADMIN_COLLECTIONS, operatorOnly, publicRoute, routingPath, sideMount } from './lib/routing';
import { contentSecurityPolicy, createNonce, framedContentSecurityPolicy, permissionsPolicy } from './lib/security';
import { discardUnreadBody } from './lib/unread-body';
import { devMail } from './mail/dev-mailbox';
import { errorPage } from './pages/error-page';
import { photos } from './photos/serve';
import { seo } from './seo';
import { isDevelopment, publicConfig } from './settings/public';
import { refuseMisconfigured } from './settings/refuse';
import { shareCardsAfterWrites } from './share/after-writes';
import { shareImages } from './share/serve';
import type { AppEnv } from './types';
import { webManifest } from './web-manifest';

/** The API reads a page makes while it renders (they travel as requests to this app, logged with the page). */
const pageReads = new WeakSet<Request>();

// The address as the router sees it, percent-decoded: `/api/%61dmin/stones/{token}` is as secret as `/api/admin/stones/{token}`.
const addressOf = (request: Request) => getPath(request);

/**
 * The route a request was answered by, as its pattern (`/api/stones/:code/finds`, a page's `/:code`): the handler
 * that answered or, when a middleware answered for it (the edge cache, a refusal), the first handler after it;
 * a page by its registry path.
 */
function routeLabel(c: Context<AppEnv>): string {
  const page = c.get('route');
  if (page) return page;
  const isHandler = (route: { handler: { length: number }; path: string }) =>
    route.handler.length < 2 && route.path !== '*' && route.path !== '/*';
  const routes = matchedRoutes(c);
  const answered = routes[c.req.routeIndex];
  const handler = answered && isHandler(answered) ? answered : routes.slice(c.req.routeIndex + 1).find(isHandler);
  if (!handler) return 'unmatched';
  const { path, side } = publicRoute(handler.path);
  return side ? `${path} (${side})` : path;
}

export const app = new Hono<AppEnv>({ getPath: routingPath });

/** Every request's id, language and CSP nonce; after the answer, its log line and the security headers. */
async function requestEnvelope(c: Context<AppEnv>, next: Next) {
  const started = Date.now();
  c.set('requestId', c.req.header('cf-ray') ?? crypto.randomUUID());
  // A language chosen with the switch wins over the browser's.
  c.set('locale', localeFromCookie(c.req.header('cookie')) ?? localeFromAcceptLanguage(c.req.header('accept-language')));
  c.set('nonce', createNonce());
  c.set('csp', []);
  try {
    await next();
  } finally {
    await discardUnreadBody(c.req.raw);
    // One line per request, with the route's pattern and never its address: owner tokens live in paths. A page's
    // own reads of the API (pages/render.tsx) are part of its request, not requests of their own.
    if (!pageReads.has(c.req.raw))
      log.info('request', {
        method: c.req.method,
        route: routeLabel(c),
        status: c.res.status,
        ms: Date.now() - started,
        requestId: c.get('requestId'),
        colo: (c.req.raw.cf as { colo?: string } | undefined)?.colo ?? null,
      });
  }
  const address = addressOf(c.req.raw);
  // The stone's embeddable card (worker/embed) is the one page other sites may frame.
  const framed = isFramedAddress(address);
  c.header('X-Request-Id', c.get('requestId'));
  c.header('X-Content-Type-Options', 'nosniff');
  // Pages and API answers are for this site's own documents; photos and share cards may be shown by other sites
  // (link previews), the embeddable card by their frames, the open reads by their apps (lib/cors.ts).
  const image = address.startsWith('/photos/') || address.startsWith('/share/');
  c.header('Cross-Origin-Resource-Policy', image || framed || isOpenAddress(address) ? 'cross-origin' : 'same-origin');
  c.header('Cross-Origin-Opener-Policy', 'same-origin');
  // HTTPS only, for a year, subdomains included; not on 127.0.0.1 in development, where it would stick to localhost.
  if (!isDevelopment(c.env)) c.header('Strict-Transport-Security', 'max-age=31536000; includeSubDomains');
  // Pages, API messages and formatted numbers follow the chosen language, else the browser's.
  if (!image) c.header('Vary', 'Accept-Language, Cookie', { append: true });
  // Addresses declared secret (a token in the path, query or body, the operator's data): never cached, never
  // sent on as a referrer.
  if (isSecretAddress(address)) {
    c.header('Referrer-Policy', 'no-referrer');
    // A route may say more (`private, no-store` for the owner's view of a finder's photo), never less.
    if (!/\bno-store\b/.test(c.res.headers.get('Cache-Control') ?? '')) c.header('Cache-Control', 'no-store');
  } else {
    c.header('Referrer-Policy', 'strict-origin-when-cross-origin');
  }
  if (c.res.headers.get('content-type')?.startsWith('text/html') && framed) {
    c.header('Content-Security-Policy', framedContentSecurityPolicy(c.get('nonce')));
    c.header('Permissions-Policy', permissionsPolicy());
  } else if (c.res.headers.get('content-type')?.startsWith('text/html')) {
    // Analytics, when configured, may run on every page (after consent: see src/client/features/consent) but a
    // secret screen's: its address must not reach a third party, so its document has no room for the script.
    const analytics = publicConfig(c.env).analyticsId && matchRoute(address).screen.secret === undefined;
    const features = analytics ? [...c.get('csp'), 'analytics' as const] : c.get('csp');
    c.header('Content-Security-Policy', contentSecurityPolicy(c.get('nonce'), c.env, assets.dev, features));
    c.header('Permissions-Policy', permissionsPolicy(features));
    c.header('X-Frame-Options', 'DENY');
  }
}
app.use(requestEnvelope);
app.use(keepStagingPrivate);
app.use(openReads);

app.use(refuseMisconfigured);

app.route('/healthz', health);

// One D1 session per request (reads near the reader, a write's bookmark back); the edge cache answers public reads
// when it can (decision record 014).
app.use(d1Sessions);
app.use(edgeCache);
// After a write that changed a stone or a collection: its share cards are asked for (share/after-writes.ts).
app.use(shareCardsAfterWrites);

// Operator routes: one check in front of all of them (lib/routing.ts operatorOnly), before any route runs.
const operatorCheck = (c: Context<AppEnv>, next: Next) => (operatorOnly(c.req.path) ? requireOperator(c, next) : next());
app.use('/api/admin/*', operatorCheck);

// One chain, so that its type is the app's route table (ApiRoutes): every route's path, input and JSON answer.
const routes = app
  .route('/api/stones', creation)
  .route('/api/stones', stones)
  .route('/api/stones/:code/finds', finds)
  .route('/api/finds', manyFinds)
  .route('/api/openapi.json', openApi)
  .route('/api/stones/:code/finds/:findId/report', findReports)
  .route('/api/stones/:code/notifications', notifications)
  .route('/api/collections/:id/notifications', collectionNotifications)
  .route('/api/stones/:code/owner-link', ownerLink)
  .route('/api/collections/:id/owner-link', collectionOwnerLink)
  .route('/api/notifications', notificationLinks)
  .route('/api/collections', collectionRoutes)
  .route('/api/statistics', statistics)
  .route('/api/blog', blog)
  .route('/api/geocode', geocode)
  .route('/api/admin/blog', operatorBlog)
  .route('/api', payments)
  .route('/api', push)
  .route(sideMount('owner'), owner)
  .route(sideMount('operator'), operatorStones)
  .route(ADMIN_COLLECTIONS, collectionOwner)
  .route('/api/admin', operator)
  .route('/api/admin', operatorReports)
  .route('/photos', photos)
  .route('/embed', embed)
  .route('/share', shareImages)
  .route('/dev', devMail)
  .route('/blog/rss.xml', blogFeed)
  .route('/', seo)
  .route('/', webManifest);

/** The app's routes as inferred from the routers (tests/worker/api-table.routes.test.ts holds the client's table to it). */
export type ApiRoutes = typeof routes;

// Under /api/admin/stones, a request without Authorization reaches only the owner's routes: any other is an operator's.
const operatorsOnly = () => {
  throw new ApiError(401, 'UNAUTHORIZED', 'server-owner.api.unauthorized');
};
app.all(`${sideMount('owner')}/*`, operatorsOnly);
app.all(sideMount('owner'), operatorsOnly);

app.all('/api/*', () => {
  throw new ApiError(404, 'NOT_FOUND', 'server.api.notFound');
});

/**
 * The server renderer with React, the app shell and every page: loaded by an isolate's first page request, so a
 * cold start for the API, a photo or a share card never parses it (decision record 030). Each request awaits its
 * own import(); the module, once evaluated, is the same for all.
 */
const pageRenderer = () => import('./pages/render');

app.get('*', async (c) => {
  // The raw path, as the browser's location.pathname will show it: hydration must match the same route.
  const url = new URL(c.req.url);
  const match = matchRoute(url.pathname);
  c.set('route', match.screen.path ?? 'not found');
  if (match.redirectTo) return c.redirect(`${match.redirectTo}${url.search}`, 301);
  const { renderPage } = await pageRenderer();
  return renderPage(c, match, async (request) => {
    pageReads.add(request);
    return app.fetch(request, c.env, c.executionCtx);
  });
});

/** The one JSON error shape, in the request's language. */
function apiErrorResponse(c: Context<AppEnv>, error: ApiError): Response {
  return c.json({ error: errorBody(error, c.get('locale') ?? 'en') }, error.status, error.headers);
}

app.onError((error, c) => {
  // Drizzle wraps the error of a single statement: a refusal from below (db/retry.ts) arrives as its cause.
  const refusal = apiErrorIn(error);
  if (refusal) return apiErrorResponse(c, refusal);
  const locale = c.get('locale') ?? 'en';
  const requestId = c.get('requestId') ?? crypto.randomUUID();
  log.error('unhandled error', { requestId, path: addressOf(c.req.raw), ...describeError(error) });
  if (addressOf(c.req.raw).startsWith('/api/') || !c.req.header('accept')?.includes('text/html')) {
    return c.json({ error: { code: 'INTERNAL_ERROR', message: text(locale, 'server.api.internal', { requestId }) } }, 500);
  }
  return c.html(errorPage(locale, requestId), 500);
});

app.notFound((c) => apiErrorResponse(c, new ApiError(404, 'NOT_FOUND', 'server.api.notFound')));
