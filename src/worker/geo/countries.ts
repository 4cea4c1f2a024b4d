import { EARTH_RADIUS_KM } from '../../shared/geo';

/*
 * The country a find's position is in, from Natural Earth's country outlines (country-outlines.bin, written by
 * scripts/country-outlines.mjs from world-atlas, the package of the share cards' land), never from the geocoder
 * (decision record 041). Europe's outlines are exact to about a kilometre, the rest of the world's to about ten, so
 * the rule is:
 *
 * 1. The candidates are the countries whose outline contains the position or passes within BORDER_KM of it, and
 *    the small states the outlines leave out (SMALL_STATES, circles) whose circle comes within BORDER_KM.
 * 2. Where the finder's device named one of the candidates (its own geocoder's word), that one: near a border or a
 *    coast the outlines cannot tell, the device may. A code that is not a candidate is not taken.
 * 3. Else a small state whose circle contains the position; else the country whose outline contains it; else the
 *    nearest outline within BORDER_KM (a beach the coarse coast leaves in the sea); else none: the open sea.
 */

/** How far the outlines may be off: within this a border or coast is uncertain. */
export const BORDER_KM = 15;

/**
 * States too small for the outlines (or too small to tell at a kilometre), as a centre and a radius inside them: a
 * position in the circle is theirs (Monaco lies inside France's outline, the Vatican inside Italy's).
 */
const SMALL_STATES: ReadonlyArray<{ code: string; latitude: number; longitude: number; radiusKm: number }> = [
  { code: 'MC', latitude: 43.7384, longitude: 7.4246, radiusKm: 1.2 },
  { code: 'VA', latitude: 41.9029, longitude: 12.4534, radiusKm: 0.4 },
  { code: 'SM', latitude: 43.9424, longitude: 12.4578, radiusKm: 5 },
  { code: 'LI', latitude: 47.1415, longitude: 9.5215, radiusKm: 5 },
  { code: 'AD', latitude: 42.5462, longitude: 1.5732, radiusKm: 9 },
  { code: 'MT', latitude: 35.9, longitude: 14.45, radiusKm: 16 },
  { code: 'SG', latitude: 1.3521, longitude: 103.8198, radiusKm: 15 },
  { code: 'BH', latitude: 26.07, longitude: 50.55, radiusKm: 22 },
];

/** A ring's positions (longitude, latitude), with its bounding box: west, south, east, north. */
type Ring = Array<[number, number]> & { box: [number, number, number, number] };
interface Country {
  code: string;
  rings: Ring[];
  /** West, south, east, north, in degrees. */
  box: [number, number, number, number];
}

/**
 * The outlines as scripts/country-outlines.mjs stores them: per country its code (two ASCII letters) and its rings,
 * each a count and positions in hundredths of a degree as zigzag varint differences to the one before.
 */
function readOutlines(data: ArrayBuffer): Country[] {
  const bytes = new Uint8Array(data);
  let at = 0;
  const varint = () => {
    let value = 0;
    let shift = 0;
    let byte: number;
    do {
      byte = bytes[at++] ?? 0;
      value |= (byte & 127) << shift;
      shift += 7;
    } while (byte & 128);
    return (value >>> 1) ^ -(value & 1);
  };
  const countries: Country[] = [];
  while (at < bytes.length) {
    const code = String.fromCharCode(bytes[at] ?? 0, bytes[at + 1] ?? 0);
    at += 2;
    const rings: Ring[] = [];
    const box: Country['box'] = [180, 90, -180, -90];
    for (let r = varint(); r > 0; r--) {
      const ring = Object.assign([] as Array<[number, number]>, { box: [180, 90, -180, -90] as Ring['box'] });
      let [x, y] = [0, 0];
      for (let p = varint(); p > 0; p--) {
        x += varint();
        y += varint();
        const point: [number, number] = [x / 100, y / 100];
        ring.push(point);
        ring.box[0] = Math.min(ring.box[0], point[0]);
        ring.box[1] = Math.min(ring.box[1], point[1]);
        ring.box[2] = Math.max(ring.box[2], point[0]);
        ring.box[3] = Math.max(ring.box[3], point[1]);
      }
      box[0] = Math.min(box[0], ring.box[0]);
      box[1] = Math.min(box[1], ring.box[1]);
      box[2] = Math.max(box[2], ring.box[2]);
      box[3] = Math.max(box[3], ring.box[3]);
      rings.push(ring);
    }
    countries.push({ code, rings, box });
  }
  return countries;
}

/**
 * Even-odd rule over every ring of the country: holes (a lake, an enclave) count out. A ring whose box does not hold
 * the position cannot hold it either, and is passed over (Russia's or Canada's hundreds of islands).
 */
