import { type Context, Hono } from 'hono';
import { intlTag } from '../../../shared/i18n/locale';
import { MAX_PHOTO_BYTES, MAX_PHOTOS } from '../../../shared/schemas/limits';
import { findVisibilitySchema, ownerUpdateSchema, photoDeleteSchema } from '../../../shared/schemas/owner';
import { getDb } from '../../db/client';
import { ApiError } from '../../lib/errors';
import { log } from '../../lib/logger';
import { enforceRateLimits } from '../../lib/rate-limit';
import { parseInput, ROW_ID_SHAPE, readFormData, readJsonObject } from '../../lib/validate';
import { queueMails } from '../../mail/outbox';
import { storedFindPhoto } from '../../photos/find-photo-queries';
import { photoCount } from '../../photos/queries';
import { photoResponse } from '../../photos/serve';
import { checkPhotos, deletePhoto, storePhotos } from '../../photos/store';
import { purgeErasedCards } from '../../share/erase';
import type { AppEnv } from '../../types';
import { collectionNames } from '../collections/queries';
import { erase } from '../erasure/erase';
import { moderateFind } from '../finds/moderation/queries';
import { decideFindPhoto, requireFindPhoto } from '../finds/photos/store';
import { publishStatistics } from '../statistics/queries';
import { updateStoneText } from '../stones/queries';
import { exportHeader, exportResponse, stoneDocuments } from './export/document';
import { readStonesForExport } from './export/queries';
import { revokeStoneLinks } from './links/queries';
import { getOwnerStoneView, ownedStone } from './queries';

/** All of a stone's photos at their largest, plus the form's own fields. */
const MAX_UPLOAD_BYTES = MAX_PHOTOS * MAX_PHOTO_BYTES + 64 * 1024;

/** Owner tokens are 43 base64url characters; anything unlike one is "not found" without a database read. */
const TOKEN_SHAPE = /^[A-Za-z0-9_-]{20,200}$/;

const notFound = () => new ApiError(404, 'NOT_FOUND', 'server-owner.api.ownerNotFound');

/** The stone behind the owner link in the path: a wrong token is a 404 on every call, and changes nothing. */
async function stoneOf(c: Context<AppEnv>) {
  const token = c.req.param('ownerToken') ?? '';
  const stone = TOKEN_SHAPE.test(token) ? await ownedStone(getDb(c.env.DB), token) : null;
  if (!stone) throw notFound();
  return { token, stone };
}

/** The owner's view after a change, as the read answers it. */
async function ownerView(c: Context<AppEnv>, token: string) {
  const origin = new URL(c.req.url).origin;
  const view = await getOwnerStoneView(getDb(c.env.DB), token, {
    origin,
    locale: intlTag[c.get('locale')],
    // A finder's photo reaches the owner through the owner's own link: pending ones are for nobody else's eyes.
    ownerPhotoUrl: (findId) => `${origin}/api/admin/stones/${token}/finds/${findId}/photo`,
  });
  if (!view) throw notFound();
  return view;
}

/**
 * The stone owner's secret-link API, `/api/admin/stones/{ownerToken}`. Only requests without an Authorization
 * header reach it (decision record 006): owner calls never send one.
 */
