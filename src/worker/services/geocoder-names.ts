import { placeName } from '../../shared/place-name';
import type { Precision } from '../../shared/schemas/precision';

/** Nominatim's structured address of a hit (`addressdetails=1`): its parts by kind. */
export type Address = Record<string, string | undefined>;

/** The names a find may publish at the coarser precisions; null where the geocoder gives none. */
export interface PlaceLevels {
  km: string | null;
  town: string | null;
}

/** The locality at town level: the city, town, village or municipality, else its county (never a hamlet). */
const town = (address: Address) => address.city ?? address.town ?? address.village ?? address.municipality ?? address.county;

/** A district about a kilometre wide: the suburb or city district (never a neighbourhood or a quarter, finer). */
const district = (address: Address) => address.suburb ?? address.city_district ?? address.borough;

/**
 * The place name at one level from the parts, locality first, as the geocoder names it ("Altstadt, Freiburg im
 * Breisgau, Deutschland" for km, "Freiburg im Breisgau, Deutschland" for town); null without a locality. The
 * reducer runs over it too: a district named with a number (an arrondissement) goes.
 */
export function levelName(address: Address | undefined, level: Exclude<Precision, 'exact'>): string | null {
  const locality = address ? town(address) : undefined;
  if (!address || !locality) return null;
  const nearby = level === 'km' ? district(address) : undefined;
  const parts = [nearby === locality ? undefined : nearby, locality, address.country].filter(Boolean);
  return placeName(parts.join(', '), level) || null;
}

/** Both levels of a search hit: what the find form publishes when the finder chooses km or town. */
export const placeLevels = (address: Address | undefined): PlaceLevels => ({
  km: levelName(address, 'km'),
  town: levelName(address, 'town'),
});

/** Town-level name of a reverse hit at the exact precision (as before): "Hamburg, Deutschland", not a house. */
export function exactName(address: Address | undefined, displayName: string | undefined): string | null {
  const locality = address
    ? (address.city ?? address.town ?? address.village ?? address.municipality ?? address.hamlet ?? address.county)
    : undefined;
  const parts = [locality, address?.country].filter(Boolean);
  if (parts.length) return parts.join(', ');
  return displayName?.trim() || null;
}

/** The country of a hit with `addressdetails=1`: Nominatim's `address.country_code` ("de"), uppercase. */
export function countryOf(address: Address | undefined): string | null {
  const code = address?.country_code?.trim().toUpperCase() ?? '';
  return /^[A-Z]{2}$/.test(code) ? code : null;
}
