import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { haversineKm, journeyKm } from '../../src/shared/geo';
import type { FindView, StoneView } from '../../src/shared/types';
import {
  BROWSER_VALID_EMAILS,
  call,
  countRows,
  createStone,
  expectApiError,
  type FindBody,
  postFind,
  snapshot,
  stoneCounters,
  storedFinds,
} from '../support/factory';

interface AddedFind {
  find: FindView;
  totalDistance: number;
  formattedDistance: string;
}

const BERLIN = { latitude: 52.52, longitude: 13.405 };
const MUNICH = { latitude: 48.1351, longitude: 11.582 };
const HAMBURG = { latitude: 53.5511, longitude: 9.9937 };
const VIENNA = { latitude: 48.2082, longitude: 16.3738 };

/** A client's JSON body as sent, e.g. with a repeated key. */
function postRaw(code: string, body: string): Promise<Response> {
  return call(`/api/stones/${code}/finds`, { method: 'POST', headers: { 'content-type': 'application/json' }, body });
}

describe('POST /api/stones/{code}/finds stores a find (§3 find, §5 find, §7)', () => {
  it('answers 201 with the find and the new distance', async () => {
    const { code } = await createStone();
    const res = await postFind(code, {
      location: 'Brandenburger Tor',
      ...BERLIN,
      comment: '  Schön hier  ',
      finderEmail: 'finder@example.org',
    });
    expect(res.status).toBe(201);
    const body = await res.json<AddedFind>();
    expect(body.find).toMatchObject({ location: 'Brandenburger Tor', ...BERLIN, comment: 'Schön hier' });
    expect(body.find).not.toHaveProperty('finderEmail');
    expect(body.totalDistance).toBe(0);
    const [stored] = await storedFinds(code);
    expect(stored).toEqual({ seq: 1, location: 'Brandenburger Tor', ...BERLIN, comment: 'Schön hier', finder_email: 'finder@example.org' });
  });

  it('needs only a location: comment and e-mail are optional, also when sent empty (§5)', async () => {
    const { code } = await createStone();
    expect((await postFind(code, { location: 'Irgendwo' })).status).toBe(201);
    expect((await postFind(code, { location: 'Mit leeren Feldern', comment: '', finderEmail: '' })).status).toBe(201);
    expect(await storedFinds(code)).toEqual([
      { seq: 1, location: 'Irgendwo', latitude: null, longitude: null, comment: '', finder_email: null },
      { seq: 2, location: 'Mit leeren Feldern', latitude: null, longitude: null, comment: '', finder_email: null },
    ]);
  });

  it('keeps unicode and markup in location and comment exactly as sent', async () => {
    const { code } = await createStone();
    const location = 'Kölner Dom 🏰, Domkloster 4 — 50667 Köln';
    const comment = 'Gefunden! 👨‍👩‍👧‍👦 مرحبا שלום 你好 e\u0301 <script>alert(1)</script> \'"\\';
    expect((await postFind(code, { location, comment })).status).toBe(201);
    expect(await storedFinds(code)).toMatchObject([{ location, comment }]);
  });

  it('takes the last of repeated JSON keys, as JSON.parse does', async () => {
    const { code } = await createStone();
    const res = await postRaw(code, '{"location":"Erster","location":"Zweiter","latitude":1,"latitude":2,"longitude":3}');
    expect(res.status).toBe(201);
    expect(await storedFinds(code)).toMatchObject([{ location: 'Zweiter', latitude: 2, longitude: 3 }]);
  });

  it('accepts coordinates as numbers or numeric strings, as a geocoder returns them, and parses them as floats (§3)', async () => {
    const { code } = await createStone();
    expect((await postFind(code, { location: 'A', latitude: 52.52, longitude: 13.405 })).status).toBe(201);
    expect((await postFind(code, { location: 'B', latitude: '48.1351', longitude: ' 11.582 ' })).status).toBe(201);
    expect((await postFind(code, { location: 'C', latitude: '-33.8688', longitude: '151.2093' })).status).toBe(201);
    expect((await postFind(code, { location: 'D', latitude: '4.8e1', longitude: '1.1e1' })).status).toBe(201);
    const rows = await storedFinds(code);
    expect(rows.map((r) => [r.latitude, r.longitude])).toEqual([
      [52.52, 13.405],
      [48.1351, 11.582],
      [-33.8688, 151.2093],
      [48, 11],
    ]);
  });

  it.each([
    { name: '(0,0) as numbers, as the form sends a failed geocode (§5)', latitude: 0, longitude: 0 },
    { name: '(0,0) as strings', latitude: '0', longitude: '0.0' },
    { name: 'null coordinates', latitude: null, longitude: null },
    { name: 'empty coordinates', latitude: '', longitude: '' },
  ])('stores $name as no position', async ({ latitude, longitude }) => {
    const { code } = await createStone();
    const res = await postFind(code, { location: 'Adresse ohne Treffer', latitude, longitude });
    expect(res.status).toBe(201);
    expect((await res.json<AddedFind>()).find).toMatchObject({ latitude: null, longitude: null });
    const [stored] = await storedFinds(code);
    expect([stored?.latitude, stored?.longitude]).toEqual([null, null]);
  });

  it('accepts the edges of the coordinate ranges', async () => {
    const { code } = await createStone();
    expect((await postFind(code, { location: 'Nordpol', latitude: 90, longitude: 180 })).status).toBe(201);
    expect((await postFind(code, { location: 'Südpol', latitude: -90, longitude: -180 })).status).toBe(201);
  });

  it('accepts a comment of exactly 2000 characters', async () => {
    const { code } = await createStone();
    expect((await postFind(code, { location: 'x', comment: 'c'.repeat(2000) })).status).toBe(201);
  });

  it('takes the code in any case and without hyphens (§5)', async () => {
    const { code } = await createStone();
    expect((await postFind(code.toLowerCase().replace(/-/g, ''), { location: 'x' })).status).toBe(201);
    expect(await storedFinds(code)).toHaveLength(1);
  });

  it.each(BROWSER_VALID_EMAILS)('takes %s, which the e-mail form field accepts, as the finder e-mail (§5)', async (finderEmail) => {
    const { code } = await createStone();
    expect((await postFind(code, { location: 'x', finderEmail })).status).toBe(201);
    expect(await storedFinds(code)).toMatchObject([{ finder_email: finderEmail }]);
  });
});

