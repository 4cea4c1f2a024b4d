import type { Locale } from '../../shared/i18n/locale';
import { log } from '../lib/logger';

/** A place an address search found. */
export interface Place {
  label: string;
  latitude: number;
  longitude: number;
  /** The country it is in (ISO 3166-1 alpha-2, uppercase), or null when the geocoder does not say. */
  countryCode: string | null;
}

/** A position's place name ("Hamburg, Deutschland") and its country (ISO 3166-1 alpha-2, uppercase, or null). */
export interface PlaceName {
  label: string;
  countryCode: string | null;
}

export interface Geocoder {
  /** The best match for an address, or null when there is none. */
  search(query: string, locale: Locale): Promise<Place | null>;
  /** The place name of a position, or null when there is none. */
  reverse(latitude: number, longitude: number, locale: Locale): Promise<PlaceName | null>;
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
  address?: Record<string, string | undefined>;
}

interface ReverseHit {
  error?: string;
  display_name?: string;
  address?: Record<string, string | undefined>;
}

/** Town-level name of a reverse hit: "Hamburg, Deutschland" rather than a house number. */
function placeName(hit: ReverseHit): string | null {
  const address = hit.address ?? {};
  const town = address.city ?? address.town ?? address.village ?? address.municipality ?? address.hamlet ?? address.county;
  const parts = [town, address.country].filter(Boolean);
  if (parts.length) return parts.join(', ');
  return hit.display_name?.trim() || null;
}

/** The country of a hit with `addressdetails=1`: Nominatim's `address.country_code` ("de"), uppercase. */
function countryOf(address: Record<string, string | undefined> | undefined): string | null {
  const code = address?.country_code?.trim().toUpperCase() ?? '';
  return /^[A-Z]{2}$/.test(code) ? code : null;
}

/**
 * Cache keys: the query as typed (case and spacing aside); a position rounded to about 100 m. Version 2 keeps the
 * country with the place; version 1's entries lack it and simply expire.
 */
export const searchKey = (query: string, locale: Locale) =>
  `geocode:v2:search:${locale}:${query.trim().toLowerCase().replace(/\s+/g, ' ')}`;
export const reverseKey = (latitude: number, longitude: number, locale: Locale) =>
  `geocode:v2:reverse:${locale}:${latitude.toFixed(3)},${longitude.toFixed(3)}`;

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
        return { label: hit.display_name, latitude, longitude, countryCode: countryOf(hit.address) };
      }),
    reverse: (latitude, longitude, locale) =>
      cached(reverseKey(latitude, longitude, locale), async () => {
        const body = (await get('/reverse', {
          lat: latitude.toFixed(5),
          lon: longitude.toFixed(5),
          format: 'jsonv2',
          zoom: '10',
          addressdetails: '1',
          'accept-language': locale,
        })) as ReverseHit;
        if (!body || typeof body !== 'object' || body.error) return null;
        const label = placeName(body);
        return label ? { label, countryCode: countryOf(body.address) } : null;
      }),
  };
}
