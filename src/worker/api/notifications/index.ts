import { Hono } from 'hono';
import { subscriptionSchema } from '../../../shared/schemas/subscription';
import { getDb } from '../../db/client';
import { enforceRateLimits } from '../../lib/rate-limit';
import { parseInput, readJsonObject } from '../../lib/validate';
import type { AppEnv } from '../../types';
import { codeParam, stoneNotFound } from '../stones/params';
import { getStoneIdByCode } from '../stones/queries';
import { addSubscription } from './queries';

/** `/api/stones/{code}/notifications`: anyone subscribes an e-mail address to a stone's finds. */
export const notifications = new Hono<AppEnv>().post('/', async (c) => {
  const code = codeParam(c.req.param('code'));
  await enforceRateLimits(c, [{ name: 'stoneWrites', scope: `subscribe:${code}` }, { name: 'clientWrites' }]);
  const input = parseInput(subscriptionSchema, await readJsonObject(c.req.raw));
  const db = getDb(c.env.DB);
  const stoneId = await getStoneIdByCode(db, code);
  if (!stoneId) throw stoneNotFound();
  await addSubscription(db, stoneId, input.email);
  // The same answer whether or not the address was already subscribed: it reveals nothing about others.
  return c.json({ subscribed: true, confirmed: false }, 201);
});
