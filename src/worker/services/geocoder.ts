import type { Locale } from '../../shared/i18n/locale';
import { placeName } from '../../shared/place-name';
import type { Precision } from '../../shared/schemas/precision';
import { log } from '../lib/logger';
import { type Address, countryOf, exactName, levelName, type PlaceLevels, placeLevels } from './geocoder-names';

/** A place an address search found. */
export interface Place {
  /** The geocoder's full name of the hit (its display name): the place at the exact precision. */
  label: string;
  latitude: number;
  longitude: number;
  /** The country it is in (ISO 3166-1 alpha-2, uppercase), or null when the geocoder does not say. */
  countryCode: string | null;
  /** Its names at the coarser precisions, from the hit's structured address: the find form needs no second call. */
  places: PlaceLevels;
}

/** A position's place name ("Hamburg, Deutschland") and its country (ISO 3166-1 alpha-2, uppercase, or null). */
export interface PlaceName {
  label: string;
  countryCode: string | null;
}

export interface Geocoder {
  /** The best match for an address, or null when there is none. */
  search(query: string, locale: Locale): Promise<Place | null>;
  /**
   * The place name of a position at a precision (exact: the town, as the find form always showed it; km: with its
   * district; town), or null when there is none. The position is rounded to the precision before anything is
   * cached or asked: the geocoder never learns more of it than the find will publish.
   */
  reverse(latitude: number, longitude: number, locale: Locale, precision?: Precision): Promise<PlaceName | null>;
}

/** The geocoder could not answer (down, slow, refused us): the caller falls back, nothing is cached. */
export class GeocoderUnavailableError extends Error {
  constructor(reason: string) {
    super(`geocoder unavailable: ${reason}`);
    this.name = 'GeocoderUnavailableError';
  }
}

/** Nominatim's usage policy asks for results to be cached; places rarely move. */
const FOUND_TTL_SECONDS = 30 * 24 * 60 * 60;
/** "Nothing found" is kept shorter: the map data may gain the place. */
const NOT_FOUND_TTL_SECONDS = 24 * 60 * 60;
const TIMEOUT_MS = 5000;

interface SearchHit {
  lat?: string;
  lon?: string;
  display_name?: string;
  address?: Address;
}

interface ReverseHit {
  error?: string;
  display_name?: string;
  address?: Address;
}

/**
 * How each precision asks for a position's name: the decimals it keeps (exact: about 100 m, the cache's cell, so
 * the geocoder learns no more than the cache keeps), and Nominatim's zoom (10: city, 14: suburb).
 */
const REVERSE: Record<Precision, { digits: number; zoom: string }> = {
  exact: { digits: 3, zoom: '10' },
  km: { digits: 2, zoom: '14' },
  town: { digits: 1, zoom: '10' },
};

/**
 * Cache keys: the query as typed (case and spacing aside); a position rounded to its precision (exact: about
 * 100 m), so no key keeps more of a position than the find publishes. Version 3 of a search keeps the names per
 * precision; version 2's entries lack them and simply expire. A reverse name at the exact precision keeps version
 * 2's key and answer; km and town have keys of their own.
 */
export const searchKey = (query: string, locale: Locale) =>
  `geocode:v3:search:${locale}:${query.trim().toLowerCase().replace(/\s+/g, ' ')}`;
export function reverseKey(latitude: number, longitude: number, locale: Locale, precision: Precision = 'exact'): string {
  const { digits } = REVERSE[precision];
  const cell = `${latitude.toFixed(digits)},${longitude.toFixed(digits)}`;
  return precision === 'exact' ? `geocode:v2:reverse:${locale}:${cell}` : `geocode:v3:reverse:${precision}:${locale}:${cell}`;
}

/**
 * A Nominatim-compatible geocoder (OpenStreetMap's by default) behind a KV cache. Its usage policy asks for an
 * identifying User-Agent, caching, and at most one request per second: the caller limits the upstream rate
 * (see api/geocode); only a cache miss reaches `fetch`.
 */
export function nominatimGeocoder(options: {
  baseUrl: string;
  userAgent: string;
  cache: KVNamespace;
  /** Asked before each upstream request; false: the service is at its rate, treat as unavailable. */
  mayCall: () => Promise<boolean>;
}): Geocoder {
  const base = options.baseUrl.replace(/\/$/, '');
  async function cached<T>(key: string, load: () => Promise<T | null>): Promise<T | null> {
    const hit = await options.cache.get<{ value: T | null }>(key, 'json');
    if (hit) return hit.value;
    if (!(await options.mayCall())) throw new GeocoderUnavailableError('rate');
    const value = await load();
    try {
      await options.cache.put(key, JSON.stringify({ value }), {
        expirationTtl: value === null ? NOT_FOUND_TTL_SECONDS : FOUND_TTL_SECONDS,
      });
    } catch (error) {
      log.warn('geocode result not cached', { error: String(error) });
    }
    return value;
  }
  async function get(path: string, params: Record<string, string>): Promise<unknown> {
    let response: Response;
    try {
      response = await fetch(`${base}${path}?${new URLSearchParams(params)}`, {
        headers: { 'User-Agent': options.userAgent, Accept: 'application/json' },
        signal: AbortSignal.timeout(TIMEOUT_MS),
      });
    } catch (error) {
      throw new GeocoderUnavailableError(String(error));
    }
    if (!response.ok) throw new GeocoderUnavailableError(`HTTP ${response.status}`);
    try {
      return await response.json();
    } catch {
      throw new GeocoderUnavailableError('not JSON');
    }
  }
  return {
    search: (query, locale) =>
      cached(searchKey(query, locale), async () => {
        const body = await get('/search', { q: query, format: 'jsonv2', limit: '1', addressdetails: '1', 'accept-language': locale });
        const hit = Array.isArray(body) ? (body[0] as SearchHit | undefined) : undefined;
        const latitude = Number(hit?.lat);
        const longitude = Number(hit?.lon);
        if (!hit?.display_name || !Number.isFinite(latitude) || !Number.isFinite(longitude)) return null;
        return { label: hit.display_name, latitude, longitude, countryCode: countryOf(hit.address), places: placeLevels(hit.address) };
      }),
    reverse: (latitude, longitude, locale, precision = 'exact') =>
      cached(reverseKey(latitude, longitude, locale, precision), async () => {
        const { digits, zoom } = REVERSE[precision];
        const body = (await get('/reverse', {
          lat: latitude.toFixed(digits),
          lon: longitude.toFixed(digits),
          format: 'jsonv2',
          zoom,
          addressdetails: '1',
          'accept-language': locale,
        })) as ReverseHit;
        if (!body || typeof body !== 'object' || body.error) return null;
        const label =
          precision === 'exact'
            ? exactName(body.address, body.display_name)
            : (levelName(body.address, precision) ?? (placeName(body.display_name ?? '', precision) || null));
        return label ? { label, countryCode: countryOf(body.address) } : null;
      }),
  };
}
