import { type Context, Hono } from 'hono';
import type { FindAnswer, PhotoRefusal } from '../../../shared/find-answer';
import { formatDistance } from '../../../shared/geo';
import { intlTag } from '../../../shared/i18n/locale';
import { findSchema } from '../../../shared/schemas/find';
import { getDb } from '../../db/client';
import { changed } from '../../lib/changes';
import { clientHash } from '../../lib/client-hash';
import { ApiError } from '../../lib/errors';
import { clientKey, enforceRateLimits } from '../../lib/rate-limit';
import { parseInput } from '../../lib/validate';
import { queueMails } from '../../mail/outbox';
import { DEFAULT_FIND_PHOTO_PENDING_DAYS, findPhotoPendingDays } from '../../settings/checks';
import type { AppEnv } from '../../types';
import { publishStatistics } from '../statistics/queries';
import { codeParam, stoneNotFound } from '../stones/params';
import { getFindStone } from '../stones/queries';
import { forgetFindPhoto, putFindPhoto, readFindRequest } from './photos/store';
import { addFind } from './queries';

/** A device's key for one find: a UUID, or any 16 to 100 URL-safe characters. */
const IDEMPOTENCY_KEY = /^[A-Za-z0-9_-]{16,100}$/;

/** The device's `Idempotency-Key` for a find, or none; 400 for one unlike a key. */
export function idempotencyKey(c: Context<AppEnv>): string | null {
  const key = c.req.header('Idempotency-Key')?.trim() || null;
  if (key !== null && !IDEMPOTENCY_KEY.test(key)) throw new ApiError(400, 'INVALID_IDEMPOTENCY_KEY', 'server.api.idempotencyKeyInvalid');
  return key;
}

/**
 * `/api/stones/{code}/finds`: a finder logs where the stone was found; the owner and the subscribers get a mail.
 * With an `Idempotency-Key` the send may be repeated (a lost answer, the offline queue): the first answers 201,
 * every repeat 200 with the find stored then. A find sent as `multipart/form-data` may bring one photo: its bytes
 * go to R2 first, its row (pending, until the owner approves it) into the find's batch; a refused batch or a
 * repeated key leaves no object behind. A stone with MAX_PENDING_FIND_PHOTOS photos waiting for its owner takes
 * the find without its photo, and the answer says why (`photoRefused`).
 */
export const finds = new Hono<AppEnv>().post('/', async (c) => {
  const code = codeParam(c.req.param('code'));
  await enforceRateLimits(c, [{ name: 'stoneWrites', scope: `find:${code}` }, { name: 'clientWrites' }]);
  const key = idempotencyKey(c);
  const sent = await readFindRequest(c);
  const input = parseInput(findSchema, sent.fields);
  const db = getDb(c.env.DB);
  const stone = await getFindStone(db, code);
  if (!stone) throw stoneNotFound();
  // Its collection's page lists the stone: the route names it, having read the stone anyway (lib/changes.ts).
  changed(c, { stoneCollection: stone.collectionId });
  const address = c.req.header('CF-Connecting-IP');
  // Per client and stone, keyed: the repeat check's hour is all it is kept for (the cron clears it).
  const hash = address ? await clientHash(c.env, 'find', clientKey(address), stone.id) : null;
  const photo = sent.photo ? await putFindPhoto(c.env.PHOTOS, sent.photo) : null;
  const photoPendingDays = findPhotoPendingDays(c.env) ?? DEFAULT_FIND_PHOTO_PENDING_DAYS;
  let added: Awaited<ReturnType<typeof addFind>>;
  try {
    added = await addFind(db, stone, input, c.get('locale'), { key, hash, photo, photoPendingDays });
  } catch (error) {
    if (photo) await forgetFindPhoto(db, c.env.PHOTOS, photo.r2Key, error);
    throw error;
  }
  // The device sent this find before: the photo stored then is the find's, this copy is nobody's. A new find on a
  // stone with MAX_PENDING_FIND_PHOTOS waiting for its owner was stored without it: its copy is nobody's either.
  const photoRefused: PhotoRefusal | null = photo && !added.replayed && !added.photoStored ? 'PENDING_LIMIT' : null;
  if (photo && !added.photoStored) await forgetFindPhoto(db, c.env.PHOTOS, photo.r2Key);
  if (!added.replayed) {
    c.executionCtx.waitUntil(queueMails(c.env.EMAIL_QUEUE, added.mailIds));
    await publishStatistics(c.env.CACHE, added.totals);
  }
  return c.json(
    {
      find: added.find,
      totalDistance: added.totalDistance,
      formattedDistance: formatDistance(added.totalDistance, intlTag[c.get('locale')]),
      ...(photoRefused ? { photoRefused } : {}),
    } satisfies FindAnswer,
    added.replayed ? 200 : 201,
  );
});
