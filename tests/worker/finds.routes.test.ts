import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { haversineKm, journeyKm } from '../../src/shared/geo';
import type { FindView, StoneView } from '../../src/shared/types';
import {
  BROWSER_VALID_EMAILS,
  call,
  clientAddress,
  countedFinds,
  countRows,
  createStone,
  expectApiError,
  type FindBody,
  postFind,
  postFindADayLater,
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

describe('POST /api/stones/{code}/finds stores a find', () => {
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
    // The finder's address is kept only in the subscription it asks for, never on the find.
    expect(stored).toEqual({ seq: 1, location: 'Brandenburger Tor', ...BERLIN, comment: 'Schön hier', finder_email: null });
    const subscribed = await env.DB.prepare('SELECT email FROM subscriptions').all<{ email: string }>();
    expect(subscribed.results).toEqual([{ email: 'finder@example.org' }]);
  });

  it('needs only a location: comment and e-mail are optional, also when sent empty', async () => {
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

  it('accepts coordinates as numbers or numeric strings, as a geocoder returns them, and parses them as floats', async () => {
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
    { name: '(0,0) as numbers, as the form sends a failed geocode', latitude: 0, longitude: 0 },
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

  it('takes the code in any case and without hyphens', async () => {
    const { code } = await createStone();
    expect((await postFind(code.toLowerCase().replace(/-/g, ''), { location: 'x' })).status).toBe(201);
    expect(await storedFinds(code)).toHaveLength(1);
  });

  it.each(BROWSER_VALID_EMAILS)('takes %s, which the e-mail form field accepts, as the finder e-mail', async (finderEmail) => {
    const { code } = await createStone();
    expect((await postFind(code, { location: 'x', finderEmail })).status).toBe(201);
    const subscribed = await env.DB.prepare('SELECT email FROM subscriptions').all<{ email: string }>();
    expect(subscribed.results).toEqual([{ email: finderEmail }]);
    expect(await storedFinds(code)).toMatchObject([{ finder_email: null }]);
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
    await postFindADayLater(code, { location: 'Berlin', ...BERLIN });
    const body = await (await postFindADayLater(code, { location: 'München', ...MUNICH })).json<AddedFind>();
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
      expect((await postFindADayLater(code, body)).status).toBe(201);
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
    await postFindADayLater(code, { location: 'Berlin', ...BERLIN });
    await postFindADayLater(code, { location: 'Kein Ort' });
    const body = await (await postFindADayLater(code, { location: 'Hamburg', ...HAMBURG })).json<AddedFind>();
    expect(body.totalDistance).toBeCloseTo(haversineKm(BERLIN, HAMBURG), 9);
  });
});

describe('finds logged at the same moment', () => {
  it('100 at once on one stone are all stored, numbered without gaps, and the distance equals a recomputation', async () => {
    const { code } = await createStone();
    await postFindADayLater(code, { location: 'Berlin', ...BERLIN });
    await postFindADayLater(code, { location: 'Hamburg', ...HAMBURG });
    // A day later, 100 finders at once: some without a position, many at the same spot in Munich (one leg of
    // about 600 km from Hamburg, then none), the rest scattered, which is implausible within milliseconds.
    const n = 100;
    const bodies: FindBody[] = Array.from({ length: n }, (_, i) =>
      i % 5 === 4
        ? { location: `Ohne Position ${i}` }
        : i % 2 === 0
          ? { location: `München ${i}`, ...MUNICH }
          : { location: `Ort ${i}`, latitude: 47 + (i % 7) * 0.9, longitude: 6 + ((i * 3) % 11) * 0.8 },
    );
    await env.DB.prepare('UPDATE stones SET last_position_at = last_position_at - 86400000 WHERE code = ?').bind(code).run();
    const responses = await Promise.all(bodies.map((body) => postFind(code, body)));
    expect(responses.map((r) => r.status)).toEqual(Array.from({ length: n }, () => 201));

    const rows = await storedFinds(code);
    expect(rows.map((r) => r.seq)).toEqual(Array.from({ length: n + 2 }, (_, i) => i + 1));
    expect(rows.map((r) => r.location).sort()).toEqual(['Berlin', 'Hamburg', ...bodies.map((b) => String(b.location))].sort());
    const counted = await countedFinds(code);
    const counters = await stoneCounters(code);
    expect(counters?.find_seq).toBe(n + 2);
    expect(counters?.total_distance_km).toBeCloseTo(journeyKm(counted), 6);
    // The first positioned find to be written made a leg from Hamburg a day later, which is plausible.
    expect(counters?.total_distance_km).toBeGreaterThan(haversineKm(BERLIN, HAMBURG) + 100);
    const lastCounted = counted.filter((r) => r.latitude !== null).at(-1);
    expect([counters?.last_latitude, counters?.last_longitude]).toEqual([lastCounted?.latitude, lastCounted?.longitude]);
    // The site totals moved with each find exactly once.
    const totals = await env.DB.prepare('SELECT find_count, total_distance_km FROM site_totals').first<{
      find_count: number;
      total_distance_km: number;
    }>();
    expect(totals?.find_count).toBe(n + 2);
    expect(totals?.total_distance_km).toBeCloseTo(journeyKm(counted), 6);
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
      expect((await stoneCounters(code))?.total_distance_km).toBeCloseTo(journeyKm(await countedFinds(code)), 6);
    }
    const { results } = await env.DB.prepare('SELECT count(*) AS n FROM finds').all<{ n: number }>();
    expect(results[0]?.n).toBe(20);
  });
});

describe('implausible finds are flagged and left out of the distance until accepted', () => {
  const ownerPatch = (adminToken: string, findId: string, body: unknown) =>
    call(`/api/admin/stones/${adminToken}/finds/${findId}`, {
      method: 'PATCH',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
  const ownerFinds = async (adminToken: string) =>
    (
      await (
        await call(`/api/admin/stones/${adminToken}`)
      ).json<{ finds: Array<FindView & { flag: string | null; flagAccepted: boolean }> }>()
    ).finds;

  it('flags a find faster than 1 000 km/h since the previous one, and counts it once the owner accepts it', async () => {
    const { code, adminToken } = await createStone();
    await postFind(code, { location: 'Berlin', ...BERLIN });
    // Berlin to Munich (504 km) in half an hour is about 1 000 km/h and then some.
    await env.DB.prepare('UPDATE stones SET last_position_at = last_position_at - 1800000 WHERE code = ?').bind(code).run();
    const fast = await (await postFind(code, { location: 'München', ...MUNICH })).json<AddedFind>();
    expect(fast.find.pending).toBe(true);
    expect(fast.totalDistance).toBe(0);
    const publicView = await (await call(`/api/stones/${code}`)).json<StoneView>();
    expect(publicView.finds.map((f) => [f.location, f.pending])).toEqual([
      ['Berlin', false],
      ['München', true],
    ]);
    expect(publicView.totalDistance).toBe(0);
    expect((await ownerFinds(adminToken)).map((f) => [f.flag, f.flagAccepted])).toEqual([
      [null, false],
      ['speed', false],
    ]);
    // The next leg starts from Berlin, the last counted position, not from the flagged Munich.
    await env.DB.prepare('UPDATE stones SET last_position_at = last_position_at - 86400000 WHERE code = ?').bind(code).run();
    const next = await (await postFind(code, { location: 'Hamburg', ...HAMBURG })).json<AddedFind>();
    expect(next.totalDistance).toBeCloseTo(haversineKm(BERLIN, HAMBURG), 6);

    expect((await ownerPatch(adminToken, fast.find.id, { accept: true })).status).toBe(200);
    const accepted = await (await call(`/api/stones/${code}`)).json<StoneView>();
    expect(accepted.finds.every((f) => !f.pending)).toBe(true);
    expect(accepted.totalDistance).toBeCloseTo(haversineKm(BERLIN, MUNICH) + haversineKm(MUNICH, HAMBURG), 6);
    const stats = await (await call('/api/statistics')).json<{ totalDistance: number }>();
    expect(stats.totalDistance).toBeCloseTo(accepted.totalDistance, 6);
  });

  it('does not flag the same journey at a plausible speed', async () => {
    const { code } = await createStone();
    await postFind(code, { location: 'Berlin', ...BERLIN });
    // 504 km in 31 minutes is below 1 000 km/h.
    await env.DB.prepare('UPDATE stones SET last_position_at = last_position_at - 1860000 WHERE code = ?').bind(code).run();
    const body = await (await postFind(code, { location: 'München', ...MUNICH })).json<AddedFind>();
    expect(body.find.pending).toBe(false);
    expect(body.totalDistance).toBeCloseTo(haversineKm(BERLIN, MUNICH), 6);
  });

  it('flags the same client logging the same stone again within the hour, and the operator can accept it', async () => {
    const { code, adminToken } = await createStone();
    const me = { 'cf-connecting-ip': clientAddress() };
    await postFind(code, { location: 'Berlin', ...BERLIN }, me);
    await env.DB.prepare('UPDATE stones SET last_position_at = last_position_at - 86400000 WHERE code = ?').bind(code).run();
    const again = await (await postFind(code, { location: 'München', ...MUNICH }, me)).json<AddedFind>();
    expect(again.find.pending).toBe(true);
    expect(again.totalDistance).toBe(0);
    expect((await ownerFinds(adminToken)).map((f) => f.flag)).toEqual([null, 'repeat']);
    // Someone else finding it is no repeat.
    const other = await (await postFind(code, { location: 'Hamburg', ...HAMBURG })).json<AddedFind>();
    expect(other.find.pending).toBe(false);

    // An hour later the same client is welcome again: the cron has forgotten who logged the first find.
    await env.DB.prepare('UPDATE finds SET created_at = created_at - 3600001').run();
    await env.DB.prepare('UPDATE stones SET last_position_at = last_position_at - 86400000 WHERE code = ?').bind(code).run();
    const later = await (await postFind(code, { location: 'Wien', ...VIENNA }, me)).json<AddedFind>();
    expect(later.find.pending).toBe(false);
  });

  it('mails the owner about a flagged find with the reason, and its followers not at all', async () => {
    const { code } = await createStone();
    await env.DB.prepare(
      "INSERT INTO subscriptions (id, stone_id, email, locale, confirmed_at) SELECT 'sub-1', id, 'folgt@example.org', 'de', 1 FROM stones WHERE code = ?",
    )
      .bind(code)
      .run();
    await postFind(code, { location: 'Berlin', ...BERLIN });
    await postFind(code, { location: 'München', ...MUNICH });
    const { results } = await env.DB.prepare(
      "SELECT kind, json_extract(payload, '$.find.location') AS location, json_extract(payload, '$.find.flag') AS flag FROM email_outbox WHERE kind LIKE 'find-%' ORDER BY kind, location",
    ).all<{ kind: string; location: string; flag: string | null }>();
    expect(results).toEqual([
      { kind: 'find-owner', location: 'Berlin', flag: null },
      { kind: 'find-owner', location: 'München', flag: 'speed' },
      { kind: 'find-subscriber', location: 'Berlin', flag: null },
    ]);
  });
});

describe('a find sent again with its Idempotency-Key', () => {
  it('is stored once: the repeat answers 200 with the same find, writes nothing and sends no mail', async () => {
    const { code } = await createStone();
    const key = crypto.randomUUID();
    const first = await postFind(code, { location: 'Berlin', ...BERLIN, comment: 'Am Tor' }, { 'Idempotency-Key': key });
    expect(first.status).toBe(201);
    const firstBody = await first.json<AddedFind>();
    const before = await snapshot();
    const again = await postFind(code, { location: 'Berlin', ...BERLIN, comment: 'Am Tor' }, { 'Idempotency-Key': key });
    expect(again.status).toBe(200);
    expect(await again.json()).toEqual(firstBody);
    expect(await snapshot()).toEqual(before);
  });

  it('is stored once when the same key arrives five times at once', async () => {
    const { code } = await createStone();
    const key = crypto.randomUUID();
    const sends = await Promise.all(
      Array.from({ length: 5 }, () => postFind(code, { location: 'Wald', ...BERLIN }, { 'Idempotency-Key': key })),
    );
    expect(sends.map((r) => r.status).sort()).toEqual([200, 200, 200, 200, 201]);
    const ids = new Set(await Promise.all(sends.map(async (r) => (await r.json<AddedFind>()).find.id)));
    expect(ids.size).toBe(1);
    expect((await storedFinds(code)).length).toBe(1);
    expect(await env.DB.prepare("SELECT count(*) AS n FROM email_outbox WHERE kind = 'find-owner'").first('n')).toBe(1);
  });

  it('keeps keys per stone: the same key on another stone is a find of its own', async () => {
    const a = await createStone();
    const b = await createStone();
    const key = crypto.randomUUID();
    expect((await postFind(a.code, { location: 'A' }, { 'Idempotency-Key': key })).status).toBe(201);
    expect((await postFind(b.code, { location: 'B' }, { 'Idempotency-Key': key })).status).toBe(201);
  });

  it('refuses a key reused for a different find, and a key of the wrong shape, writing nothing', async () => {
    const { code } = await createStone();
    const key = crypto.randomUUID();
    await postFind(code, { location: 'Berlin' }, { 'Idempotency-Key': key });
    const before = await snapshot();
    await expectApiError(await postFind(code, { location: 'Hamburg' }, { 'Idempotency-Key': key }), 422, 'IDEMPOTENCY_KEY_REUSED');
    for (const bad of ['kurz', 'x'.repeat(101), 'mit leerzeichen im schlüssel', '<script>alert(1)</script>'])
      await expectApiError(await postFind(code, { location: 'Hamburg' }, { 'Idempotency-Key': bad }), 400, 'INVALID_IDEMPOTENCY_KEY');
    expect(await snapshot()).toEqual(before);
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
    const res = await postFindADayLater(code, { location: 'Bonn', latitude: 50.7374, longitude: 7.0982, precision });
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
