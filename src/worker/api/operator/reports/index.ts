import { Hono } from 'hono';
import { reportActionSchema, reportListQuerySchema } from '../../../../shared/schemas/report';
import { getDb } from '../../../db/client';
import { changed } from '../../../lib/changes';
import { ApiError } from '../../../lib/errors';
import { log } from '../../../lib/logger';
import { parseInput, ROW_ID_SHAPE, readJsonObject } from '../../../lib/validate';
import { dropFindPhoto } from '../../../photos/find-photo-queries';
import { purgeErasedCards } from '../../../share/erase';
import type { AppEnv } from '../../../types';
import { moderateFind } from '../../finds/moderation/queries';
import { publishStatistics } from '../../statistics/queries';
import { findPhotoObject, photoGone, reportedFind, reportedFinds, resolveReports, runAlone } from './queries';

/** A find id that names no find, or a find nobody reported (any more). */
const noOpenReports = () => new ApiError(404, 'FIND_NOT_FOUND', 'server-owner.operator.reportNotFound');

/**
 * The operator's moderation list under `/api/admin` (the operator check runs in front, lib/routing.ts
 * `operatorOnly`): reported public finds, each resolved by hiding the find, removing its photo or dismissing the
 * reports. Every answer carries the operator's data only (never a finder's or a creator's e-mail address).
 */
export const operatorReports = new Hono<AppEnv>()
  .get('/reports', async (c) => {
    const { page, pageSize } = parseInput(reportListQuerySchema, c.req.query());
    const { rows, total } = await reportedFinds(getDb(c.env.DB), page, pageSize);
    // As the stone list: the answer is the list, the paging travels in a header.
    c.header('X-Total-Count', String(total));
    return c.json(rows);
  })
  .post('/reports/:findId', async (c) => {
    const findId = c.req.param('findId');
    if (!ROW_ID_SHAPE.test(findId)) throw noOpenReports();
    const { action } = parseInput(reportActionSchema, await readJsonObject(c.req.raw));
    const db = getDb(c.env.DB);
    const find = await reportedFind(db, findId);
    if (!find) throw noOpenReports();
    const operatorId = c.get('operator')?.id ?? '';
    // The stone's page and JSON change with a hidden find or a removed photo, and its collection's page lists it: the
    // path names only the find, so the route names its stone (lib/changes.ts) for the edge cache and the share cards.
    changed(c, { stone: find.code, stoneCollection: find.collectionId });
    if (action === 'hide') {
      const resolve = resolveReports(db, findId, { resolution: 'hidden', operatorId });
      // Hidden by the operator: its owner cannot show it again (a find its owner hid already becomes the operator's).
      const totals = await moderateFind(db, find.stoneId, findId, { hidden: true }, 'operator', (unchanged) => [
        resolveReports(db, findId, { resolution: 'hidden', operatorId }, unchanged),
      ]);
      if (!totals) throw noOpenReports();
      // Already hidden by the operator: nothing changes but the reports.
      if (totals.length) await publishStatistics(c.env.CACHE, totals);
      else await runAlone(db, resolve);
      // The share cards that drew the find were erased with it (its stone is asked for a new one: the change named above).
      await purgeErasedCards(db, c.env.PHOTOS, find.stoneId);
    } else if (action === 'remove-photo') {
      if (!find.photoKey) throw new ApiError(409, 'NO_PHOTO', 'server-owner.operator.reportNoPhoto');
      const resolve = resolveReports(db, findId, { resolution: 'photo-removed', operatorId }, photoGone(findId));
      const key = await dropFindPhoto(db, findId, new Date(), [resolve]);
      // Taken down at the same moment by its owner: the photo is gone all the same.
      if (key === null) await runAlone(db, resolve);
      else await deleteBytes(c.env.PHOTOS, key);
    } else {
      await runAlone(db, resolveReports(db, findId, { resolution: 'dismissed', operatorId }));
    }
    log.info('reports of a find resolved by an operator', { findId, action, operatorId });
    return c.json({ resolved: true, action });
  })
  .get('/finds/:findId/photo', async (c) => {
    const findId = c.req.param('findId');
    if (!ROW_ID_SHAPE.test(findId)) throw new ApiError(404, 'FIND_NOT_FOUND', 'server.api.findNotFound');
    const photo = await findPhotoObject(getDb(c.env.DB), findId);
    const object = photo ? await c.env.PHOTOS.get(photo.key) : null;
    if (!photo || !object) throw new ApiError(404, 'NOT_FOUND', 'server-owner.api.photoNotFound');
    return new Response(object.body, {
      headers: {
        'Content-Type': photo.contentType,
        // Perhaps not yet approved by the stone's owner: only the operator sees it, and nothing keeps a copy.
        'Cache-Control': 'no-store',
        'Content-Security-Policy': "default-src 'none'; sandbox",
      },
    });
  });

/** The bytes of a removed photo; the row no longer names them, so a failure leaves an orphan that is never shown. */
async function deleteBytes(bucket: R2Bucket, key: string): Promise<void> {
  try {
    await bucket.delete(key);
  } catch (error) {
    log.error('a removed find photo left in the bucket', { error: String(error) });
  }
}
