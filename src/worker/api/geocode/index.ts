import type { Context } from 'hono';
import { Hono } from 'hono';
import { addressSearchSchema, reverseSchema } from '../../../shared/schemas/geocode';
import { ApiError } from '../../lib/errors';
import { enforceRateLimits, withinLimit } from '../../lib/rate-limit';
import { parseInput } from '../../lib/validate';
import { GeocoderUnavailableError, nominatimGeocoder } from '../../services/geocoder';
import type { AppEnv } from '../../types';

function geocoder(c: Context<AppEnv>) {
  return nominatimGeocoder({
    baseUrl: c.env.GEOCODER_URL,
    // Nominatim's usage policy: an identifying User-Agent with a way to reach the operator.
    userAgent: `${c.env.PRODUCT_NAME} (${c.env.PUBLIC_SITE_URL})`,
    cache: c.env.CACHE,
    mayCall: () => withinLimit(c.env, 'geocodeUpstream', 'upstream'),
  });
}

/** Turns "the geocoder cannot answer" into the one error shape; the form then uses the typed text as the place. */
async function answer<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof GeocoderUnavailableError) throw new ApiError(503, 'GEOCODER_UNAVAILABLE', 'server.geocode.unavailable');
    throw error;
  }
}

/**
 * The find form's address search and the place names of finds, through a Nominatim-compatible
 * geocoder, cached in KV. The browser never talks to the geocoder itself.
 */
export const geocode = new Hono<AppEnv>()
  .get('/', async (c) => {
    const { q } = parseInput(addressSearchSchema, c.req.query());
    await enforceRateLimits(c, [{ name: 'geocodeClient' }]);
    const place = await answer(() => geocoder(c).search(q, c.get('locale')));
    if (!place) throw new ApiError(404, 'ADDRESS_NOT_FOUND', 'server.geocode.notFound');
    return c.json(place);
  })
  .get('/reverse', async (c) => {
    const { lat, lon, precision } = parseInput(reverseSchema, c.req.query());
    await enforceRateLimits(c, [{ name: 'geocodeClient' }]);
    // No known name is an answer too (the form keeps the coordinates), not an error. The adapter rounds the
    // position to the precision before its cache and the geocoder see it.
    const place = await answer(() => geocoder(c).reverse(lat, lon, c.get('locale'), precision));
    return c.json({ label: place?.label ?? null, countryCode: place?.countryCode ?? null });
  });
