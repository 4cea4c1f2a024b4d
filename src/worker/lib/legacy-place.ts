import { placeName } from '../../shared/place-name';
import type { Precision } from '../../shared/schemas/precision';

/*
 * Finds from before the finder's precision was stored (and finds an earlier version writes after a rollback) have
 * `precision` NULL. Their position tells it: the find form rounded km to two decimals and town to one. Until the
 * cron has reviewed such a find (jobs/place-review.ts), every read shows its place as the review will store it.
 */

/** Whether a coordinate has at most `digits` decimals (as the migration tests it, within floating point). */
const keeps = (value: number, digits: number) => Math.abs(value * 10 ** digits - Math.round(value * 10 ** digits)) <= 1e-6;

/** The precision a find without a stored one was sent with: town (one decimal or none), km (two), else exact. */
export function inferredPrecision(latitude: number | null, longitude: number | null): Precision {
  if (latitude === null || longitude === null) return 'exact';
  if (keeps(latitude, 1) && keeps(longitude, 1)) return 'town';
  if (keeps(latitude, 2) && keeps(longitude, 2)) return 'km';
  return 'exact';
}

interface StoredPlace {
  location: string;
  latitude: number | null;
  longitude: number | null;
}

/**
 * A legacy find's precision and place: the text without street, number and postcode at the inferred precision;
 * when nothing of it remains, the rounded position ("48.00, 7.85"), which says no more than the map shows. The
 * cron does not ask the geocoder: it would send it positions in bulk, for names nobody asked for.
 */
export function reviewedPlace(find: StoredPlace): { precision: Precision; location: string } {
  const precision = inferredPrecision(find.latitude, find.longitude);
  const location = placeName(find.location, precision);
  if (location || find.latitude === null || find.longitude === null) return { precision, location: location || find.location };
  const digits = precision === 'km' ? 2 : 1;
  return { precision, location: `${find.latitude.toFixed(digits)}, ${find.longitude.toFixed(digits)}` };
}

/** The place a find shows: as stored once its precision is, else as the cron's review will store it. */
export const shownPlace = (find: StoredPlace & { precision: Precision | null }): string =>
  find.precision === null ? reviewedPlace(find).location : find.location;
