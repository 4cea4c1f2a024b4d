import { Hono } from 'hono';
import * as v from 'valibot';
import { mailLinkToken, preferencesSchema } from '../../../shared/schemas/notify';
import { subscriptionSchema } from '../../../shared/schemas/subscription';
import { getDb } from '../../db/client';
import { ApiError } from '../../lib/errors';
import { enforceRateLimits } from '../../lib/rate-limit';
import { parseInput, readJsonObject, readLimitedText } from '../../lib/validate';
import { queueMails } from '../../mail/outbox';
import type { AppEnv } from '../../types';
import { collectionIdParam, collectionNotFound } from '../collections/params';
import { collectionNames } from '../collections/queries';
import { codeParam, stoneNotFound } from '../stones/params';
import { getStoneRef } from '../stones/queries';
import { preferences } from './preferences';
import { confirmSubscription, followCollection, stopMails, subscribe } from './queries';

/**
 * `POST /api/stones/{code}/notifications`: anyone asks for a stone's find mails; the address is kept
 * unconfirmed and gets a confirmation link (double opt-in). The answer is the same whether the address was
 * new, waiting or confirmed: it reveals nothing about other people.
 */
export const notifications = new Hono<AppEnv>().post('/', async (c) => {
  const code = codeParam(c.req.param('code'));
  await enforceRateLimits(c, [{ name: 'stoneWrites', scope: `subscribe:${code}` }, { name: 'clientWrites' }]);
  const input = parseInput(subscriptionSchema, await readJsonObject(c.req.raw));
  const db = getDb(c.env.DB);
  const stone = await getStoneRef(db, code);
  if (!stone) throw stoneNotFound();
  const mailIds = await subscribe(db, stone, input.email, c.get('locale'));
  c.executionCtx.waitUntil(queueMails(c.env.EMAIL_QUEUE, mailIds));
  return c.json({ subscribed: true, confirmed: false }, 201);
});

/**
 * `POST /api/collections/{id}/notifications`: follow a whole memorial collection, with the same double opt-in and
 * the same answer whatever the address's state. A find on any of its stones then sends one mail.
 */
export const collectionNotifications = new Hono<AppEnv>().post('/', async (c) => {
  const id = collectionIdParam(c.req.param('id'));
  await enforceRateLimits(c, [{ name: 'stoneWrites', scope: `follow:${id}` }, { name: 'clientWrites' }]);
  const input = parseInput(subscriptionSchema, await readJsonObject(c.req.raw));
  const db = getDb(c.env.DB);
  const collection = await collectionNames(db, id);
  if (!collection) throw collectionNotFound();
  const mailIds = await followCollection(db, collection, input.email, c.get('locale'));
  c.executionCtx.waitUntil(queueMails(c.env.EMAIL_QUEUE, mailIds));
  return c.json({ subscribed: true, confirmed: false }, 201);
});

const tokenSchema = mailLinkToken;
const linkInvalid = () => new ApiError(404, 'LINK_INVALID', 'server.api.linkInvalid');

/**
 * The token of an unsubscribe request: RFC 8058's one-click POST (the token in the address, the body
 * `List-Unsubscribe=One-Click`, no cookies) or the unsubscribe page's button (`{ "token": … }`).
 */
async function unsubscribeToken(request: Request, query: string | undefined): Promise<string> {
  const type = request.headers.get('content-type') ?? '';
  if (/^application\/(?:[\w.+-]+\+)?json\b/i.test(type))
    return parseInput(v.object({ token: tokenSchema }), await readJsonObject(request)).token;
  const form = new URLSearchParams(await readLimitedText(request, 1024));
  if (form.get('List-Unsubscribe') !== 'One-Click') throw new ApiError(400, 'VALIDATION_ERROR', 'server.api.oneClickRequired');
  return parseInput(tokenSchema, query ?? '');
}

/** `/api/notifications`: what the links in the mails do. */
export const notificationLinks = new Hono<AppEnv>()
  .post('/confirm', async (c) => {
    await enforceRateLimits(c, [{ name: 'clientWrites' }]);
    const { token } = parseInput(v.object({ token: tokenSchema }), await readJsonObject(c.req.raw));
    const confirmed = await confirmSubscription(getDb(c.env.DB), token);
    if (!confirmed) throw linkInvalid();
    return c.json({ confirmed: true, ...confirmed });
  })
  .post('/preferences', async (c) => {
    await enforceRateLimits(c, [{ name: 'clientWrites' }]);
    const { token, ...change } = parseInput(preferencesSchema, await readJsonObject(c.req.raw));
    const answer = await preferences(getDb(c.env.DB), token, change);
    if (!answer) throw linkInvalid();
    return c.json(answer, 200, { 'Cache-Control': 'no-store' });
  })
  .post('/unsubscribe', async (c) => {
    await enforceRateLimits(c, [{ name: 'clientWrites' }]);
    const token = await unsubscribeToken(c.req.raw, c.req.query('token'));
    const stopped = await stopMails(getDb(c.env.DB), token);
    if (!stopped) throw linkInvalid();
    return c.json({ unsubscribed: true, ...stopped });
  });
