import { Hono } from 'hono';
import { formatDistance } from '../../../shared/geo';
import { intlTag } from '../../../shared/i18n/locale';
import { findSchema } from '../../../shared/schemas/find';
import { getDb } from '../../db/client';
import { ApiError } from '../../lib/errors';
import { clientKey, enforceRateLimits } from '../../lib/rate-limit';
import { parseInput, readJsonObject } from '../../lib/validate';
import { queueMails } from '../../mail/outbox';
import type { AppEnv } from '../../types';
import { publishStatistics } from '../statistics/queries';
import { codeParam, stoneNotFound } from '../stones/params';
import { getStoneRef } from '../stones/queries';
import { clientHash } from './guard-sql';
import { addFind } from './queries';

/** A device's key for one find: a UUID, or any 16 to 100 URL-safe characters. */
const IDEMPOTENCY_KEY = /^[A-Za-z0-9_-]{16,100}$/;

/**
 * `/api/stones/{code}/finds`: a finder logs where the stone was found; the owner and the subscribers get a mail.
 * With an `Idempotency-Key` the send may be repeated (a lost answer, the offline queue): the first answers 201,
 * every repeat 200 with the find stored then.
 */
export const finds = new Hono<AppEnv>().post('/', async (c) => {
  const code = codeParam(c.req.param('code'));
  await enforceRateLimits(c, [{ name: 'stoneWrites', scope: `find:${code}` }, { name: 'clientWrites' }]);
  const key = c.req.header('Idempotency-Key')?.trim() || null;
  if (key !== null && !IDEMPOTENCY_KEY.test(key)) throw new ApiError(400, 'INVALID_IDEMPOTENCY_KEY', 'api.idempotencyKeyInvalid');
  const input = parseInput(findSchema, await readJsonObject(c.req.raw));
  const db = getDb(c.env.DB);
  const stone = await getStoneRef(db, code);
  if (!stone) throw stoneNotFound();
  c.set('changedCollection', stone.collectionId);
  const address = c.req.header('CF-Connecting-IP');
  const hash = address ? await clientHash(clientKey(address), stone.id) : null;
  const added = await addFind(db, stone, input, c.get('locale'), { key, hash });
  if (!added.replayed) {
    c.executionCtx.waitUntil(queueMails(c.env.EMAIL_QUEUE, added.mailIds));
    await publishStatistics(c.env.CACHE, added.totals);
  }
  return c.json(
    {
      find: added.find,
      totalDistance: added.totalDistance,
      formattedDistance: formatDistance(added.totalDistance, intlTag[c.get('locale')]),
    },
    added.replayed ? 200 : 201,
  );
});
