// Writes src/worker/geo/country-outlines.bin: the countries' outlines the Worker tells a find's country from
// (decision record 041), from Natural Earth via world-atlas (the package the share cards' land comes from).
// Europe and every country the coarse 1:110m outlines leave out come from the 1:50m outlines, simplified to about a
// kilometre (islands such as Mallorca, Rügen, Gotland, the small states); the rest of the world from 1:110m.
// Run it again after updating world-atlas: `node scripts/country-outlines.mjs` (a test checks the file is current).
import { writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
const { feature } = require('topojson-client');
const OUT = process.env.COUNTRY_OUTLINES_OUT ?? new URL('../src/worker/geo/country-outlines.bin', import.meta.url).pathname;
/** West, south, east, north: where finders are, and the detail matters most. */
const EUROPE = [-25, 34, 45, 72];
/** Douglas–Peucker tolerance in degrees for the 1:50m outlines (about a kilometre, as the positions are stored). */
const TOLERANCE = 0.01;
/** Positions are stored in hundredths of a degree (about a kilometre), as differences to the one before. */
const SCALE = 100;

/** Natural Earth's outlines without an ISO number, by name. */
const UNNUMBERED = { Kosovo: 'XK', 'N. Cyprus': 'CY', Somaliland: 'SO' };

const alpha2 = (item) => {
  if (item.id === undefined) return UNNUMBERED[item.properties?.name] ?? null;
  const region = new Intl.Locale(`und-${item.id}`).region;
  return region && /^[A-Z]{2}$/.test(region) ? region : null;
};

function outlines(file) {
  const atlas = require(`world-atlas/${file}`);
  const byCode = new Map();
  for (const item of feature(atlas, atlas.objects.countries).features) {
    const code = alpha2(item);
    const geometry = item.geometry;
    if (!code || !geometry) continue;
    const polygons = geometry.type === 'MultiPolygon' ? geometry.coordinates : [geometry.coordinates];
    byCode.set(code, [...(byCode.get(code) ?? []), ...polygons.flat()]);
  }
  return byCode;
}

function simplify(points, tolerance) {
  if (points.length < 4) return points;
  const keep = new Uint8Array(points.length);
  keep[0] = keep[points.length - 1] = 1;
  const stack = [[0, points.length - 1]];
  while (stack.length) {
    const [a, b] = stack.pop();
    const [ax, ay] = points[a];
    const [bx, by] = points[b];
    const dx = bx - ax;
    const dy = by - ay;
    const length = dx * dx + dy * dy;
    let far = -1;
    let at = -1;
    for (let i = a + 1; i < b; i++) {
      const [px, py] = points[i];
      const t = length ? Math.max(0, Math.min(1, ((px - ax) * dx + (py - ay) * dy) / length)) : 0;
      const d = Math.hypot(px - ax - t * dx, py - ay - t * dy);
      if (d > far) [far, at] = [d, i];
    }
    if (far > tolerance) {
      keep[at] = 1;
      stack.push([a, at], [at, b]);
    }
  }
  return points.filter((_, i) => keep[i]);
}

const touchesEurope = (rings) =>
  rings.some((ring) => ring.some(([x, y]) => x > EUROPE[0] && x < EUROPE[2] && y > EUROPE[1] && y < EUROPE[3]));

const fine = outlines('countries-50m.json');
const coarse = outlines('countries-110m.json');
const bytes = [];
const varint = (value) => {
  let zigzag = (value << 1) ^ (value >> 31);
  while (zigzag > 127) {
    bytes.push((zigzag & 127) | 128);
    zigzag >>>= 7;
  }
  bytes.push(zigzag);
};
let points = 0;
for (const code of [...new Set([...fine.keys(), ...coarse.keys()])].sort()) {
  const detailed = fine.has(code) && (!coarse.has(code) || touchesEurope(fine.get(code)));
  const rings = (detailed ? fine.get(code).map((ring) => simplify(ring, TOLERANCE)) : coarse.get(code)).map((ring) => {
    const stored = [];
    for (const [x, y] of ring) {
      const point = [Math.round(x * SCALE), Math.round(y * SCALE)];
      const last = stored.at(-1);
      if (!last || last[0] !== point[0] || last[1] !== point[1]) stored.push(point);
    }
    return stored;
  });
  const kept = rings.filter((ring) => ring.length >= 4);
  if (kept.length === 0) continue;
  bytes.push(code.charCodeAt(0), code.charCodeAt(1));
  varint(kept.length);
  for (const ring of kept) {
    varint(ring.length);
    let [px, py] = [0, 0];
    for (const [x, y] of ring) {
      varint(x - px);
      varint(y - py);
      [px, py] = [x, y];
      points += 1;
    }
  }
}
writeFileSync(OUT, Buffer.from(bytes));
console.log(`country outlines: ${points} points, ${bytes.length} bytes → ${OUT}`);
