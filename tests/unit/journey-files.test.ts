/**
 * The journey files against their standards : the GPX the route sends validates against the
 * GPX 1.1 schema (tests/fixtures/gpx-1.1.xsd, with libxml2's validator in xmllint-wasm), the GeoJSON passes
 * check-geojson and the points of RFC 7946 it leaves to us. Both files come from the builders the route uses
 * (worker/api/stones/journey.ts), for a stone with awkward place names and edge positions, one with one find and
 * one never found; the negative cases prove each check can fail.
 */
import { readFileSync } from 'node:fs';
import { check, getIssues } from '@placemarkio/check-geojson';
import { describe, expect, it } from 'vitest';
import { validateXML } from 'xmllint-wasm';
import type { FindView } from '../../src/shared/types';
import { type JourneyOf, journeyGeoJson, journeyGpx } from '../../src/worker/api/stones/journey';

const GPX_SCHEMA = readFileSync('tests/fixtures/gpx-1.1.xsd', 'utf8');
const PAGE = 'https://reisesteine.test/A0B-1C2-D3E';

let findNumber = 0;
function find(location: string, latitude: number | null, longitude: number | null, more: Partial<FindView> = {}): FindView {
  findNumber += 1;
  return {
    id: `00000000-0000-4000-8000-${String(findNumber).padStart(12, '0')}`,
    location,
    latitude,
    longitude,
    comment: '',
    createdAt: new Date(Date.UTC(2026, 5, findNumber, 12)).toISOString(),
    pending: false,
    kept: false,
    foundAgainAfterDays: null,
    photo: null,
    ...more,
  };
}

/** The stone and its finds as the route hands them to the builders (worker/api/stones/find-queries.ts getJourney). */
function stone(title: string, finds: FindView[]): JourneyOf {
  return { code: 'A0B-1C2-D3E', title, createdAt: '2026-05-31T08:00:00.000Z', totalDistance: 1234.5, finds };
}

/** Place names as finders type them: markup characters, umlauts, emoji, controls and what XML cannot hold at all. */
const AWKWARD = stone('Omas <Reise> & "Stein" \u0007 🪨', [
  find("Café „Zur Post“ <Hafen> & 'Ecke' ]]>", 52.52, 13.405),
  find('Müßiggang an der Förde, Ærøskøbing', 54.79, 9.44),
  find('🪨 Steinstrand 🌊 (am 👨‍👩‍👧 Spielplatz)', -33.8568, 151.2153),
  find('Null\u0000Bell\u0007Esc\u001b FFFE\uFFFE lone\uD800 surrogate\tTab\r\nZeile', 0.0000005, -0.0000001),
  // The poles and the date line, as the find form accepts them (longitude up to 180 inclusive).
  find('Nordpol', 90, 180),
  find('Südpol', -90, -180),
  find('Kurz vor der Datumsgrenze', 12.3, 179.9999999),
  // Not on the public page, so not in the files: without a position, and held back by the plausibility check.
  find('irgendwo im Zug', null, null),
  find('Zu schnell', 1, 1, { pending: true }),
]);
const ONE_FIND = stone('Einmal gefunden', [find('Bonn', 50.73, 7.1)]);
const NEVER_FOUND = stone('Noch nie gefunden', []);

const STONES = [
  ['a stone with awkward place names and positions', AWKWARD],
  ['a stone with one find', ONE_FIND],
  ['a stone never found', NEVER_FOUND],
] as const;

async function gpxErrors(gpx: string): Promise<string[]> {
  const result = await validateXML({
    xml: [{ fileName: 'journey.gpx', contents: gpx }],
    schema: [{ fileName: 'gpx-1.1.xsd', contents: GPX_SCHEMA }],
  });
  return result.valid ? [] : result.errors.map((error) => error.message);
}

