import { and, eq } from 'drizzle-orm';
import { type Context, Hono } from 'hono';
import type { Locale } from '../../../shared/i18n/locale';
import { pushStopSchema, pushSubscriptionSchema } from '../../../shared/schemas/push';
import { getDb } from '../../db/client';
import { pushSubscriptions } from '../../db/schema';
import { ApiError } from '../../lib/errors';
import { enforceRateLimits } from '../../lib/rate-limit';
import { parseInput, readJsonObject } from '../../lib/validate';
import { pushEndpointProblem } from '../../push/endpoints';
import { isDevelopment } from '../../settings/checks';
import { vapidKeys } from '../../settings/push';
import type { AppEnv } from '../../types';
import { collectionIdParam, collectionNotFound } from '../collections/params';
import { collectionNames } from '../collections/queries';
import { codeParam, stoneNotFound } from '../stones/params';
import { getStoneRef } from '../stones/queries';

const unavailable = () => new ApiError(503, 'PUSH_UNAVAILABLE', 'server.push.unavailable');

/** What a push route follows: a stone by its code, or a collection by its id. */
type Target = { stoneId: string; collectionId: null; target: string } | { stoneId: null; collectionId: string; target: string };

/**
 * Stores a browser's subscription (or updates the one it has for the same target: new keys, language, frequency).
 * Refused before anything is written: push off, an endpoint that is no known push service (decision record 038).
 */
async function subscribe(c: Context<AppEnv>, target: Target) {
  const input = parseInput(pushSubscriptionSchema, await readJsonObject(c.req.raw));
  if (pushEndpointProblem(input.endpoint, isDevelopment(c.env)))
    throw new ApiError(400, 'VALIDATION_ERROR', 'server.push.endpoint', { endpoint: { id: 'server.push.endpoint' } });
  const values = { p256dh: input.keys.p256dh, auth: input.keys.auth, locale: c.get('locale') as Locale, frequency: input.frequency };
  await getDb(c.env.DB)
    .insert(pushSubscriptions)
    .values({ id: crypto.randomUUID(), ...target, endpoint: input.endpoint, ...values })
    .onConflictDoUpdate({ target: [pushSubscriptions.endpoint, pushSubscriptions.target], set: values });
  return c.json({ subscribed: true, frequency: input.frequency }, 201);
}

async function unsubscribe(c: Context<AppEnv>, target: Target) {
  const { endpoint } = parseInput(pushStopSchema, await readJsonObject(c.req.raw));
  await getDb(c.env.DB)
    .delete(pushSubscriptions)
    .where(and(eq(pushSubscriptions.endpoint, endpoint), eq(pushSubscriptions.target, target.target)));
  return c.json({ subscribed: false });
}

async function stoneTarget(c: Context<AppEnv>): Promise<Target> {
  if (!vapidKeys(c.env)) throw unavailable();
  const code = codeParam(c.req.param('code'));
  await enforceRateLimits(c, [{ name: 'stoneWrites', scope: `push:${code}` }, { name: 'clientWrites' }]);
  const stone = await getStoneRef(getDb(c.env.DB), code);
  if (!stone) throw stoneNotFound();
  return { stoneId: stone.id, collectionId: null, target: `stone:${stone.id}` };
}

async function collectionTarget(c: Context<AppEnv>): Promise<Target> {
  if (!vapidKeys(c.env)) throw unavailable();
  const id = collectionIdParam(c.req.param('id'));
  await enforceRateLimits(c, [{ name: 'stoneWrites', scope: `push:${id}` }, { name: 'clientWrites' }]);
  const collection = await collectionNames(getDb(c.env.DB), id);
  if (!collection) throw collectionNotFound();
  return { stoneId: null, collectionId: collection.id, target: `collection:${collection.id}` };
}

/**
 * `/api`: Web Push. The site's public key for `PushManager.subscribe()` (503 while push is off), and a browser's
 * subscription to a stone's or a collection's finds, stopped by `DELETE` with its endpoint. No e-mail address.
 */
export const push = new Hono<AppEnv>()
  .get('/push/public-key', (c) => {
    const keys = vapidKeys(c.env);
    if (!keys) throw unavailable();
    return c.json({ publicKey: keys.publicKey }, 200, { 'Cache-Control': 'public, max-age=3600' });
  })
  .post('/stones/:code/push', async (c) => subscribe(c, await stoneTarget(c)))
  .delete('/stones/:code/push', async (c) => unsubscribe(c, await stoneTarget(c)))
  .post('/collections/:id/push', async (c) => subscribe(c, await collectionTarget(c)))
  .delete('/collections/:id/push', async (c) => unsubscribe(c, await collectionTarget(c)));
