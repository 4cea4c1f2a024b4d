import type { Context, Next } from 'hono';
import { getPath } from 'hono/utils/url';
import type { AppEnv } from '../types';
import { isOpenAddress } from './addresses';

/*
 * Other apps read the public API (decision record 040): a public read declared `open` in worker/endpoints.ts answers
 * every origin (`Access-Control-Allow-Origin: *`, no credentials: nothing of a reader's is in it), GET and HEAD only,
 * and a preflight for it is answered here. Writes, the owner's and the operator's routes, the geocoder (another
 * service's quota) and the pages answer no other origin: a browser keeps their answers from another site's script.
 */

/** The headers another site's script may send to an open read without asking first, and read in its answer. */
const ALLOWED_HEADERS = 'Accept, Accept-Language, If-None-Match';
const EXPOSED_HEADERS = 'ETag, Retry-After, X-Request-Id';

export async function openReads(c: Context<AppEnv>, next: Next) {
  const open = isOpenAddress(getPath(c.req.raw));
  // A preflight names the method it asks for: GET or HEAD is answered; any other (a write on the same address), or
  // a bare OPTIONS, is refused like any method the route does not take, and says nothing to another origin.
  const asked = c.req.header('Access-Control-Request-Method')?.toUpperCase();
  if (open && c.req.method === 'OPTIONS' && (asked === 'GET' || asked === 'HEAD'))
    return c.body(null, 204, {
      'Access-Control-Allow-Origin': '*',
      'Access-Control-Allow-Methods': 'GET, HEAD',
      'Access-Control-Allow-Headers': ALLOWED_HEADERS,
      'Access-Control-Max-Age': '86400',
    });
  await next();
  if (!open || (c.req.method !== 'GET' && c.req.method !== 'HEAD')) return;
  // Refusals too (404, 429 with Retry-After): an app must be able to read why.
  c.header('Access-Control-Allow-Origin', '*');
  c.header('Access-Control-Expose-Headers', EXPOSED_HEADERS);
}
