import { env } from 'cloudflare:test';
import { describe, expect, inject, it } from 'vitest';
import { nominatimGeocoder } from '../../src/worker/services/geocoder';

/** The adapter itself against the fake Nominatim, each test with a cache of its own keys (a fresh prefix). */
function adapter() {
  return nominatimGeocoder({
    baseUrl: `${inject('fakeServicesUrl')}/nominatim/`,
    userAgent: 'Reisesteine tests',
    cache: env.CACHE,
    mayCall: async () => true,
  });
}

describe('the Nominatim geocoder adapter', () => {
  it('gives a search hit its country as an uppercase ISO 3166-1 alpha-2 code, asking for the address details', async () => {
    expect(await adapter().search('Big Ben', 'en')).toEqual({
      label: 'Big Ben, Westminster, London, SW1A 0AA, United Kingdom',
      latitude: 51.5007292,
      longitude: -0.1246254,
      countryCode: 'GB',
      places: { km: 'London, United Kingdom', town: 'London, United Kingdom' },
    });
    const requests: string[] = await (await fetch(`${inject('fakeServicesUrl')}/nominatim/requests`)).json();
    expect(requests.find((request) => request.includes('q=Big+Ben'))).toContain('addressdetails=1');
  });

  it('gives a position its place name and country, and null where no place is known', async () => {
    expect(await adapter().reverse(53.5511, 9.9937, 'en')).toEqual({ label: 'Hamburg, Germany', countryCode: 'DE' });
    expect(await adapter().reverse(10, 10, 'en')).toBeNull();
  });

  it('names a position with its district for km and as the town for town, asking at the zoom that fits', async () => {
    expect(await adapter().reverse(47.98765, 7.8654, 'en', 'km')).toEqual({
      label: 'Altstadt, Freiburg im Breisgau, Germany',
      countryCode: 'DE',
    });
    expect(await adapter().reverse(47.98765, 7.8654, 'en', 'town')).toEqual({ label: 'Freiburg im Breisgau, Germany', countryCode: 'DE' });
    const requests: string[] = await (await fetch(`${inject('fakeServicesUrl')}/nominatim/requests`)).json();
    expect(requests.filter((request) => request.includes('lon=7.87') || request.includes('lon=7.9&'))).toEqual([
      expect.stringContaining('/nominatim/reverse?lat=47.99&lon=7.87&format=jsonv2&zoom=14&'),
      expect.stringContaining('/nominatim/reverse?lat=48.0&lon=7.9&format=jsonv2&zoom=10&'),
    ]);
  });

  it('answers the cached place with its country the second time', async () => {
    await adapter().search('Marienplatz München', 'de');
    const again = nominatimGeocoder({
      baseUrl: `${inject('fakeServicesUrl')}/nominatim`,
      userAgent: 'Reisesteine tests',
      cache: env.CACHE,
      // Not asked: the answer comes from the cache.
      mayCall: async () => false,
    });
    expect((await again.search('marienplatz  münchen', 'de'))?.countryCode).toBe('DE');
  });
});
