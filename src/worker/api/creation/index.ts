import { Hono } from 'hono';
import { ownerLocale } from '../../../shared/i18n/locale';
import { paidStoneSchema } from '../../../shared/schemas/payment';
import { createStoneSchema } from '../../../shared/schemas/stone';
import { getDb } from '../../db/client';
import { ApiError } from '../../lib/errors';
import { enforceRateLimits } from '../../lib/rate-limit';
import { parseInput, readFormData, readJsonObject } from '../../lib/validate';
import { queueMails } from '../../mail/outbox';
import { botCheckFromEnv } from '../../services/bot-check';
import { queueShareCards } from '../../share/storage';
import type { AppEnv } from '../../types';
import { paidStone } from '../payments';
import { publishStatistics } from '../statistics/queries';
import { createStone } from '../stones/queries';

/**
 * Largest free create-stone body: the form fields only. Photos are a paid feature, so a large upload on this
 * path is refused (413) before it is buffered.
 */
const MAX_CREATE_BYTES = 256 * 1024;

/** The fields of a free-stone form, multipart (the web form) or JSON (API clients). */
async function readCreateBody(request: Request): Promise<{ fields: Record<string, unknown>; fileCount: number }> {
  const type = request.headers.get('content-type') ?? '';
  if (/^multipart\/form-data\b/i.test(type)) {
    const form = await readFormData(request, MAX_CREATE_BYTES);
    const fields: Record<string, unknown> = {};
    let fileCount = 0;
    for (const [name, value] of form.entries()) {
      if (typeof value === 'string') fields[name] = value;
      else if (value.size > 0) fileCount++;
    }
    return { fields, fileCount };
  }
  return { fields: await readJsonObject(request), fileCount: 0 };
}

/** `POST /api/stones`: a free stone, or the stone of a paid order once Stripe says it is paid. */
export const creation = new Hono<AppEnv>().post('/', async (c) => {
  await enforceRateLimits(c, [{ name: 'createStone' }]);
  const { fields, fileCount } = await readCreateBody(c.req.raw);
  if (fields.isPaid === true || fields.isPaid === 'true' || fields.paymentIntentId !== undefined) {
    // After payment: Stripe's word decides, and the stone's data comes from the recorded order.
    const { paymentIntentId } = parseInput(paidStoneSchema, fields);
    const { code, created, upgraded } = await paidStone(c, paymentIntentId);
    return c.json({ code, isPaid: true, ...(upgraded ? { upgraded } : {}) }, created ? 201 : 200, { 'Cache-Control': 'no-store' });
  }
  const input = parseInput(createStoneSchema, fields);
  // Photos and a story are premium features: the free path never stores them.
  if (input.hasPhotos || input.hasStory || input.story !== '' || fileCount > 0) {
    throw new ApiError(402, 'PAYMENT_REQUIRED', 'server-owner.api.paymentRequired');
  }
  const check = await botCheckFromEnv(c.env).verify(input.recaptchaToken, 'create_stone', c.req.header('cf-connecting-ip'));
  if (!check.ok) {
    if (check.unavailable) throw new ApiError(503, 'BOT_CHECK_UNAVAILABLE', 'server-owner.api.botCheckUnavailable');
    throw new ApiError(400, 'RECAPTCHA_FAILED', 'server-owner.api.recaptchaFailed');
  }
  const created = await createStone(getDb(c.env.DB), {
    creatorEmail: input.creatorEmail,
    locale: ownerLocale(c.get('locale')),
    title: input.title,
    story: null,
    hasPhotos: false,
    hasStory: false,
    isPaid: false,
    paymentIntentId: null,
  });
  c.executionCtx.waitUntil(queueMails(c.env.EMAIL_QUEUE, created.mailIds));
  c.executionCtx.waitUntil(queueShareCards(c.env, [{ share: 'stone', code: created.code }]));
  await publishStatistics(c.env.CACHE, created.totals);
  return c.json({ code: created.code, adminToken: created.ownerToken, adminUrl: `/admin/stone/${created.ownerToken}` }, 201, {
    'Cache-Control': 'no-store',
  });
});
