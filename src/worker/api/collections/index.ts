import { Hono } from 'hono';
import { collectionPath } from '../../../shared/collection';
import { intlTag, ownerLocale } from '../../../shared/i18n/locale';
import { createCollectionSchema } from '../../../shared/schemas/collection';
import type { CreatedCollection } from '../../../shared/types';
import { getDb } from '../../db/client';
import { ApiError } from '../../lib/errors';
import { enforceRateLimits } from '../../lib/rate-limit';
import { parseInput, readJsonObject } from '../../lib/validate';
import { queueMails } from '../../mail/outbox';
import { botCheckFromEnv } from '../../services/bot-check';
import { queueShareCards } from '../../share/storage';
import type { AppEnv } from '../../types';
import { publishStatistics } from '../statistics/queries';
import { qrCodeUrl } from '../stones/view-queries';
import { createCollection } from './create/queries';
import { collectionIdParam, collectionNotFound } from './params';
import { readCollection } from './queries';

/** A new stone of a collection as the creator's and the owner's answers list it: every token only there. */
export const createdStone = (origin: string, stone: { code: string; ownerToken: string }) => ({
  code: stone.code,
  url: `${origin}/${stone.code}`,
  qrCodeUrl: qrCodeUrl(origin, stone.code),
  adminToken: stone.ownerToken,
});

/**
 * `/api/collections`: create a memorial collection with its stones, read one, ask for its owner link. Following a
 * collection has a router of its own; the owner's side is under `/api/admin/collections`.
 */
export const collectionRoutes = new Hono<AppEnv>()
  .post('/', async (c) => {
    // A whole set is one creation for the abuse limits, however many stones it has.
    await enforceRateLimits(c, [{ name: 'createStone' }]);
    const input = parseInput(createCollectionSchema, await readJsonObject(c.req.raw));
    const check = await botCheckFromEnv(c.env).verify(input.recaptchaToken, 'create_collection', c.req.header('cf-connecting-ip'));
    if (!check.ok) {
      if (check.unavailable) throw new ApiError(503, 'BOT_CHECK_UNAVAILABLE', 'server-owner.api.botCheckUnavailable');
      throw new ApiError(400, 'RECAPTCHA_FAILED', 'server-owner.api.recaptchaFailed');
    }
    const created = await createCollection(getDb(c.env.DB), {
      title: input.title,
      dedication: input.dedication,
      creatorEmail: input.creatorEmail,
      locale: ownerLocale(c.get('locale')),
      titles: input.titles,
    });
    c.executionCtx.waitUntil(queueMails(c.env.EMAIL_QUEUE, created.mailIds));
    // The collection's card at once; its stones' first cards come from the cron's catch-up, a few at a time, so
    // a collection of fifty stones makes no burst of renders (share/catch-up.ts).
    c.executionCtx.waitUntil(queueShareCards(c.env, [{ share: 'collection', id: created.id }]));
    await publishStatistics(c.env.CACHE, created.totals);
    const origin = new URL(c.req.url).origin;
    const body: CreatedCollection = {
      id: created.id,
      url: `${origin}${collectionPath(created.id)}`,
      adminToken: created.ownerToken,
      adminUrl: `/admin/sammlung/${created.ownerToken}`,
      stones: created.stones.map((stone) => createdStone(origin, stone)),
    };
    return c.json(body, 201, { 'Cache-Control': 'no-store' });
  })
  .get('/:id', async (c) => {
    const id = collectionIdParam(c.req.param('id'));
    const read = await readCollection(getDb(c.env.DB), id, { origin: new URL(c.req.url).origin, locale: intlTag[c.get('locale')] });
    if (!read) throw collectionNotFound();
    return c.json(read.view, 200, { 'Cache-Control': 'no-store' });
  });
