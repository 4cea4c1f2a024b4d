import assets from 'virtual:client-assets';
import { type Context, Hono } from 'hono';
import { localeFromAcceptLanguage, localeFromCookie } from '../shared/i18n/locale';
import { matchRoute } from '../shared/routes';
import { admin, operatorStones } from './api/admin';
import { adminBlog, blog, blogFeed } from './api/blog';
import { finds } from './api/finds';
import { geocode } from './api/geocode';
import { notificationLinks, notifications } from './api/notifications';
import { owner } from './api/owner';
import { ownerLink } from './api/owner/link';
import { payments } from './api/payments';
import { statistics } from './api/statistics';
import { stones } from './api/stones';
import { devMail } from './dev/mail';
import { publicConfig } from './lib/config';
import { d1Sessions } from './lib/d1-session';
import { edgeCache } from './lib/edge-cache';
import { ApiError, apiErrorIn } from './lib/errors';
import { text } from './lib/i18n';
import { describeError, log } from './lib/logger';
import { requireOperator } from './lib/operator-auth';
import { operatorOnly, routingPath, sideMount } from './lib/routing';
import { contentSecurityPolicy, createNonce, permissionsPolicy } from './lib/security';
import { errorPage } from './pages/error-page';
import { renderPage } from './pages/render';
import { photos } from './photos';
import { seo } from './seo';
import type { AppEnv } from './types';
import { webManifest } from './web-manifest';

/**
 * Addresses that carry a secret (an owner token in the path, a mail link's token in the query): never cached,
 * never sent on as a referrer.
 */
const SECRET_ADDRESS = /^\/(?:api\/admin\/|admin\/stones?\/|abo\/|api\/notifications\/)/;

/** The address as the client sent it (the router's path may carry the admin side, see lib/routing.ts). */
const addressOf = (request: Request) => new URL(request.url).pathname;

export const app = new Hono<AppEnv>({ getPath: routingPath });

app.use(async (c, next) => {
  c.set('requestId', c.req.header('cf-ray') ?? crypto.randomUUID());
  // A language chosen with the switch wins over the browser's.
  c.set('locale', localeFromCookie(c.req.header('cookie')) ?? localeFromAcceptLanguage(c.req.header('accept-language')));
  c.set('nonce', createNonce());
  c.set('csp', []);
  await next();
  const address = addressOf(c.req.raw);
  c.header('X-Content-Type-Options', 'nosniff');
  // Pages, API messages and formatted numbers follow the chosen language, else the browser's.
  if (!address.startsWith('/photos/')) c.header('Vary', 'Accept-Language, Cookie', { append: true });
  if (SECRET_ADDRESS.test(address)) {
    c.header('Referrer-Policy', 'no-referrer');
    c.header('Cache-Control', 'no-store');
  } else {
    c.header('Referrer-Policy', 'strict-origin-when-cross-origin');
  }
  if (c.res.headers.get('content-type')?.startsWith('text/html')) {
    // Analytics, when configured, may run on every page (after consent: see src/client/features/consent).
    const features = publicConfig(c.env).analyticsId ? [...c.get('csp'), 'analytics' as const] : c.get('csp');
    c.header('Content-Security-Policy', contentSecurityPolicy(c.get('nonce'), c.env, assets.dev, features));
    c.header('Permissions-Policy', permissionsPolicy(features));
    c.header('X-Frame-Options', 'DENY');
  }
});

// Every request's queries run in one D1 session (reads near the reader, a write's bookmark back to the client);
// public reads are answered from the edge cache when they can be (decision record 014).
app.use(d1Sessions);
app.use(edgeCache);

// Operator routes: one check in front of all of them (lib/routing.ts operatorOnly), before any route runs.
app.use('/api/admin/*', (c, next) => (operatorOnly(c.req.path) ? requireOperator(c, next) : next()));

app.route('/api/stones', stones);
app.route('/api/stones/:code/finds', finds);
app.route('/api/stones/:code/notifications', notifications);
app.route('/api/stones/:code/owner-link', ownerLink);
app.route('/api/notifications', notificationLinks);
app.route('/api/statistics', statistics);
app.route('/api/blog', blog);
app.route('/api/geocode', geocode);
app.route('/api/admin/blog', adminBlog);
app.route('/api', payments);
app.route(sideMount('owner'), owner);
app.route(sideMount('operator'), operatorStones);
app.route('/api/admin', admin);
app.route('/photos', photos);
app.route('/dev', devMail);
app.route('/blog/rss.xml', blogFeed);
app.route('/', seo);
app.route('/', webManifest);

// Under /api/admin/stones, a request without Authorization reaches only the owner's routes: any other path
// there is an operator's, which needs a login.
app.all(`${sideMount('owner')}/*`, () => {
  throw new ApiError(401, 'UNAUTHORIZED', 'api.unauthorized');
});
app.all(sideMount('owner'), () => {
  throw new ApiError(401, 'UNAUTHORIZED', 'api.unauthorized');
});

app.all('/api/*', () => {
  throw new ApiError(404, 'NOT_FOUND', 'api.notFound');
});

app.get('*', async (c) => {
  // The raw path, as the browser's location.pathname will show it: hydration must match the same route.
  const url = new URL(c.req.url);
  const match = matchRoute(url.pathname);
  if (match.redirectTo) return c.redirect(`${match.redirectTo}${url.search}`, 301);
  return renderPage(c, match, async (request) => app.fetch(request, c.env, c.executionCtx));
});

/** The one JSON error shape, in the request's language. */
function apiErrorResponse(c: Context<AppEnv>, error: ApiError): Response {
  const locale = c.get('locale') ?? 'en';
  const details = error.details
    ? { details: Object.fromEntries(Object.entries(error.details).map(([field, t]) => [field, text(locale, t.id, t.values)])) }
    : {};
  const body = { error: { code: error.code, message: text(locale, error.text.id, error.text.values), ...details } };
  return c.json(body, error.status, error.headers);
}

app.onError((error, c) => {
  // Drizzle wraps the error of a single statement: a refusal from below (db/retry.ts) arrives as its cause.
  const refusal = apiErrorIn(error);
  if (refusal) return apiErrorResponse(c, refusal);
  const locale = c.get('locale') ?? 'en';
  const requestId = c.get('requestId') ?? crypto.randomUUID();
  log.error('unhandled error', { requestId, path: addressOf(c.req.raw), ...describeError(error) });
  if (addressOf(c.req.raw).startsWith('/api/') || !c.req.header('accept')?.includes('text/html')) {
    return c.json({ error: { code: 'INTERNAL_ERROR', message: text(locale, 'api.internal', { requestId }) } }, 500);
  }
  return c.html(errorPage(locale, requestId), 500);
});

app.notFound((c) => apiErrorResponse(c, new ApiError(404, 'NOT_FOUND', 'api.notFound')));
