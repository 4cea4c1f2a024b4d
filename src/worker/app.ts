import assets from 'virtual:client-assets';
import { Hono } from 'hono';
import { localeFromAcceptLanguage } from '../shared/i18n/locale';
import { matchRoute } from '../shared/routes';
import { owner } from './api/owner';
import { statistics } from './api/statistics';
import { stones } from './api/stones';
import { ApiError } from './lib/errors';
import { describeError, log } from './lib/logger';
import { contentSecurityPolicy, createNonce } from './lib/security';
import { errorPage } from './pages/error-page';
import { renderPage } from './pages/render';
import { photos } from './photos';
import type { AppEnv } from './types';

/** Paths that carry an owner's secret token: never cached, never sent on as a referrer. */
const OWNER_TOKEN_PATH = /^\/(?:api\/)?admin\/stones?\//;

export const app = new Hono<AppEnv>();

app.use(async (c, next) => {
  c.set('requestId', c.req.header('cf-ray') ?? crypto.randomUUID());
  c.set('locale', localeFromAcceptLanguage(c.req.header('accept-language')));
  c.set('nonce', createNonce());
  await next();
  c.header('X-Content-Type-Options', 'nosniff');
  // Pages and formatted numbers follow the browser's language.
  if (!c.req.path.startsWith('/photos/')) c.header('Vary', 'Accept-Language', { append: true });
  if (OWNER_TOKEN_PATH.test(c.req.path)) {
    c.header('Referrer-Policy', 'no-referrer');
    c.header('Cache-Control', 'no-store');
  } else {
    c.header('Referrer-Policy', 'strict-origin-when-cross-origin');
  }
  if (c.res.headers.get('content-type')?.startsWith('text/html')) {
    c.header('Content-Security-Policy', contentSecurityPolicy(c.get('nonce'), c.env, assets.dev));
    c.header('X-Frame-Options', 'DENY');
  }
});

app.route('/api/stones', stones);
app.route('/api/statistics', statistics);
app.route('/api/admin/stones', owner);
app.route('/photos', photos);

app.all('/api/*', () => {
  throw new ApiError(404, 'NOT_FOUND', 'No such API endpoint');
});

app.get('*', async (c) => {
  // The raw path, as the browser's location.pathname will show it: hydration must match the same route.
  const url = new URL(c.req.url);
  const match = matchRoute(url.pathname);
  if (match.redirectTo) return c.redirect(`${match.redirectTo}${url.search}`, 301);
  return renderPage(c, match);
});

app.onError((error, c) => {
  if (error instanceof ApiError) {
    const body = { error: { code: error.code, message: error.message, ...(error.details ? { details: error.details } : {}) } };
    return c.json(body, error.status);
  }
  const requestId = c.get('requestId');
  log.error('unhandled error', { requestId, path: c.req.path, ...describeError(error) });
  const message = `Something went wrong (request ${requestId})`;
  if (c.req.path.startsWith('/api/') || !c.req.header('accept')?.includes('text/html')) {
    return c.json({ error: { code: 'INTERNAL_ERROR', message } }, 500);
  }
  return c.html(errorPage(c.get('locale'), requestId), 500);
});

app.notFound((c) => c.json({ error: { code: 'NOT_FOUND', message: 'Not found' } }, 404));
