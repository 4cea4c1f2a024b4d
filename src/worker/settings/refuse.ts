import type { Context, Next } from 'hono';
import { getPath } from 'hono/utils/url';
import { text } from '../lib/i18n';
import { misconfiguredPage } from '../pages/error-page';
import type { AppEnv } from '../types';
import { refusedSettings } from './worker';

/** A refused configuration (settings/checks.ts) answers every request 503 before anything runs; /healthz says why. */
export async function refuseMisconfigured(c: Context<AppEnv>, next: Next) {
  const refused = refusedSettings(c.env);
  if (refused.length === 0 || c.req.path === '/healthz') return next();
  const locale = c.get('locale');
  const headers = { 'Retry-After': '300', 'Cache-Control': 'no-store' };
  const page = !getPath(c.req.raw).startsWith('/api/') && c.req.header('accept')?.includes('text/html');
  if (page) return c.html(misconfiguredPage(locale, refused), 503, headers);
  const message = text(locale, 'server.api.misconfigured', { settings: refused.join(', ') });
  return c.json({ error: { code: 'MISCONFIGURED', message } }, 503, headers);
}