export const owner = new Hono<AppEnv>()
  .get('/:ownerToken', async (c) => {
    const token = c.req.param('ownerToken');
    if (!TOKEN_SHAPE.test(token)) throw notFound();
    return c.json(await ownerView(c, token));
  })
  .patch('/:ownerToken', async (c) => {
    await enforceRateLimits(c, [{ name: 'clientWrites' }]);
    const { token, stone } = await stoneOf(c);
    const input = parseInput(ownerUpdateSchema, await readJsonObject(c.req.raw));
    await updateStoneText(getDb(c.env.DB), stone, input);
    return c.json(await ownerView(c, token));
  })
  // The owner deletes the stone, after confirming it on the owner page: the operator's delete (api/erasure).
  .delete('/:ownerToken', async (c) => {
    await enforceRateLimits(c, [{ name: 'clientWrites' }]);
    const { stone } = await stoneOf(c);
    if (!(await erase(c, { stoneId: stone.id }))) throw notFound();
    log.info('stone deleted by its owner', { stoneId: stone.id });
    return c.json({ deleted: true });
  })
  .post('/:ownerToken/photos', async (c) => {
    await enforceRateLimits(c, [{ name: 'clientWrites' }]);
    const { token, stone } = await stoneOf(c);
    if (!stone.hasPhotos) throw new ApiError(402, 'FEATURE_REQUIRED', 'server-owner.photo.featureRequired');
    const form = await readFormData(c.req.raw, MAX_UPLOAD_BYTES);
    const files = form.getAll('photo').filter((value): value is File => typeof value !== 'string' && value.size > 0);
    if (files.length === 0) throw new ApiError(400, 'VALIDATION_ERROR', 'server-owner.photo.required');
    const db = getDb(c.env.DB);
    const room = MAX_PHOTOS - (await photoCount(db, stone.id));
    if (files.length > room)
      throw new ApiError(409, 'TOO_MANY_PHOTOS', { id: 'server-owner.photo.onlyRoomFor', values: { count: Math.max(0, room) } });
    await storePhotos(db, c.env.PHOTOS, stone.id, await checkPhotos(files));
    return c.json({ photos: (await ownerView(c, token)).photos }, 201);
  })
  .delete('/:ownerToken/photos', async (c) => {
    await enforceRateLimits(c, [{ name: 'clientWrites' }]);
    const { token, stone } = await stoneOf(c);
    const { photoUrl } = parseInput(photoDeleteSchema, await readJsonObject(c.req.raw));
    await deletePhoto(getDb(c.env.DB), c.env.PHOTOS, stone.id, photoUrl);
    return c.json({ photos: (await ownerView(c, token)).photos });
  })
  .patch('/:ownerToken/finds/:findId', async (c) => {
    await enforceRateLimits(c, [{ name: 'clientWrites' }]);
    const { token, stone } = await stoneOf(c);
    const findId = c.req.param('findId');
    if (!ROW_ID_SHAPE.test(findId)) throw new ApiError(404, 'FIND_NOT_FOUND', 'server.api.findNotFound');
    const { photo, ...change } = parseInput(findVisibilitySchema, await readJsonObject(c.req.raw));
    const db = getDb(c.env.DB);
    if (photo) await requireFindPhoto(db, stone.id, findId);
    if (change.hidden !== undefined || change.accept) {
      // 409 HIDDEN_BY_OPERATOR for showing or accepting a find the operator hid, before anything changes.
      const totals = await moderateFind(db, stone.id, findId, change, 'owner');
      if (!totals) throw new ApiError(404, 'FIND_NOT_FOUND', 'server.api.findNotFound');
      if (totals.length) await publishStatistics(c.env.CACHE, totals);
      if (change.hidden) await purgeErasedCards(db, c.env.PHOTOS, stone.id);
    }
    if (photo) await decideFindPhoto(db, c.env.PHOTOS, stone.id, findId, photo);
    return c.json(await ownerView(c, token));
  })
  /**
   * Ends every owner link of the stone, including the one used and the creation's, and mails the creator the one
   * link that works from then on. A memorial collection's stone has its links derived from the collection's link:
   * ending them alone would not hold (the collection's owner page derives the same links again), so they end only
   * with the collection's, on its owner page (409: whoever holds one stone's link need not manage the collection).
   */
  .post('/:ownerToken/revoke-links', async (c) => {
    await enforceRateLimits(c, [{ name: 'clientWrites' }]);
    const { stone } = await stoneOf(c);
    const db = getDb(c.env.DB);
    if (stone.collectionId) {
      const collection = await collectionNames(db, stone.collectionId);
      throw new ApiError(409, 'LINKS_OF_COLLECTION', {
        id: 'server-owner.api.linksOfCollection',
        values: { title: collection?.title ?? '' },
      });
    }
    const mailIds = await revokeStoneLinks(db, stone);
    c.executionCtx.waitUntil(queueMails(c.env.EMAIL_QUEUE, mailIds));
    return c.json({ revoked: true }, 202);
  })
  // The owner's copy of the stone's data, as a file.
  .get('/:ownerToken/export', async (c) => {
    const { token, stone } = await stoneOf(c);
    const origin = new URL(c.req.url).origin;
    const [document] = stoneDocuments(await readStonesForExport(getDb(c.env.DB), [stone.id]), {
      origin,
      findPhoto: (_, findId) => `${origin}/api/admin/stones/${token}/finds/${findId}/photo`,
    });
    if (!document) throw notFound();
    return exportResponse(c, { ...exportHeader('stone', origin), stone: document }, `reisestein-${stone.code}.json`);
  })
  // A finder's photo as only the owner sees it, whatever its state: never kept by a cache, never sent on as a referrer.
  .get('/:ownerToken/finds/:findId/photo', async (c) => {
    const { stone } = await stoneOf(c);
    const findId = c.req.param('findId');
    if (!ROW_ID_SHAPE.test(findId)) throw new ApiError(404, 'FIND_NOT_FOUND', 'server.api.findNotFound');
    const photo = await storedFindPhoto(getDb(c.env.DB), stone.id, findId);
    if (!photo) throw new ApiError(404, 'FIND_PHOTO_NOT_FOUND', 'server.api.findPhotoNotFound');
    return photoResponse(c, photo.r2Key, 'private, no-store');
  });
