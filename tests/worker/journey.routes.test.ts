import { env } from 'cloudflare:test';
import { getIssues } from '@placemarkio/check-geojson';
import { describe, expect, it } from 'vitest';
import type { StoneView } from '../../src/shared/types';
import { journeyGpx } from '../../src/worker/api/stones/journey';
import { call, expectApiError, insertFind, insertStone } from '../support/factory';

const SITE = 'https://reisesteine.test';

/** A stone whose finds are every case the journey must tell apart, written straight into D1. */
async function travelledStone(title = 'Omas <Reise> & "Stein"') {
  const stone = await insertStone({ code: 'A0B-1C2-D3E', title, findSeq: 6, hiddenFindCount: 1 });
  const day = (n: number) => new Date(Date.UTC(2026, 5, n, 12));
  await insertFind(stone.id, { seq: 1, location: 'Berlin, Mitte', latitude: 52.52, longitude: 13.405, createdAt: day(1) });
  // No position: a find, but no point of the journey.
  await insertFind(stone.id, { seq: 2, location: 'irgendwo im Zug', createdAt: day(2) });
  // Hidden by the owner and held back by the plausibility check: not on the public page, so not in the journey.
  await insertFind(stone.id, { seq: 3, location: 'Versteckt', latitude: 1, longitude: 1, hidden: true, createdAt: day(3) });
  await insertFind(stone.id, { seq: 4, location: 'Zu schnell', latitude: -33.9, longitude: 151.2, flag: 'speed', createdAt: day(4) });
  await insertFind(stone.id, { seq: 5, location: 'Hamburg <Hafen> & "Elbe"', latitude: 53.5456, longitude: 9.9665, createdAt: day(5) });
  // Accepted by the owner after it was flagged: it counts again.
  await insertFind(stone.id, {
    seq: 6,
    location: 'Split',
    latitude: 43.5,
    longitude: 16.44,
    flag: 'repeat',
    flagAccepted: true,
    createdAt: day(6),
  });
  return stone;
}

