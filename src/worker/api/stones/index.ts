import { type Context, Hono } from 'hono';
import { intlTag, ownerLocale } from '../../../shared/i18n/locale';
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
import { journeyFileName, journeyGeoJson, journeyGpx } from './journey';
import { codeParam, stoneNotFound } from './params';
import { createStone, getStoneView } from './queries';

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

/** `/api/stones`: create a stone, read one, its QR code. Finds and subscriptions have rooms of their own. */
export const stones = new Hono<AppEnv>()
  .post('/', async (c) => {
    await enforceRateLimits(c, [{ name: 'createStone' }]);
    const { fields, fileCount } = await readCreateBody(c.req.raw);
    if (fields.isPaid === true || fields.isPaid === 'true' || fields.paymentIntentId !== undefined) {
      // After payment (spec §7): Stripe's word decides, and the stone's data comes from the recorded order.
      const { paymentIntentId } = parseInput(paidStoneSchema, fields);
      const { code, created, upgraded } = await paidStone(c, paymentIntentId);
      return c.json({ code, isPaid: true, ...(upgraded ? { upgraded } : {}) }, created ? 201 : 200, { 'Cache-Control': 'no-store' });
    }
    const input = parseInput(createStoneSchema, fields);
    // Photos and a story are premium features: the free path never stores them.
    if (input.hasPhotos || input.hasStory || input.story !== '' || fileCount > 0) {
      throw new ApiError(402, 'PAYMENT_REQUIRED', 'api.paymentRequired');
    }
    const check = await botCheckFromEnv(c.env).verify(input.recaptchaToken, 'create_stone', c.req.header('cf-connecting-ip'));
    if (!check.ok) {
      if (check.unavailable) throw new ApiError(503, 'BOT_CHECK_UNAVAILABLE', 'api.botCheckUnavailable');
      throw new ApiError(400, 'RECAPTCHA_FAILED', 'api.recaptchaFailed');
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
    return c.json({ code: created.code, adminToken: created.adminToken, adminUrl: `/admin/stone/${created.adminToken}` }, 201, {
      'Cache-Control': 'no-store',
    });
  })
  .get('/:code/qr.svg', async (c) => {
    const code = codeParam(c.req.param('code'));
    // Loaded here, not with the Worker: the QR library (with its PNG encoder) would cost every isolate's start.
    const { default: QRCode } = await import('qrcode');
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
  // The journey to take along: GPX for GPS devices and apps, GeoJSON for maps and scripts. Public like the page.
  .get('/:code/journey.gpx', async (c) => {
    const { view, page } = await publicView(c);
    return c.body(
      journeyGpx(view, page, c.env.PRODUCT_NAME),
      200,
      journeyHeaders('application/gpx+xml', journeyFileName(view.code, 'gpx')),
    );
  })
  .get('/:code/journey.geojson', async (c) => {
    const { view, page } = await publicView(c);
    return c.body(
      JSON.stringify(journeyGeoJson(view, page)),
      200,
      journeyHeaders('application/geo+json', journeyFileName(view.code, 'geojson')),
    );
  })
  .get('/:code', async (c) => {
    const code = codeParam(c.req.param('code'));
    const view = await getStoneView(getDb(c.env.DB), code, {
      origin: new URL(c.req.url).origin,
      locale: intlTag[c.get('locale')],
    });
    if (!view) throw stoneNotFound();
    return c.json(view, 200, { 'Cache-Control': 'no-store' });
  });

/** A stone's public view and its page's address, or the 404 every stone route answers. */
async function publicView(c: Context<AppEnv>) {
  const code = codeParam(c.req.param('code'));
  const origin = new URL(c.req.url).origin;
  const view = await getStoneView(getDb(c.env.DB), code, { origin, locale: intlTag[c.get('locale')] });
  if (!view) throw stoneNotFound();
  return { view, page: `${c.env.PUBLIC_SITE_URL.replace(/\/$/, '')}/${view.code}` };
}

/** A journey file: saved under the stone's code; as fresh as the page (the edge cache keeps it in the stone's scope). */
const journeyHeaders = (type: string, fileName: string) => ({
  'Content-Type': `${type}; charset=utf-8`,
  'Content-Disposition': `attachment; filename="${fileName}"`,
  'Cache-Control': 'no-store',
});