describe('POST /api/stones/{code}/finds refuses invalid finds without writing anything', () => {
  const invalid: Array<{ name: string; body: FindBody; status: number; message?: string }> = [
    { name: 'a missing location', body: {}, status: 400, message: 'Location is required' },
    { name: 'an empty location', body: { location: '   ' }, status: 400, message: 'Location is required' },
    { name: 'a location that is a number', body: { location: 42 }, status: 400, message: 'Location is required' },
    { name: 'a location that is an object', body: { location: { name: 'Berlin' } }, status: 400, message: 'Location is required' },
    { name: 'a location of 301 characters', body: { location: 'x'.repeat(301) }, status: 400, message: 'The location is too long' },
    {
      name: 'a latitude above 90',
      body: { location: 'x', latitude: 90.0001, longitude: 0 },
      status: 400,
      message: 'Latitude must be a number between -90 and 90',
    },
    { name: 'a latitude below -90', body: { location: 'x', latitude: -91, longitude: 0 }, status: 400 },
    {
      name: 'a longitude above 180',
      body: { location: 'x', latitude: 0, longitude: 180.5 },
      status: 400,
      message: 'Longitude must be a number between -180 and 180',
    },
    { name: 'a longitude below -180', body: { location: 'x', latitude: 0, longitude: '-181' }, status: 400 },
    { name: 'a non-numeric latitude', body: { location: 'x', latitude: 'north', longitude: 13 }, status: 400 },
    { name: 'a half-numeric longitude', body: { location: 'x', latitude: 52, longitude: '13abc' }, status: 400 },
    { name: 'an infinite latitude', body: { location: 'x', latitude: 'Infinity', longitude: 13 }, status: 400 },
    { name: 'a hexadecimal latitude', body: { location: 'x', latitude: '0x1A', longitude: 13 }, status: 400 },
    { name: 'a blank latitude with a longitude', body: { location: 'x', latitude: '   ', longitude: 13 }, status: 400 },
    { name: 'a boolean latitude', body: { location: 'x', latitude: true, longitude: 13 }, status: 400 },
    { name: 'a latitude in a list', body: { location: 'x', latitude: [52], longitude: 13 }, status: 400 },
    { name: 'a latitude "NaN"', body: { location: 'x', latitude: 'NaN', longitude: 13 }, status: 400 },
    { name: 'a latitude of 1e2', body: { location: 'x', latitude: '1e2', longitude: 13 }, status: 400 },
    { name: 'a latitude of 1e400', body: { location: 'x', latitude: '1e400', longitude: 13 }, status: 400 },
    {
      name: 'coordinates with a decimal comma',
      body: { location: 'x', latitude: '52,52', longitude: '13,40' },
      status: 400,
      message: 'Latitude must be a number between -90 and 90',
    },
    {
      name: 'only a latitude',
      body: { location: 'x', latitude: 52.5 },
      status: 400,
      message: 'Latitude and longitude must be given together',
    },
    {
      name: 'only a longitude',
      body: { location: 'x', longitude: '13.4' },
      status: 400,
      message: 'Latitude and longitude must be given together',
    },
    { name: 'a latitude with an empty longitude', body: { location: 'x', latitude: 52.5, longitude: '' }, status: 400 },
    {
      name: 'a comment over 2000 characters',
      body: { location: 'x', comment: 'c'.repeat(2001) },
      status: 400,
      message: 'The comment is too long (maximum 2000 characters)',
    },
    {
      name: 'an invalid finder e-mail',
      body: { location: 'x', finderEmail: 'finder-at-example.org' },
      status: 400,
      message: 'Please enter a valid e-mail address',
    },
    {
      name: 'a comment that is an object',
      body: { location: 'x', comment: { text: 'hi' } },
      status: 400,
      message: 'The comment must be text',
    },
    {
      name: 'a finder e-mail of only @',
      body: { location: 'x', finderEmail: '@' },
      status: 400,
      message: 'Please enter a valid e-mail address',
    },
    { name: 'a finder e-mail that is not text', body: { location: 'x', finderEmail: 42 }, status: 400 },
  ];

  it.each(invalid)('answers $status for $name', async ({ body, status, message }) => {
    const { code } = await createStone();
    expect((await postFind(code, { location: 'Erster Fund', ...BERLIN })).status).toBe(201);
    const before = await snapshot();
    const counters = await stoneCounters(code);
    const error = await expectApiError(await postFind(code, body), status, 'VALIDATION_ERROR');
    if (message) expect(error.message).toBe(message);
    expect(error.details).toBeDefined();
    expect(await stoneCounters(code)).toEqual(counters);
    expect(await snapshot()).toEqual(before);
  });

  it('answers 404 STONE_NOT_FOUND for an unknown stone and writes nothing', async () => {
    await createStone();
    const before = await snapshot();
    await expectApiError(await postFind('ABC-123-DEF', { location: 'x', ...BERLIN }), 404, 'STONE_NOT_FOUND');
    expect(await snapshot()).toEqual(before);
    expect(await countRows('finds')).toBe(0);
  });

  it('answers 400 INVALID_CODE for a path that is not a code', async () => {
    await expectApiError(await postFind('ABC-123-XYZ', { location: 'x' }), 400, 'INVALID_CODE');
  });
});