describe('GET /api/stones/{code}/journey.gpx', () => {
  it('answers GPX 1.1 with one track point per counted public find that has a position, in order, with time and place', async () => {
    const { code } = await travelledStone();
    const res = await call(`/api/stones/${code.toLowerCase()}/journey.gpx`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/gpx+xml; charset=utf-8');
    expect(res.headers.get('content-disposition')).toBe(`attachment; filename="reisestein-${code}.gpx"`);
    const gpx = await res.text();
    expect(gpx.startsWith('<?xml version="1.0" encoding="UTF-8"?>\n<gpx version="1.1" creator="')).toBe(true);
    expect(gpx).toContain('xmlns="http://www.topografix.com/GPX/1/1"');
    expect(gpx).toContain(
      `<metadata><name>Omas &lt;Reise&gt; &amp; &quot;Stein&quot;</name><link href="${SITE}/${code}"><text>Omas &lt;Reise&gt; &amp; &quot;Stein&quot;</text></link><time>`,
    );
    const points = [...gpx.matchAll(/<trkpt lat="([^"]+)" lon="([^"]+)"><time>([^<]+)<\/time><name>([^<]*)<\/name><\/trkpt>/g)].map((m) =>
      m.slice(1),
    );
    expect(points).toEqual([
      ['52.52', '13.405', '2026-06-01T12:00:00.000Z', 'Berlin, Mitte'],
      ['53.5456', '9.9665', '2026-06-05T12:00:00.000Z', 'Hamburg &lt;Hafen&gt; &amp; &quot;Elbe&quot;'],
      ['43.5', '16.44', '2026-06-06T12:00:00.000Z', 'Split'],
    ]);
    // Every element the file opens, it closes, in order: a well-formed document.
    const stack: string[] = [];
    for (const [, closing, name, selfClosing] of gpx.matchAll(/<(\/?)([a-z]+)\b[^>]*?(\/?)>/g)) {
      if (selfClosing) continue;
      if (closing) expect(stack.pop()).toBe(name);
      else stack.push(name ?? '');
    }
    expect(stack).toEqual([]);
    expect(gpx).not.toMatch(/Versteckt|Zu schnell|Zug/);
  });

  it('leaves out characters XML does not allow, so a parser never refuses the file', async () => {
    const { code } = await travelledStone('Stein\u0001 mit \uFFFE Zeichen');
    const gpx = await (await call(`/api/stones/${code}/journey.gpx`)).text();
    expect(gpx).toContain('<name>Stein mit  Zeichen</name>');
  });

  it("sends what the GPX builder makes of the stone's public view, which tests/unit/journey-files.test.ts validates against the GPX 1.1 schema", async () => {
    const { code } = await travelledStone();
    const view = await (await call(`/api/stones/${code}`)).json<StoneView>();
    const gpx = await (await call(`/api/stones/${code}/journey.gpx`)).text();
    expect(gpx).toBe(journeyGpx(view, `${SITE}/${code}`, env.PRODUCT_NAME));
  });

  it('answers 404 for an unknown stone and 400 for a malformed code, in the one error shape', async () => {
    await expectApiError(await call('/api/stones/FFF-FFF-FFF/journey.gpx'), 404, 'STONE_NOT_FOUND');
    await expectApiError(await call('/api/stones/nope/journey.gpx'), 400, 'INVALID_CODE');
  });
});

interface Feature {
  type: string;
  id?: string;
  geometry: { type: string; coordinates: unknown };
  properties: Record<string, unknown> | null;
}

/**
 * The file as the route sent it: check-geojson's checks of its text (structure, positions, duplicate keys;
 * tests/unit/journey-files.test.ts shows they can fail), then RFC 7946's rules for what this file holds: a
 * FeatureCollection of Features with Point or LineString geometry.
 */
async function geoJsonOf(res: Response) {
  const text = await res.text();
  expect(getIssues(text)).toEqual([]);
  const document = JSON.parse(text) as { features: Feature[] };
  expectRfc7946(document);
  return document;
}

function expectRfc7946(document: Record<string, unknown>) {
  expect(document.type).toBe('FeatureCollection');
  // RFC 7946 §4: no coordinate reference system member; WGS 84 longitude, latitude is the only one.
  expect(document).not.toHaveProperty('crs');
  expect(Array.isArray(document.features)).toBe(true);
  const position = (p: unknown) => {
    expect(Array.isArray(p) && p.length === 2 && p.every((n) => typeof n === 'number' && Number.isFinite(n))).toBe(true);
    const [longitude, latitude] = p as [number, number];
    expect(Math.abs(longitude)).toBeLessThanOrEqual(180);
    expect(Math.abs(latitude)).toBeLessThanOrEqual(90);
  };
  for (const feature of document.features as Feature[]) {
    expect(feature.type).toBe('Feature');
    expect(feature.properties === null || typeof feature.properties === 'object').toBe(true);
    if (feature.id !== undefined) expect(typeof feature.id).toBe('string');
    if (feature.geometry.type === 'Point') position(feature.geometry.coordinates);
    else {
      expect(feature.geometry.type).toBe('LineString');
      const line = feature.geometry.coordinates as unknown[];
      // RFC 7946 §3.1.4: two or more positions.
      expect(line.length).toBeGreaterThanOrEqual(2);
      for (const p of line) position(p);
    }
  }
}

describe('GET /api/stones/{code}/journey.geojson', () => {
  it('answers an RFC 7946 FeatureCollection: the route as a LineString and each counted find as a Point with date and place', async () => {
    const { code } = await travelledStone();
    const res = await call(`/api/stones/${code}/journey.geojson`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/geo+json; charset=utf-8');
    expect(res.headers.get('content-disposition')).toBe(`attachment; filename="reisestein-${code}.geojson"`);
    const document = await geoJsonOf(res);
    const [route, ...points] = document.features;
    expect(route?.geometry).toEqual({
      type: 'LineString',
      coordinates: [
        [13.405, 52.52],
        [9.9665, 53.5456],
        [16.44, 43.5],
      ],
    });
    expect(route?.properties).toMatchObject({ kind: 'route', code, title: 'Omas <Reise> & "Stein"', url: `${SITE}/${code}` });
    expect(points.map((p) => [p.geometry.coordinates, p.properties?.date, p.properties?.place])).toEqual([
      [[13.405, 52.52], '2026-06-01T12:00:00.000Z', 'Berlin, Mitte'],
      [[9.9665, 53.5456], '2026-06-05T12:00:00.000Z', 'Hamburg <Hafen> & "Elbe"'],
      [[16.44, 43.5], '2026-06-06T12:00:00.000Z', 'Split'],
    ]);
  });

  it('has no route line for a journey of one stop, and an empty collection for a stone never found', async () => {
    const one = await insertStone({ code: 'B0B-1C2-D3E', findSeq: 1 });
    await insertFind(one.id, { seq: 1, location: 'Bonn', latitude: 50.73, longitude: 7.1 });
    const single = await geoJsonOf(await call(`/api/stones/${one.code}/journey.geojson`));
    expect(single.features.map((f) => f.geometry.type)).toEqual(['Point']);
    const never = await insertStone({ code: 'C0B-1C2-D3E' });
    const empty = await geoJsonOf(await call(`/api/stones/${never.code}/journey.geojson`));
    expect(empty).toEqual({ type: 'FeatureCollection', features: [] });
  });
});
