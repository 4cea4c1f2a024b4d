import { Hono } from 'hono';
import { intlTag } from '../../../shared/i18n/locale';
import { MAX_PHOTO_BYTES, MAX_PHOTOS } from '../../../shared/schemas/limits';
import { getDb } from '../../db/client';
import { ApiError } from '../../lib/errors';
import { enforceRateLimits } from '../../lib/rate-limit';
import { readFormData } from '../../lib/validate';
import type { AppEnv } from '../../types';
import { checkPhotos, photoCount, storePhotos } from './photos';
import { getOwnerStoneView, ownedStone } from './queries';

/** All of a stone's photos at their largest, plus the form's own fields. */
const MAX_UPLOAD_BYTES = MAX_PHOTOS * MAX_PHOTO_BYTES + 64 * 1024;

/** Owner tokens are 43 base64url characters; anything unlike one is "not found" without a database read. */
const TOKEN_SHAPE = /^[A-Za-z0-9_-]{20,200}$/;

/**
 * The stone owner's secret-link API, `/api/admin/stones/{adminToken}`. Only requests without an Authorization
 * header reach it (decision record 006): owner calls never send one.
 */
export const owner = new Hono<AppEnv>()
  .get('/:adminToken', async (c) => {
    const token = c.req.param('adminToken');
    const notFound = new ApiError(404, 'NOT_FOUND', 'api.ownerNotFound');
    if (!TOKEN_SHAPE.test(token)) throw notFound;
    const view = await getOwnerStoneView(getDb(c.env.DB), token, {
      origin: new URL(c.req.url).origin,
      locale: intlTag[c.get('locale')],
    });
    if (!view) throw notFound;
    return c.json(view);
  })
  .post('/:adminToken/photos', async (c) => {
    await enforceRateLimits(c, [{ name: 'clientWrites' }]);
    const token = c.req.param('adminToken');
    const db = getDb(c.env.DB);
    const stone = TOKEN_SHAPE.test(token) ? await ownedStone(db, token) : null;
    if (!stone) throw new ApiError(404, 'NOT_FOUND', 'api.ownerNotFound');
    if (!stone.hasPhotos) throw new ApiError(402, 'FEATURE_REQUIRED', 'photo.featureRequired');
    const form = await readFormData(c.req.raw, MAX_UPLOAD_BYTES);
    const files = form.getAll('photo').filter((value): value is File => typeof value !== 'string' && value.size > 0);
    if (files.length === 0) throw new ApiError(400, 'VALIDATION_ERROR', 'photo.required');
    const room = MAX_PHOTOS - (await photoCount(db, stone.id));
    if (files.length > room) throw new ApiError(409, 'TOO_MANY_PHOTOS', { id: 'photo.onlyRoomFor', values: { count: Math.max(0, room) } });
    await storePhotos(db, c.env.PHOTOS, stone.id, await checkPhotos(files));
    const view = await getOwnerStoneView(db, token, { origin: new URL(c.req.url).origin, locale: intlTag[c.get('locale')] });
    return c.json({ photos: view?.photos ?? [] }, 201);
  });
