import { type Context, Hono } from 'hono';
import { intlTag } from '../../../shared/i18n/locale';
import { findsPageQuerySchema } from '../../../shared/schemas/finds-page';
import { getDb } from '../../db/client';
import { ApiError } from '../../lib/errors';
import { parseInput } from '../../lib/validate';
import type { AppEnv } from '../../types';
import { getFindsPage, getJourney, getPublicFind } from './find-queries';
import { journeyFileName, journeyGeoJson, journeyGpx } from './journey';
import { codeParam, stoneNotFound } from './params';
import { getStoneView } from './view-queries';

/** `/api/stones`: read a stone, its QR code, its journey. Creating one, finds and subscriptions have rooms of their own. */
export const stones = new Hono<AppEnv>()
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
    if (found === undefined) throw new ApiError(404, 'FIND_NOT_FOUND', 'server.api.findNotFound');
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
