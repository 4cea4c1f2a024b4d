import { Hono } from 'hono';
import QRCode from 'qrcode';
import { normalizeCode } from '../../../shared/code';
import { formatDistance } from '../../../shared/geo';
import { intlTag } from '../../../shared/i18n/locale';
import { findSchema } from '../../../shared/schemas/find';
import { createStoneSchema } from '../../../shared/schemas/stone';
import { subscriptionSchema } from '../../../shared/schemas/subscription';
import { getDb } from '../../db/client';
import { ApiError } from '../../lib/errors';
import { parseInput, readFormData, readJsonObject } from '../../lib/validate';
import { botCheckFromEnv } from '../../services/bot-check';
import type { AppEnv } from '../../types';
import { refreshStatistics } from '../statistics/queries';
import { addFind, addSubscription, createStone, getStoneIdByCode, getStoneView } from './queries';

/**
 * Largest free create-stone body: the form fields only. Photos are a paid feature, so a large upload on this
 * path is refused (413) before it is buffered.
 */
const MAX_CREATE_BYTES = 256 * 1024;

function codeParam(raw: string): string {
  const code = normalizeCode(raw);
  if (!code) throw new ApiError(400, 'INVALID_CODE', 'The code must be in the format XXX-XXX-XXX (e.g. ABC-123-DEF).');
  return code;
}

const stoneNotFound = () => new ApiError(404, 'STONE_NOT_FOUND', 'No stone found with this code. Please check the code and try again.');

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

export const stones = new Hono<AppEnv>()
  .post('/', async (c) => {
    const { fields, fileCount } = await readCreateBody(c.req.raw);
    if (fields.isPaid === true || fields.isPaid === 'true' || fields.paymentIntentId) {
      throw new ApiError(402, 'PAYMENT_NOT_AVAILABLE', 'Paid stones cannot be created yet: payment is not set up');
    }
    const input = parseInput(createStoneSchema, fields);
    // Photos and a story are premium features: the free path never stores them.
    if (input.hasPhotos || input.hasStory || input.story !== '' || fileCount > 0) {
      throw new ApiError(402, 'PAYMENT_REQUIRED', 'Photos and a story are premium features and need payment');
    }
    const check = await botCheckFromEnv(c.env).verify(input.recaptchaToken, 'create_stone', c.req.header('cf-connecting-ip'));
    if (!check.ok) throw new ApiError(400, 'RECAPTCHA_FAILED', 'reCAPTCHA Error, please refresh the page and try again');
    const db = getDb(c.env.DB);
    const created = await createStone(db, {
      creatorEmail: input.creatorEmail,
      title: input.title,
      story: null,
      hasPhotos: false,
      hasStory: false,
      isPaid: false,
      paymentIntentId: null,
    });
    await refreshStatistics(db, c.env.CACHE);
    return c.json({ code: created.code, adminToken: created.adminToken, adminUrl: `/admin/stone/${created.adminToken}` }, 201, {
      'Cache-Control': 'no-store',
    });
  })
  .get('/:code/qr.svg', async (c) => {
    const code = codeParam(c.req.param('code'));
    const svg = await QRCode.toString(`${c.env.PUBLIC_SITE_URL.replace(/\/$/, '')}/${code}`, {
      type: 'svg',
      errorCorrectionLevel: 'M',
      margin: 2,
    });
    return c.body(svg, 200, {
      'Content-Type': 'image/svg+xml; charset=utf-8',
      'Cache-Control': 'public, max-age=86400',
    });
  })
  .get('/:code', async (c) => {
    const code = codeParam(c.req.param('code'));
    const view = await getStoneView(getDb(c.env.DB), code, {
      origin: new URL(c.req.url).origin,
      locale: intlTag[c.get('locale')],
    });
    if (!view) throw stoneNotFound();
    return c.json(view, 200, { 'Cache-Control': 'no-store' });
  })
  .post('/:code/finds', async (c) => {
    const code = codeParam(c.req.param('code'));
    const input = parseInput(findSchema, await readJsonObject(c.req.raw));
    const db = getDb(c.env.DB);
    const stoneId = await getStoneIdByCode(db, code);
    if (!stoneId) throw stoneNotFound();
    const added = await addFind(db, stoneId, input);
    await refreshStatistics(db, c.env.CACHE);
    return c.json(
      {
        find: added.find,
        totalDistance: added.totalDistance,
        formattedDistance: formatDistance(added.totalDistance, intlTag[c.get('locale')]),
      },
      201,
    );
  })
  .post('/:code/notifications', async (c) => {
    const code = codeParam(c.req.param('code'));
    const input = parseInput(subscriptionSchema, await readJsonObject(c.req.raw));
    const db = getDb(c.env.DB);
    const stoneId = await getStoneIdByCode(db, code);
    if (!stoneId) throw stoneNotFound();
    await addSubscription(db, stoneId, input.email);
    // The same answer whether or not the address was already subscribed: it reveals nothing about others.
    return c.json({ subscribed: true, confirmed: false }, 201);
  });
