/** Mean Earth radius in km (IUGG), the usual choice for great-circle distances. */
export const EARTH_RADIUS_KM = 6371.0088;

export interface Position {
  latitude: number;
  longitude: number;
}

/** Great-circle distance in km between two positions (haversine formula). */
export function haversineKm(a: Position, b: Position): number {
  const toRad = (deg: number) => (deg * Math.PI) / 180;
  const dLat = toRad(b.latitude - a.latitude);
  const dLon = toRad(b.longitude - a.longitude);
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(toRad(a.latitude)) * Math.cos(toRad(b.latitude)) * Math.sin(dLon / 2) ** 2;
  return 2 * EARTH_RADIUS_KM * Math.asin(Math.min(1, Math.sqrt(h)));
}

/** A find has a position when both coordinates are numbers and not the (0,0) a failed geocode leaves behind. */
export function hasPosition(p: { latitude: number | null; longitude: number | null }): p is Position {
  return (
    typeof p.latitude === 'number' &&
    typeof p.longitude === 'number' &&
    Number.isFinite(p.latitude) &&
    Number.isFinite(p.longitude) &&
    !(p.latitude === 0 && p.longitude === 0)
  );
}

/** Sum of the legs between consecutive positioned finds, in the order given (time order). */
export function journeyKm(finds: ReadonlyArray<{ latitude: number | null; longitude: number | null }>): number {
  let total = 0;
  let previous: Position | null = null;
  for (const find of finds) {
    if (!hasPosition(find)) continue;
    if (previous) total += haversineKm(previous, find);
    previous = { latitude: find.latitude, longitude: find.longitude };
  }
  return total;
}

// Creating an Intl.NumberFormat costs far more than using one; the Worker formats distances on every request.
const distanceFormats = new Map<string, Intl.NumberFormat>();

/** "1.116,4 km" in German, "1,116.4 km" in English: one decimal, grouped. */
export function formatDistance(km: number, locale: string): string {
  let format = distanceFormats.get(locale);
  if (!format) {
    format = new Intl.NumberFormat(locale, { minimumFractionDigits: 1, maximumFractionDigits: 1 });
    distanceFormats.set(locale, format);
  }
  return `${format.format(km)} km`;
}
