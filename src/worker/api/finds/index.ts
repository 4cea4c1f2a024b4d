import { Hono } from 'hono';
import { formatDistance } from '../../../shared/geo';
import { intlTag } from '../../../shared/i18n/locale';
import { findSchema } from '../../../shared/schemas/find';
import { getDb } from '../../db/client';
import { enforceRateLimits } from '../../lib/rate-limit';
import { parseInput, readJsonObject } from '../../lib/validate';
import { queueMails } from '../../mail/outbox';
import type { AppEnv } from '../../types';
import { publishStatistics } from '../statistics/queries';
import { codeParam, stoneNotFound } from '../stones/params';
import { getStoneRef } from '../stones/queries';
import { addFind } from './queries';

/** `/api/stones/{code}/finds`: a finder logs where the stone was found; the owner and the subscribers get a mail. */
export const finds = new Hono<AppEnv>().post('/', async (c) => {
  const code = codeParam(c.req.param('code'));
  await enforceRateLimits(c, [{ name: 'stoneWrites', scope: `find:${code}` }, { name: 'clientWrites' }]);
  const input = parseInput(findSchema, await readJsonObject(c.req.raw));
  const db = getDb(c.env.DB);
  const stone = await getStoneRef(db, code);
  if (!stone) throw stoneNotFound();
  const added = await addFind(db, stone, input, c.get('locale'));
  c.executionCtx.waitUntil(queueMails(c.env.EMAIL_QUEUE, added.mailIds));
  await publishStatistics(c.env.CACHE, added.totals);
  return c.json(
    {
      find: added.find,
      totalDistance: added.totalDistance,
      formattedDistance: formatDistance(added.totalDistance, intlTag[c.get('locale')]),
    },
    201,
  );
});