describe('the distance travelled', () => {
  it('measures Berlin to Munich as about 504 km', async () => {
    const { code } = await createStone();
    await postFind(code, { location: 'Berlin', ...BERLIN });
    const body = await (await postFind(code, { location: 'München', ...MUNICH })).json<AddedFind>();
    expect(Math.abs(body.totalDistance - 504)).toBeLessThan(1);
    expect((await stoneCounters(code))?.total_distance_km).toBeCloseTo(body.totalDistance, 9);
  });

  it('skips finds without a position and always equals a recomputation over the finds in order', async () => {
    const { code } = await createStone();
    const sequence: FindBody[] = [
      { location: 'Nur Text' },
      { location: 'Berlin', ...BERLIN },
      { location: 'Unterwegs' },
      { location: 'Geocoder fand nichts', latitude: 0, longitude: 0 },
      { location: 'München', latitude: String(MUNICH.latitude), longitude: String(MUNICH.longitude) },
      { location: 'Hamburg', ...HAMBURG },
      { location: 'Ohne Ort' },
      { location: 'Wien', ...VIENNA },
    ];
    for (const body of sequence) {
      expect((await postFind(code, body)).status).toBe(201);
      const counters = await stoneCounters(code);
      expect(counters?.total_distance_km).toBeCloseTo(journeyKm(await storedFinds(code)), 9);
    }
    const expected = haversineKm(BERLIN, MUNICH) + haversineKm(MUNICH, HAMBURG) + haversineKm(HAMBURG, VIENNA);
    const counters = await stoneCounters(code);
    expect(counters?.find_seq).toBe(sequence.length);
    expect(counters?.total_distance_km).toBeCloseTo(expected, 9);
    expect(counters?.total_distance_km).toBeGreaterThan(504 + 612 + 740);
    expect([counters?.last_latitude, counters?.last_longitude]).toEqual([VIENNA.latitude, VIENNA.longitude]);

    const view = await (await call(`/api/stones/${code}`)).json<StoneView>();
    expect(view.totalDistance).toBeCloseTo(expected, 9);
    expect(view.findCount).toBe(sequence.length);
    expect(view.finds.map((f) => f.location)).toEqual(sequence.map((f) => f.location));
  });

  it('starts the next leg at the newest positioned find, not at a find without one', async () => {
    const { code } = await createStone();
    await postFind(code, { location: 'Berlin', ...BERLIN });
    await postFind(code, { location: 'Kein Ort' });
    const body = await (await postFind(code, { location: 'Hamburg', ...HAMBURG })).json<AddedFind>();
    expect(body.totalDistance).toBeCloseTo(haversineKm(BERLIN, HAMBURG), 9);
  });
});

