import { type Context, Hono } from 'hono';
import { intlTag, ownerLocale } from '../../../shared/i18n/locale';
import { findsPageQuerySchema } from '../../../shared/schemas/finds-page';
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
import { getFindsPage, getJourney, getPublicFind } from './find-queries';
import { journeyFileName, journeyGeoJson, journeyGpx } from './journey';
import { codeParam, stoneNotFound } from './params';
import { createStone } from './queries';
import { getStoneView } from './view-queries';

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
      // After payment: Stripe's word decides, and the stone's data comes from the recorded order.
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
    const { journey, page } = await publicJourney(c);
    return c.body(
      journeyGpx(journey, page, c.env.PRODUCT_NAME),
      200,
      journeyHeaders('application/gpx+xml', journeyFileName(journey.code, 'gpx')),
    );
  })
  .get('/:code/journey.geojson', async (c) => {
    const { journey, page } = await publicJourney(c);
    return c.body(
      JSON.stringify(journeyGeoJson(journey, page)),
      200,
      journeyHeaders('application/geo+json', journeyFileName(journey.code, 'geojson')),
    );
  })
  // The public finds before the ones a reader has (the stone's `olderFinds`), page by page: keyset by `seq`, kept by
  // the edge cache in the stone's scope like the stone's JSON, so a find or a hidden one starts it anew.
  .get('/:code/finds', async (c) => {
    const code = codeParam(c.req.param('code'));
    const query = parseInput(findsPageQuerySchema, c.req.query());
    const page = await getFindsPage(getDb(c.env.DB), code, query, new URL(c.req.url).origin);
    if (!page) throw stoneNotFound();
    return c.json(page, 200, { 'Cache-Control': 'no-store' });
  })
  // One public find, any of them: the report page names the find it is about, which the stone's JSON may not embed.
  .get('/:code/finds/:findId', async (c) => {
    const code = codeParam(c.req.param('code'));
    const found = await getPublicFind(getDb(c.env.DB), code, c.req.param('findId'), new URL(c.req.url).origin);
    if (found === null) throw stoneNotFound();
    if (found === undefined) throw new ApiError(404, 'FIND_NOT_FOUND', 'api.findNotFound');
    return c.json(found, 200, { 'Cache-Control': 'no-store' });
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

/** A stone's whole public journey and its page's address, or the 404 every stone route answers. */
async function publicJourney(c: Context<AppEnv>) {
  const journey = await getJourney(getDb(c.env.DB), codeParam(c.req.param('code')));
  if (!journey) throw stoneNotFound();
  return { journey, page: `${c.env.PUBLIC_SITE_URL.replace(/\/$/, '')}/${journey.code}` };
}

/** A journey file: saved under the stone's code; as fresh as the page (the edge cache keeps it in the stone's scope). */
const journeyHeaders = (type: string, fileName: string) => ({
  'Content-Type': `${type}; charset=utf-8`,
  'Content-Disposition': `attachment; filename="${fileName}"`,
  'Cache-Control': 'no-store',
});
