import { Hono } from 'hono';
import type { AppEnv } from './types';

/** R2 keys are server-made: `<uuid>.<ext>`. Anything else cannot be a photo. */
const KEY_SHAPE = /^[0-9a-f-]{36}\.(?:jpg|png|webp|gif|avif)$/;

/** Photo bytes from R2 at a stable URL; a key is never reused, so the answer may be cached forever. */
export const photos = new Hono<AppEnv>().get('/:key', async (c) => {
  const key = c.req.param('key');
  if (!KEY_SHAPE.test(key)) return c.body(null, 404);
  const etag = c.req.header('if-none-match');
  const object = await c.env.PHOTOS.get(key, etag ? { onlyIf: { etagDoesNotMatch: etag.replace(/^W\/|"/g, '') } } : {});
  if (!object) return c.body(null, 404);
  const headers = new Headers();
  object.writeHttpMetadata(headers);
  headers.set('ETag', object.httpEtag);
  headers.set('Cache-Control', 'public, max-age=31536000, immutable');
  // An image is never a document: even a disguised upload cannot run script on this origin.
  headers.set('Content-Security-Policy', "default-src 'none'; sandbox");
  if (!('body' in object)) return new Response(null, { status: 304, headers });
  return new Response(object.body, { headers });
});
