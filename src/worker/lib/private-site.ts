import type { Context, Next } from 'hono';
import type { AppEnv } from '../types';
import { sameSecret } from './crypto';

/**
 * Whether the site is a deployed environment other than production (staging): no search engine may list it, and
 * with `STAGING_PASSWORD` set nobody but its team reads it. Development on this machine serves as production does,
 * so that its tests see production's robots.txt and headers.
 */
export const isPrivateSite = (env: Env) => env.ENVIRONMENT !== 'production' && env.ENVIRONMENT !== 'development';

/** What a private site answers without its password: the monitor's probe and Stripe's deliveries (signed). */
const OPEN_ON_A_PRIVATE_SITE = new Set(['/healthz', '/api/webhooks/stripe']);

/** The password of an `Authorization: Basic …` header (any user name), or null. */
function basicPassword(authorization: string | undefined): string | null {
  const encoded = authorization?.match(/^Basic\s+([A-Za-z0-9+/=]+)\s*$/i)?.[1];
  if (!encoded) return null;
  try {
    const decoded = new TextDecoder().decode(Uint8Array.from(atob(encoded), (char) => char.charCodeAt(0)));
    const colon = decoded.indexOf(':');
    return colon < 0 ? null : decoded.slice(colon + 1);
  } catch {
    return null;
  }
}

/**
 * A private site (staging) says `X-Robots-Tag: noindex` on every answer and, with `STAGING_PASSWORD` set, asks
 * for it by HTTP Basic authentication (compared in constant time) before anything else runs, except on
 * OPEN_ON_A_PRIVATE_SITE. Production and development pass untouched.
 */
export async function keepStagingPrivate(c: Context<AppEnv>, next: Next) {
  if (!isPrivateSite(c.env)) return next();
  const password = c.env.STAGING_PASSWORD?.trim();
  if (password && !OPEN_ON_A_PRIVATE_SITE.has(c.req.path)) {
    const given = basicPassword(c.req.header('authorization'));
    if (given === null || !(await sameSecret(given, password))) {
      const headers = {
        'WWW-Authenticate': 'Basic realm="staging", charset="UTF-8"',
        'Cache-Control': 'no-store',
        'X-Robots-Tag': 'noindex',
      };
      const message = 'This staging site needs its password.';
      if (c.req.path.startsWith('/api/')) return c.json({ error: { code: 'STAGING_PASSWORD_REQUIRED', message } }, 401, headers);
      return c.text(message, 401, headers);
    }
  }
  await next();
  c.header('X-Robots-Tag', 'noindex');
}
