import { env } from 'cloudflare:test';
import { describe, expect, inject, it } from 'vitest';
import { call, callWith, clientAddress, expectApiError } from '../support/factory';
import { heldRateLimits } from '../support/rate-limits';

/** What the fake geocoder was asked so far (path, query and User-Agent of each request). */
async function upstream(): Promise<string[]> {
  return (await fetch(`${inject('fakeServicesUrl')}/nominatim/requests`)).json();
}

const asked = async (fragment: string) => (await upstream()).filter((request) => request.includes(fragment)).length;

describe('GET /api/geocode (the find form’s address search)', () => {
  it('answers the best match, asks the geocoder once with an identifying User-Agent, then answers from the cache', async () => {
    const res = await call('/api/geocode?q=Brandenburger%20Tor', { headers: { 'accept-language': 'de' } });
    expect(await res.json()).toEqual({
      label: 'Brandenburger Tor, Pariser Platz, Berlin, 10117, Deutschland',
      latitude: 52.5162746,
      longitude: 13.3777041,
      countryCode: 'DE',
      places: { km: 'Berlin, Deutschland', town: 'Berlin, Deutschland' },
    });
    const requests = (await upstream()).filter((request) => request.includes('Brandenburger'));
    expect(requests).toHaveLength(1);
    expect(requests[0]).toContain('UA=Reisesteine (https://reisesteine.test)');
    expect(requests[0]).toContain('accept-language=de');
    expect((await call('/api/geocode?q=%20brandenburger%20%20TOR%20', { headers: { 'accept-language': 'de' } })).status).toBe(200);
    expect(await asked('Brandenburger')).toBe(1);
  });

  it('names the hit at the coarser precisions from its address parts: no street, number or postcode', async () => {
    const res = await call(`/api/geocode?q=${encodeURIComponent('Kaiser-Joseph-Straße 167, Freiburg')}`, {
      headers: { 'accept-language': 'de' },
    });
    expect(await res.json()).toMatchObject({
      // The label stays the geocoder's full name (the exact precision's), as before.
      label: '167, Kaiser-Joseph-Straße, Altstadt, Freiburg im Breisgau, Baden-Württemberg, 79098, Deutschland',
      places: { km: 'Altstadt, Freiburg im Breisgau, Deutschland', town: 'Freiburg im Breisgau, Deutschland' },
    });
  });

  it('says "Adresse erforderlich" for an empty address, and 404 for an address no place has', async () => {
    const empty = await expectApiError(await call('/api/geocode?q=%20', { headers: { 'accept-language': 'de' } }), 400, 'VALIDATION_ERROR');
    expect(empty.message).toBe('Adresse erforderlich');
    await expectApiError(await call('/api/geocode?q=Nirgendwo%20am%20Meer'), 404, 'ADDRESS_NOT_FOUND');
  });

  it('answers 503 when the geocoder fails, and does not keep that answer', async () => {
    await expectApiError(await call('/api/geocode?q=kaputt'), 503, 'GEOCODER_UNAVAILABLE');
    await expectApiError(await call('/api/geocode?q=kaputt'), 503, 'GEOCODER_UNAVAILABLE');
    expect(await asked('q=kaputt')).toBe(2);
  });

  it('limits one client to 20 searches a minute; another client is not affected', async () => {
    // All in one window of the limiter, whatever the clock (tests/support/rate-limits.ts).
    const limits = heldRateLimits();
    const search = (headers: Record<string, string> = {}) => callWith(limits, '/api/geocode?q=Marienplatz%20M%C3%BCnchen', { headers });
    const client = clientAddress();
    for (let i = 0; i < 20; i++) {
      expect((await search({ 'cf-connecting-ip': client })).status).toBe(200);
    }
    await expectApiError(await search({ 'cf-connecting-ip': client }), 429, 'RATE_LIMITED');
    expect((await search()).status).toBe(200);
  });
});

describe('GET /api/geocode/reverse (place names of finds)', () => {
  it('names the town of a position in the reader’s language, asked and cached per position rounded to about 100 m', async () => {
    const de = await call('/api/geocode/reverse?lat=53.57110&lon=9.99370', { headers: { 'accept-language': 'de' } });
    expect(await de.json()).toEqual({ label: 'Hamburg, Deutschland', countryCode: 'DE' });
    const en = await call('/api/geocode/reverse?lat=53.57110&lon=9.99370', { headers: { 'accept-language': 'en' } });
    expect(await en.json()).toEqual({ label: 'Hamburg, Germany', countryCode: 'DE' });
    expect((await call('/api/geocode/reverse?lat=53.57112&lon=9.99368', { headers: { 'accept-language': 'de' } })).status).toBe(200);
    // The geocoder learns no more of the position than the cache keeps of it.
    expect(await asked('/nominatim/reverse?lat=53.571&lon=9.994&')).toBe(2);
    expect(await asked('/nominatim/reverse?lat=53.5711')).toBe(0);
  });

  it('names a position at the finder’s precision, sending the geocoder only the rounded position', async () => {
    const at = (query: string) => call(`/api/geocode/reverse?${query}`, { headers: { 'accept-language': 'de' } }).then((res) => res.json());
    expect(await at('lat=47.99493&lon=7.84957&precision=km')).toEqual({
      label: 'Altstadt, Freiburg im Breisgau, Deutschland',
      countryCode: 'DE',
    });
    expect(await at('lat=47.99493&lon=7.84957&precision=town')).toEqual({ label: 'Freiburg im Breisgau, Deutschland', countryCode: 'DE' });
    // Another position in the same cells: answered from the cache.
    expect(await at('lat=47.99112&lon=7.8461&precision=km')).toEqual({
      label: 'Altstadt, Freiburg im Breisgau, Deutschland',
      countryCode: 'DE',
    });
    expect(await at('lat=48.01&lon=7.81&precision=town')).toEqual({ label: 'Freiburg im Breisgau, Deutschland', countryCode: 'DE' });

    // (The adapter's own test asks about other cells of Freiburg.)
    const freiburg = (await upstream()).filter((request) => /lon=7\.85?&/.test(request));
    expect(freiburg).toEqual([
      expect.stringMatching(/^\/nominatim\/reverse\?lat=47\.99&lon=7\.85&format=jsonv2&zoom=14&/),
      expect.stringMatching(/^\/nominatim\/reverse\?lat=48\.0&lon=7\.8&format=jsonv2&zoom=10&/),
    ]);
    // Nor does the cache keep more of a position than the precision.
    const keys = (await env.CACHE.list({ prefix: 'geocode:v3:reverse:' })).keys.map((key) => key.name);
    expect(keys).toEqual(expect.arrayContaining(['geocode:v3:reverse:km:de:47.99,7.85', 'geocode:v3:reverse:town:de:48.0,7.8']));
    expect(keys.filter((key) => /\d\.\d{3}/.test(key))).toEqual([]);
  });

  it('answers no name where no place is known, and 400 for a position that is none', async () => {
    expect(await (await call('/api/geocode/reverse?lat=10&lon=10')).json()).toEqual({ label: null, countryCode: null });
    for (const query of ['lat=91&lon=0', 'lat=0&lon=181', 'lat=abc&lon=0', 'lon=0', 'lat=1e3&lon=0', 'lat=1&lon=1&precision=street']) {
      await expectApiError(await call(`/api/geocode/reverse?${query}`), 400, 'VALIDATION_ERROR');
    }
  });
});