describe('the GPX against the GPX 1.1 schema', () => {
  for (const [name, view] of STONES) {
    it(`validates for ${name}`, async () => {
      expect(await gpxErrors(journeyGpx(view, PAGE, 'Reisesteine'))).toEqual([]);
    });
  }

  it('keeps every counted place with a position, its text intact except what XML cannot hold', async () => {
    const gpx = journeyGpx(AWKWARD, PAGE, 'Reisesteine');
    expect(gpx.match(/<trkpt /g)).toHaveLength(7);
    expect(gpx).toContain('<name>Café „Zur Post“ &lt;Hafen&gt; &amp; &apos;Ecke&apos; ]]&gt;</name>');
    expect(gpx).toContain('<name>🪨 Steinstrand 🌊 (am 👨‍👩‍👧 Spielplatz)</name>');
    expect(gpx).toContain('<name>NullBellEsc FFFE lone surrogate\tTab\r\nZeile</name>');
    // Decimals as the schema writes them (no exponent), and the date line's 180° as -180°.
    expect(gpx).toContain('<trkpt lat="0.0000005" lon="-0.0000001">');
    expect(gpx).toContain('<trkpt lat="90" lon="-180">');
    expect(gpx).toContain('<trkpt lat="12.3" lon="179.9999999">');
  });

  it('refuses a GPX of another version, a latitude beyond the pole, a missing creator and a point out of order', async () => {
    const valid = journeyGpx(ONE_FIND, PAGE, 'Reisesteine');
    const broken = {
      'version 1.0': valid.replace('version="1.1"', 'version="1.0"'),
      'latitude 91': valid.replace('lat="50.73"', 'lat="91"'),
      'longitude 180': valid.replace('lon="7.1"', 'lon="180"'),
      'an exponent': valid.replace('lat="50.73"', 'lat="5e-7"'),
      'no creator': valid.replace(/ creator="[^"]*"/, ''),
      'name before time': valid.replace(/<time>([^<]+)<\/time><name>([^<]+)<\/name>/, '<name>$2</name><time>$1</time>'),
      'not a time': valid.replace(/<trkpt([^>]*)><time>[^<]+<\/time>/, '<trkpt$1><time>gestern</time>'),
    };
    for (const [what, gpx] of Object.entries(broken)) {
      expect(gpx, what).not.toBe(valid);
      expect((await gpxErrors(gpx)).length, what).toBeGreaterThan(0);
    }
  });
});

type Position = [number, number];
interface Feature {
  type: 'Feature';
  geometry: { type: 'Point'; coordinates: Position } | { type: 'LineString'; coordinates: Position[] };
  properties: Record<string, unknown> | null;
}

/**
 * What RFC 7946 asks that check-geojson does not check, for what these files hold: no `crs` member (RFC 7946 §4),
 * positions as [longitude, latitude] within WGS 84's ranges (RFC 7946 §3.1.1, §4), a LineString of two or more
 * positions (RFC 7946 §3.1.4).
 */
function rfc7946Issues(document: { crs?: unknown; features: Feature[] }): string[] {
  const issues: string[] = [];
  if ('crs' in document) issues.push('a crs member');
  const position = ([longitude, latitude]: Position, where: string) => {
    if (!(Math.abs(longitude) <= 180)) issues.push(`${where}: longitude ${longitude}`);
    if (!(Math.abs(latitude) <= 90)) issues.push(`${where}: latitude ${latitude}`);
  };
  document.features.forEach((feature, i) => {
    if ('crs' in feature || 'crs' in feature.geometry) issues.push(`feature ${i}: a crs member`);
    if (feature.geometry.type === 'Point') position(feature.geometry.coordinates, `feature ${i}`);
    else {
      if (feature.geometry.coordinates.length < 2) issues.push(`feature ${i}: a LineString of fewer than two positions`);
      for (const p of feature.geometry.coordinates) position(p, `feature ${i}`);
    }
  });
  return issues;
}

function geoJsonIssues(text: string): string[] {
  const structural = getIssues(text).map((issue) => issue.message);
  if (structural.length > 0) return structural;
  return rfc7946Issues(check(text) as unknown as { features: Feature[] });
}

describe('the GeoJSON against RFC 7946', () => {
  for (const [name, view] of STONES) {
    it(`passes check-geojson and RFC 7946's rules for ${name}`, () => {
      expect(geoJsonIssues(JSON.stringify(journeyGeoJson(view, PAGE)))).toEqual([]);
    });
  }

  it('puts longitude first: Sydney is east and south', () => {
    const { features } = journeyGeoJson(AWKWARD, PAGE) as { features: Feature[] };
    const sydney = features.find((f) => String(f.properties?.place).includes('Steinstrand'));
    expect(sydney?.geometry.coordinates).toEqual([151.2153, -33.8568]);
    expect(features[0]?.geometry.type).toBe('LineString');
    expect(features[0]?.geometry.coordinates).toHaveLength(7);
  });

  it('finds what is wrong: latitude first, a one-position line, a crs member, a broken structure', () => {
    const valid = journeyGeoJson(AWKWARD, PAGE) as { type: string; features: Feature[] };
    const swapped = {
      ...valid,
      features: valid.features.map((f) =>
        f.geometry.type === 'Point' ? { ...f, geometry: { ...f.geometry, coordinates: [...f.geometry.coordinates].reverse() } } : f,
      ),
    };
    expect(geoJsonIssues(JSON.stringify(swapped))).toContain('feature 3: latitude 151.2153');
    const shortLine = {
      type: 'FeatureCollection',
      features: [{ ...valid.features[0], geometry: { type: 'LineString', coordinates: [[7.1, 50.73]] } }],
    };
    expect(geoJsonIssues(JSON.stringify(shortLine)).length).toBeGreaterThan(0);
    expect(geoJsonIssues(JSON.stringify({ ...valid, crs: { type: 'name', properties: { name: 'EPSG:3857' } } }))).toContain('a crs member');
    expect(
      geoJsonIssues(JSON.stringify({ type: 'FeatureCollection', features: [{ type: 'Feature', geometry: { type: 'Point' } }] })).length,
    ).toBeGreaterThan(0);
  });
});
