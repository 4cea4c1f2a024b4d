import { type Context, Hono } from 'hono';
import { getDb } from '../db/client';
import type { AppEnv } from '../types';
import { publicFindPhotoKey } from './find-photo-queries';
import { stonePhotoStored } from './queries';

/** R2 keys are server-made: `<uuid>.<ext>`. Anything else cannot be a photo. */
const KEY_SHAPE = /^[0-9a-f-]{36}\.(?:jpg|png|webp|gif|avif)$/;
/** A find's id as its photo's address names it (see ROW_ID_SHAPE). */
const FIND_ID_SHAPE = /^[A-Za-z0-9-]{1,64}$/;

/**
 * The bytes under `key` with the image headers every photo answer has, `cacheControl` as the caller decides; an
 * `If-None-Match` that still matches is a 304 without the bytes. With `storedSince`, an object stored before it is
 * a 404 (a share card that shows something since erased).
 */
export async function photoResponse(
  c: Context<AppEnv>,
  key: string,
  cacheControl: string,
  storedSince: Date | null = null,
): Promise<Response> {
  const etag = c.req.header('if-none-match');
  const object = await c.env.PHOTOS.get(key, etag ? { onlyIf: { etagDoesNotMatch: etag.replace(/^W\/|"/g, '') } } : {});
  if (!object || (storedSince && object.uploaded.getTime() < storedSince.getTime())) return c.body(null, 404);
  const headers = new Headers();
  object.writeHttpMetadata(headers);
  headers.set('ETag', object.httpEtag);
  headers.set('Cache-Control', cacheControl);
  // An image is never a document: even a disguised upload cannot run script on this origin.
  headers.set('Content-Security-Policy', "default-src 'none'; sandbox");
  if (!('body' in object)) return new Response(null, { status: 304, headers });
  return new Response(object.body, { headers });
}

export const photos = new Hono<AppEnv>()
  /**
   * A stone's photo. A key is never reused, but its owner or the operator may delete the photo, and a deleted photo
   * must stop answering at once: `immutable` for a year would keep it in every browser and shared cache that saw it.
   * So every request asks D1 for its row (one, by its unique key; an object whose deletion from R2 failed has none
   * and is a 404 until the cron's sweep removes it), and caches revalidate with the ETag: a 304 without the bytes.
   */
  .get('/:key', async (c) => {
    const key = c.req.param('key');
    if (!KEY_SHAPE.test(key) || !(await stonePhotoStored(getDb(c.env.DB), key))) return c.body(null, 404);
    return photoResponse(c, key, 'public, no-cache');
  })
  /**
   * A finder's photo the owner approved. It can be taken down (the owner rejects it after all, the operator removes
   * a reported one, the find is hidden), so no cache may keep it: every request asks D1 (one row by its key) and
   * browsers revalidate with the ETag, which costs a 304 and no bytes while it stands.
   */
  .get('/finds/:findId', async (c) => {
    const findId = c.req.param('findId');
    const key = FIND_ID_SHAPE.test(findId) ? await publicFindPhotoKey(getDb(c.env.DB), findId) : null;
    if (!key) return c.body(null, 404);
    return photoResponse(c, key, 'public, no-cache');
  });