describe('finds logged at the same moment', () => {
  it('all succeed with gapless sequence numbers and a distance equal to the recomputation', async () => {
    const { code } = await createStone();
    const n = 40;
    const bodies: FindBody[] = Array.from({ length: n }, (_, i) =>
      i % 5 === 4
        ? { location: `Ohne Position ${i}` }
        : { location: `Ort ${i}`, latitude: 47 + (i % 7) * 0.9, longitude: 6 + ((i * 3) % 11) * 0.8 },
    );
    const responses = await Promise.all(bodies.map((body) => postFind(code, body)));
    expect(responses.map((r) => r.status)).toEqual(Array.from({ length: n }, () => 201));

    const rows = await storedFinds(code);
    expect(rows.map((r) => r.seq)).toEqual(Array.from({ length: n }, (_, i) => i + 1));
    expect(rows.map((r) => r.location).sort()).toEqual(bodies.map((b) => String(b.location)).sort());
    const counters = await stoneCounters(code);
    expect(counters?.find_seq).toBe(n);
    expect(counters?.total_distance_km).toBeGreaterThan(0);
    expect(counters?.total_distance_km).toBeCloseTo(journeyKm(rows), 6);
    const lastPositioned = rows.filter((r) => r.latitude !== null).at(-1);
    expect([counters?.last_latitude, counters?.last_longitude]).toEqual([lastPositioned?.latitude, lastPositioned?.longitude]);
  });

  it('keeps each stone’s journey separate when two stones are found at once', async () => {
    const a = await createStone();
    const b = await createStone();
    const posts = Array.from({ length: 10 }, (_, i) => [
      postFind(a.code, { location: `A${i}`, latitude: 50 + i * 0.1, longitude: 8 }),
      postFind(b.code, { location: `B${i}`, latitude: 50, longitude: 8 + i * 0.1 }),
    ]).flat();
    expect((await Promise.all(posts)).every((r) => r.status === 201)).toBe(true);
    for (const { code } of [a, b]) {
      const rows = await storedFinds(code);
      expect(rows.map((r) => r.seq)).toEqual(Array.from({ length: 10 }, (_, i) => i + 1));
      expect((await stoneCounters(code))?.total_distance_km).toBeCloseTo(journeyKm(rows), 6);
    }
    const { results } = await env.DB.prepare('SELECT count(*) AS n FROM finds').all<{ n: number }>();
    expect(results[0]?.n).toBe(20);
  });
});

describe('the precision a finder chooses', () => {
  it.each([
    ['km', 50.74, 7.1],
    ['town', 50.7, 7.1],
    ['exact', 50.7374, 7.0982],
  ])('"%s" stores the position rounded that far, and the distance is measured from it', async (precision, latitude, longitude) => {
    const { code } = await createStone();
    await postFind(code, { location: 'Köln', latitude: 50.9375, longitude: 6.9603 });
    const res = await postFind(code, { location: 'Bonn', latitude: 50.7374, longitude: 7.0982, precision });
    expect(res.status).toBe(201);
    const stone = await (await call(`/api/stones/${code}`)).json<StoneView>();
    expect(stone.finds[1]).toMatchObject({ latitude, longitude });
    expect(stone.totalDistance).toBeCloseTo(haversineKm({ latitude: 50.9375, longitude: 6.9603 }, { latitude, longitude }), 9);
  });

  it('refuses a precision it does not know', async () => {
    const { code } = await createStone();
    const body = await expectApiError(await postFind(code, { location: 'Bonn', precision: 'street' }), 400, 'VALIDATION_ERROR');
    expect(body.details).toEqual({ precision: 'precision must be exact, km or town' });
  });
});