function contains(rings: Ring[], lon: number, lat: number): boolean {
  let inside = false;
  for (const ring of rings) {
    const [west, south, east, north] = ring.box;
    if (lon < west || lon > east || lat < south || lat > north) continue;
    for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) {
      const [xi, yi] = ring[i] ?? [0, 0];
      const [xj, yj] = ring[j] ?? [0, 0];
      if (yi > lat !== yj > lat && lon < ((xj - xi) * (lat - yi)) / (yj - yi) + xi) inside = !inside;
    }
  }
  return inside;
}

/**
 * Kilometres from the position to the nearest edge of the rings within `within` degrees of longitude (a flat
 * projection: exact enough this close); a ring whose box is farther away is passed over (infinity when all are).
 */
function edgeKm(rings: Ring[], lon: number, lat: number, within: number): number {
  const kx = (Math.PI / 180) * EARTH_RADIUS_KM * Math.cos((lat * Math.PI) / 180);
  const ky = (Math.PI / 180) * EARTH_RADIUS_KM;
  let best = Number.POSITIVE_INFINITY;
  for (const ring of rings) {
    const [west, south, east, north] = ring.box;
    if (lon < west - within || lon > east + within || lat < south - BORDER_KM / 111 || lat > north + BORDER_KM / 111) continue;
    for (let i = 1; i < ring.length; i++) {
      const [ax, ay] = ring[i - 1] ?? [0, 0];
      const [bx, by] = ring[i] ?? [0, 0];
      const x1 = (ax - lon) * kx;
      const y1 = (ay - lat) * ky;
      const dx = (bx - ax) * kx;
      const dy = (by - ay) * ky;
      const length = dx * dx + dy * dy;
      const t = length === 0 ? 0 : Math.max(0, Math.min(1, -(x1 * dx + y1 * dy) / length));
      best = Math.min(best, Math.hypot(x1 + t * dx, y1 + t * dy));
    }
  }
  return best;
}

const circleKm = (state: (typeof SMALL_STATES)[number], lon: number, lat: number) => {
  const kx = (Math.PI / 180) * EARTH_RADIUS_KM * Math.cos((lat * Math.PI) / 180);
  const ky = (Math.PI / 180) * EARTH_RADIUS_KM;
  return Math.hypot((state.longitude - lon) * kx, (state.latitude - lat) * ky);
};

/**
 * The rule above, for a position and the code the finder's device named (or null). An edge's distance is measured
 * only where the answer needs it: for the named country when the position is not inside it, and for every country
 * near the position when none contains it (most positions lie well inside one country, and are answered by it).
 */
export function countryIn(countries: Country[], position: { latitude: number; longitude: number }, named: string | null): string | null {
  const { latitude: lat, longitude: lon } = position;
  // Degrees that surely cover BORDER_KM here (longitude degrees shrink towards the poles).
  const margin = BORDER_KM / 111 / Math.max(0.1, Math.cos((lat * Math.PI) / 180));
  let small: string | null = null;
  let smallNear = false;
  for (const state of SMALL_STATES) {
    const km = circleKm(state, lon, lat);
    if (km <= state.radiusKm) small = state.code;
    if (state.code === named && km <= state.radiusKm + BORDER_KM) smallNear = true;
  }
  if (smallNear) return named;
  let inside: string | null = null;
  const near: Country[] = [];
  for (const country of countries) {
    const [west, south, east, north] = country.box;
    if (lon < west - margin || lon > east + margin || lat < south - BORDER_KM / 111 || lat > north + BORDER_KM / 111) continue;
    if (contains(country.rings, lon, lat)) {
      if (country.code === named) return named;
      inside ??= country.code;
    } else near.push(country);
  }
  if (near.some((country) => country.code === named && edgeKm(country.rings, lon, lat, margin) <= BORDER_KM)) return named;
  if (small ?? inside) return small ?? inside;
  let nearest: { code: string; km: number } | null = null;
  for (const country of near) {
    const km = edgeKm(country.rings, lon, lat, margin);
    if (km <= BORDER_KM && (!nearest || km < nearest.km)) nearest = { code: country.code, km };
  }
  return nearest?.code ?? null;
}

let loaded: Promise<Country[]> | null = null;

/** The outlines, read once per isolate when first asked for. */
function outlines(): Promise<Country[]> {
  loaded ??= import('./country-outlines.bin').then((module) => readOutlines(module.default));
  return loaded;
}

/** The country of a find's position (see the rule above); the outlines are loaded on the first find that asks. */
export async function countryAt(position: { latitude: number; longitude: number }, named: string | null): Promise<string | null> {
  return countryIn(await outlines(), position, named);
}

/** Every country the rule above can name: the outlines' and the small states' (shared/countries.ts lists them). */
export async function countriesKnown(): Promise<string[]> {
  return [...new Set([...(await outlines()).map((country) => country.code), ...SMALL_STATES.map((state) => state.code)])].sort();
}
