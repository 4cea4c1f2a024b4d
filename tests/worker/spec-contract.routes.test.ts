/**
 * The API as a client written by someone else sees it: every expectation here comes from the product
 * specification (§3 entities, §5 validation, §7 calls, §8 errors, §9 limits), not from the implementation.
 * Only the calls that are built are covered: reading a stone, free creation, finds, subscriptions,
 * statistics, the owner read, the QR code and photos.
 */
import { describe, expect, it } from 'vitest';
import { call, countRows, createStone, expectApiError, postJson, snapshot } from '../support/factory';

// ---------------------------------------------------------------------------------------------------------------
// The client's view of the data (§3), written from the spec, not imported from the implementation.

/** §1/§3: nine hexadecimal characters in three groups, uppercase. */
const CODE_FORMAT = /^[0-9A-F]{3}-[0-9A-F]{3}-[0-9A-F]{3}$/;
/** Anything that looks like an e-mail address, to prove that none leaks into a public answer. */
const EMAIL_LIKE = /[^\s"@]+@[^\s"@]+\.[a-z]{2,}/i;

const BERLIN = { latitude: 52.52, longitude: 13.405 };
const MUNICH = { latitude: 48.1351, longitude: 11.582 };
/** Great-circle distance Berlin–Munich, about 504 km. */
const BERLIN_MUNICH_KM = 504;

type Json = Record<string, unknown>;

const MB = 1024 * 1024;

function form(fields: Record<string, string | Blob>, repeated: Array<[string, string | Blob]> = []): FormData {
  const data = new FormData();
  for (const [name, value] of Object.entries(fields)) data.append(name, value);
  for (const [name, value] of repeated) data.append(name, value);
  return data;
}

/** §7: the free stone is posted as multipart with exactly these fields (no photo files). */
function freeStoneForm(overrides: Record<string, string> = {}): FormData {
  return form({
    creatorEmail: 'creator@example.org',
    title: 'Omas Gartenstein',
    story: '',
    hasPhotos: 'false',
    hasStory: 'false',
    recaptchaToken: 'token-from-the-browser',
    ...overrides,
  });
}

function postForm(path: string, data: FormData): Promise<Response> {
  return call(path, { method: 'POST', body: data });
}

function rawPost(path: string, body: BodyInit | null, contentType: string | null): Promise<Response> {
  const headers = new Headers();
  if (contentType !== null) headers.set('content-type', contentType);
  return call(path, { method: 'POST', headers, body });
}

/** A 4xx in the one JSON error shape (asserted by the shared helper). */
async function expectClientError(res: Response, allowed: number[] = [400, 404, 405, 411, 413, 415, 422]) {
  expect(allowed, `status ${res.status} for ${res.url}`).toContain(res.status);
  return expectApiError(res, res.status);
}

/** Never a 5xx; under /api a refusal is the one JSON error shape. */
async function expectNoServerError(res: Response, path: string): Promise<void> {
  expect(res.status, `${path} answered ${res.status}`).toBeLessThan(500);
  if (path.startsWith('/api') && res.status >= 400) await expectApiError(res, res.status);
}

/** GET a stone, following a redirect to the canonical code if the API chooses to redirect. */
async function getStone(code: string): Promise<Response> {
  const res = await call(`/api/stones/${code}`, { redirect: 'manual' });
  if (res.status >= 300 && res.status < 400) {
    const location = res.headers.get('location');
    expect(location).toBeTruthy();
    return call(new URL(location ?? '', 'https://reisesteine.test').pathname);
  }
  return res;
}

async function readStone(code: string): Promise<Json> {
  const res = await getStone(code);
  expect(res.status).toBe(200);
  return res.json<Json>();
}

async function statistics(): Promise<Json> {
  const res = await call('/api/statistics');
  expect(res.status).toBe(200);
  return res.json<Json>();
}

function numbersIn(body: Json): number[] {
  return Object.values(body).filter((v): v is number => typeof v === 'number');
}

// ---------------------------------------------------------------------------------------------------------------

describe('POST /api/stones, free stone (§4 free creation, §7 multipart)', () => {
  it('creates the stone from the multipart form and answers with its code and the owner token', async () => {
    const res = await postForm('/api/stones', freeStoneForm());
    expect([200, 201]).toContain(res.status);
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
    const body = await res.json<Json>();
    expect(body.code).toMatch(CODE_FORMAT);
    // §2 success page shows /admin/stone/{adminToken}: the free path can only learn the token from this answer.
    expect(typeof body.adminToken).toBe('string');
    expect((body.adminToken as string).length).toBeGreaterThanOrEqual(16);
    expect(await countRows('stones')).toBe(1);
    const stone = await readStone(body.code as string);
    expect(stone).toMatchObject({ code: body.code, title: 'Omas Gartenstein', hasPhotos: false, hasStory: false });
  });

  it('gives every stone its own code', async () => {
    const codes = new Set<string>();
    for (let i = 0; i < 8; i++) {
      const res = await postForm('/api/stones', freeStoneForm({ title: `Stein ${i}` }));
      codes.add((await res.json<Json>()).code as string);
    }
    expect(codes.size).toBe(8);
  });

  it('accepts a title of exactly 128 characters (§5, §9), also in non-Latin script', async () => {
    for (const title of ['t'.repeat(128), 'ä'.repeat(128), '石'.repeat(128)]) {
      const res = await postForm('/api/stones', freeStoneForm({ title }));
      expect(res.status, title.slice(0, 3)).toBeLessThan(300);
      const { code } = await res.json<Json>();
      expect((await readStone(code as string)).title).toBe(title);
    }
  });

  it('accepts 64 emoji as a title: 128 UTF-16 units, as a browser counter counts them', async () => {
    const title = '🪨'.repeat(64);
    const res = await postForm('/api/stones', freeStoneForm({ title }));
    expect(res.status).toBeLessThan(300);
    expect((await readStone((await res.json<Json>()).code as string)).title).toBe(title);
  });

  it('keeps unicode, markup and quotes in the title exactly as sent', async () => {
    const title = 'Ömas <b>Stein</b> "🌊" & مرحبا שלום e\u0301';
    const res = await postForm('/api/stones', freeStoneForm({ title }));
    expect(res.status).toBeLessThan(300);
    expect((await readStone((await res.json<Json>()).code as string)).title).toBe(title);
  });

  it('answers a JSON body with the same fields like the form (the JSON twin used by the other tests)', async () => {
    const res = await postJson('/api/stones', {
      creatorEmail: 'c@example.org',
      title: 'JSON-Stein',
      story: '',
      hasPhotos: false,
      hasStory: false,
    });
    expect([200, 201]).toContain(res.status);
    expect((await res.json<Json>()).code).toMatch(CODE_FORMAT);
  });

  it('accepts a JSON content type with a charset parameter or in upper case (media types are case-insensitive)', async () => {
    for (const type of ['application/json; charset=utf-8', 'Application/JSON']) {
      const res = await rawPost('/api/stones', JSON.stringify({ creatorEmail: 'c@example.org', title: 'T' }), type);
      expect(res.status, type).toBeLessThan(300);
    }
    expect(await countRows('stones')).toBe(2);
  });

  const refused: Array<{ name: string; fields: Record<string, string> }> = [
    { name: 'a title of 129 characters', fields: { title: 't'.repeat(129) } },
    { name: 'a title of 129 non-Latin characters', fields: { title: '石'.repeat(129) } },
    { name: 'a missing title', fields: { title: '' } },
    { name: 'a title of only spaces', fields: { title: '     ' } },
    { name: 'an empty creator e-mail', fields: { creatorEmail: '' } },
    { name: 'a creator e-mail without @', fields: { creatorEmail: 'creator.example.org' } },
    { name: 'a creator e-mail with two @', fields: { creatorEmail: 'a@b@example.org' } },
    { name: 'a creator e-mail with a space', fields: { creatorEmail: 'crea tor@example.org' } },
    { name: 'a creator e-mail of only @', fields: { creatorEmail: '@' } },
  ];

  it.each(refused)('refuses $name with 400 and writes nothing (§5)', async ({ fields }) => {
    const before = await snapshot();
    await expectApiError(await postForm('/api/stones', freeStoneForm(fields)), 400);
    expect(await snapshot()).toEqual(before);
  });

  it('refuses a form without creatorEmail or title fields at all', async () => {
    const before = await snapshot();
    await expectApiError(await postForm('/api/stones', form({ recaptchaToken: 'x' })), 400);
    await expectApiError(await postForm('/api/stones', form({ title: 'T' })), 400);
    await expectApiError(await postForm('/api/stones', form({ creatorEmail: 'c@example.org' })), 400);
    expect(await snapshot()).toEqual(before);
  });

  it.each<{ name: string; fields: Record<string, string> }>([
    { name: 'a story of 5001 characters', fields: { story: 's'.repeat(5001), hasStory: 'true' } },
    { name: 'a story of 5001 characters without the story flag', fields: { story: 's'.repeat(5001) } },
  ])('refuses $name with a 4xx and writes nothing (§9 story 5000)', async ({ fields }) => {
    const before = await snapshot();
    await expectClientError(await postForm('/api/stones', freeStoneForm(fields)), [400, 402, 413]);
    expect(await snapshot()).toEqual(before);
  });

  it.each<{ name: string; fields: Record<string, string> }>([
    { name: 'the story feature', fields: { story: 'Eine Geschichte', hasStory: 'true' } },
    { name: 'the photo feature', fields: { hasPhotos: 'true' } },
    { name: 'both features', fields: { story: 'x', hasStory: 'true', hasPhotos: 'true' } },
  ])('does not create a premium stone with $name for free (§4, §9 price 5/10 EUR)', async ({ fields }) => {
    const before = await snapshot();
    await expectClientError(await postForm('/api/stones', freeStoneForm(fields)), [400, 402]);
    expect(await snapshot()).toEqual(before);
  });

  it('does not create a stone from a photo file on the free path', async () => {
    const data = freeStoneForm();
    data.append('photos', new File([new Uint8Array([0xff, 0xd8, 0xff, 0xe0])], 'a.jpg', { type: 'image/jpeg' }));
    const before = await snapshot();
    await expectClientError(await postForm('/api/stones', data), [400, 402, 413]);
    expect(await snapshot()).toEqual(before);
  });

  it('does not create a paid stone from a made-up payment (§7 paid path is not built)', async () => {
    const before = await snapshot();
    const res = await postJson('/api/stones', {
      creatorEmail: 'c@example.org',
      title: 'Bezahlt?',
      story: 'Geschichte',
      isPaid: true,
      paymentIntentId: 'pi_made_up',
      features: { photos: false, story: true },
    });
    await expectClientError(res, [400, 402]);
    expect(await snapshot()).toEqual(before);
  });

  it('never answers a 5xx for a repeated title field, and stores one of the sent titles if it accepts', async () => {
    const data = form({ creatorEmail: 'c@example.org' }, [
      ['title', 'Erster'],
      ['title', 'Zweiter'],
    ]);
    const res = await postForm('/api/stones', data);
    expect(res.status).toBeLessThan(500);
    if (res.ok) {
      const stone = await readStone((await res.json<Json>()).code as string);
      expect(['Erster', 'Zweiter']).toContain(stone.title);
    } else {
      await expectApiError(res, res.status);
      expect(await countRows('stones')).toBe(0);
    }
  });
});

// ---------------------------------------------------------------------------------------------------------------

describe('GET /api/stones/{code} (§3 stone, §7 "stone with finds, photos and distance fields")', () => {
  it('answers every field of §3 with the right type and no private data', async () => {
    const { code } = await createStone({ creatorEmail: 'secret-creator@example.org', title: 'Feldstein' });
    expect(
      (
        await postJson(`/api/stones/${code}/finds`, {
          location: 'Berlin',
          ...BERLIN,
          comment: 'Hallo',
          finderEmail: 'secret-finder@example.org',
        })
      ).status,
    ).toBeLessThan(300);
    expect((await postJson(`/api/stones/${code}/notifications`, { email: 'secret-subscriber@example.org' })).status).toBeLessThan(300);

    const res = await getStone(code);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
    const text = await res.text();
    const stone = JSON.parse(text) as Json;

    expect(stone.code).toBe(code);
    expect(stone.title).toBe('Feldstein');
    expect(['string', 'number']).toContain(typeof stone.id);
    expect(stone.story === null || stone.story === undefined || typeof stone.story === 'string').toBe(true);
    expect(typeof stone.hasPhotos).toBe('boolean');
    expect(typeof stone.hasStory).toBe('boolean');
    expect(Array.isArray(stone.photos)).toBe(true);
    expect((stone.photos as unknown[]).length).toBeLessThanOrEqual(5);
    expect(Number.isNaN(new Date(stone.createdAt as string).getTime())).toBe(false);
    expect(typeof stone.qrCodeUrl).toBe('string');
    expect(typeof stone.totalDistance).toBe('number');
    expect(typeof stone.formattedDistance).toBe('string');
    expect(Array.isArray(stone.finds)).toBe(true);

    const [find] = stone.finds as Json[];
    expect(find).toBeDefined();
    expect(['string', 'number']).toContain(typeof find?.id);
    expect(find?.location).toBe('Berlin');
    expect(Number(find?.latitude)).toBeCloseTo(BERLIN.latitude, 9);
    expect(Number(find?.longitude)).toBeCloseTo(BERLIN.longitude, 9);
    expect(find?.comment).toBe('Hallo');
    expect(Number.isNaN(new Date(find?.createdAt as string).getTime())).toBe(false);

    // §3: creatorEmail is visible to the admin only; the owner token is a secret; notifications are seen on the admin read.
    expect(stone).not.toHaveProperty('creatorEmail');
    expect(stone).not.toHaveProperty('adminToken');
    expect(text).not.toMatch(EMAIL_LIKE);
  });

  it('gives a qrCodeUrl that serves the QR code of this stone', async () => {
    const { code } = await createStone();
    const stone = await readStone(code);
    const url = new URL(stone.qrCodeUrl as string, 'https://reisesteine.test');
    const res = await call(url.pathname + url.search);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^image\/svg\+xml/);
    expect(await res.text()).toMatch(/<svg[\s>]/);
  });

  it.each([
    { name: 'lower case', transform: (c: string) => c.toLowerCase() },
    { name: 'mixed case', transform: (c: string) => c.slice(0, 5).toLowerCase() + c.slice(5) },
    { name: 'without hyphens (9 characters, §5 scanned QR)', transform: (c: string) => c.replace(/-/g, '') },
    { name: 'lower case without hyphens', transform: (c: string) => c.replace(/-/g, '').toLowerCase() },
    { name: 'percent-encoded hyphens', transform: (c: string) => c.replace(/-/g, '%2D') },
    {
      name: 'percent-encoded letters',
      transform: (c: string) => [...c].map((ch) => `%${ch.charCodeAt(0).toString(16).toUpperCase()}`).join(''),
    },
  ])('finds the stone by its code in $name', async ({ transform }) => {
    const { code } = await createStone();
    const res = await getStone(transform(code));
    expect(res.status).toBe(200);
    expect((await res.json<Json>()).code).toBe(code);
  });

  it('answers 404 in the error shape for a well-formed code of no stone (§7 "404 means not found")', async () => {
    await createStone();
    await expectApiError(await call('/api/stones/ABC-123-DEF'), 404);
  });

  it.each(['ABC-123-DEG', 'ABC-123', 'ABC-123-DEF-123', 'ABCD-123-DEF', 'GHI-JKL-MNO', 'abc_123_def', '---------', 'ABC 123 DEF', 'Ä'])(
    'refuses "%s", which is not three groups of three hex characters, with 400 (§5 invalid code)',
    async (raw) => {
      await expectApiError(await call(`/api/stones/${encodeURIComponent(raw)}`), 400);
    },
  );

  it('answers HEAD like GET without a body', async () => {
    const { code } = await createStone();
    const res = await call(`/api/stones/${code}`, { method: 'HEAD' });
    expect(res.status).toBe(200);
    expect(await res.text()).toBe('');
  });

  it('shows a new find at once: data never goes stale unless stated (§7)', async () => {
    const { code } = await createStone();
    expect(((await readStone(code)).finds as unknown[]).length).toBe(0);
    await postJson(`/api/stones/${code}/finds`, { location: 'Hier' });
    expect(((await readStone(code)).finds as unknown[]).length).toBe(1);
  });
});

// ---------------------------------------------------------------------------------------------------------------

describe('POST /api/stones/{code}/finds (§3 find, §5 find, §7)', () => {
  it('adds a find with coordinates as numbers', async () => {
    const { code } = await createStone();
    const res = await postJson(`/api/stones/${code}/finds`, {
      location: 'Brandenburger Tor',
      ...BERLIN,
      comment: 'Schön',
      finderEmail: 'f@example.org',
    });
    expect([200, 201]).toContain(res.status);
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
    expect(await countRows('finds')).toBe(1);
  });

  it('parses coordinates given as numeric strings as floats (§3), as a geocoder returns them', async () => {
    const { code } = await createStone();
    const res = await postJson(`/api/stones/${code}/finds`, { location: 'München', latitude: '48.1351', longitude: '11.582' });
    expect(res.status).toBeLessThan(300);
    const [find] = (await readStone(code)).finds as Json[];
    expect(Number(find?.latitude)).toBeCloseTo(48.1351, 9);
    expect(Number(find?.longitude)).toBeCloseTo(11.582, 9);
  });

  it('accepts negative and exponent notation, and the edges of the ranges', async () => {
    const { code } = await createStone();
    for (const [latitude, longitude] of [
      ['-33.8688', '151.2093'],
      ['4.8e1', '1.1e1'],
      [90, 180],
      [-90, -180],
      ['-90', '-180.0'],
    ]) {
      const res = await postJson(`/api/stones/${code}/finds`, { location: 'Rand', latitude, longitude });
      expect(res.status, `${latitude},${longitude}`).toBeLessThan(300);
    }
    expect(await countRows('finds')).toBe(5);
  });

  it('needs only a location (§5: comment and e-mail optional)', async () => {
    const { code } = await createStone();
    expect((await postJson(`/api/stones/${code}/finds`, { location: 'Nur ein Ort' })).status).toBeLessThan(300);
    expect(
      (await postJson(`/api/stones/${code}/finds`, { location: 'Mit leeren Feldern', comment: '', finderEmail: '' })).status,
    ).toBeLessThan(300);
    expect(await countRows('finds')).toBe(2);
  });

  it('accepts the failed-geocode find (§5: address text with latitude and longitude 0) without counting a trip to 0,0', async () => {
    const { code } = await createStone();
    await postJson(`/api/stones/${code}/finds`, { location: 'Berlin', ...BERLIN });
    const res = await postJson(`/api/stones/${code}/finds`, { location: 'Hauptstraße 1, Nirgendwo', latitude: 0, longitude: 0 });
    expect(res.status).toBeLessThan(300);
    await postJson(`/api/stones/${code}/finds`, { location: 'München', ...MUNICH });
    const stone = await readStone(code);
    expect((stone.finds as unknown[]).length).toBe(3);
    expect(Math.abs((stone.totalDistance as number) - BERLIN_MUNICH_KM)).toBeLessThan(2);
  });

  it('keeps unicode in location and comment exactly as sent', async () => {
    const { code } = await createStone();
    const location = 'Kölner Dom 🏰, Domkloster 4 — 50667 Köln';
    const comment = 'Gefunden! 👨‍👩‍👧‍👦 مرحبا שלום 你好 e\u0301 <script>alert(1)</script> \'"\\';
    expect((await postJson(`/api/stones/${code}/finds`, { location, comment })).status).toBeLessThan(300);
    const [find] = (await readStone(code)).finds as Json[];
    expect(find?.location).toBe(location);
    expect(find?.comment).toBe(comment);
  });

  it('takes the code in any case and without hyphens (§5)', async () => {
    const { code } = await createStone();
    for (const variant of [code.toLowerCase(), code.replace(/-/g, ''), code.replace(/-/g, '').toLowerCase()]) {
      const res = await postJson(`/api/stones/${variant}/finds`, { location: variant });
      expect(res.status, variant).toBeLessThan(300);
    }
    expect(((await readStone(code)).finds as unknown[]).length).toBe(3);
  });

  it('measures Berlin to Munich as about 504 km and shows it in the stone and the statistics', async () => {
    const { code } = await createStone();
    await postJson(`/api/stones/${code}/finds`, { location: 'Berlin', ...BERLIN });
    await postJson(`/api/stones/${code}/finds`, {
      location: 'München',
      latitude: String(MUNICH.latitude),
      longitude: String(MUNICH.longitude),
    });
    const stone = await readStone(code);
    expect(Math.abs((stone.totalDistance as number) - BERLIN_MUNICH_KM)).toBeLessThan(2);
    expect(stone.formattedDistance).toMatch(/50[345]/);
    expect(Math.abs(((await statistics()).totalDistance as number) - BERLIN_MUNICH_KM)).toBeLessThan(2);
  });

  const invalid: Array<{ name: string; body: unknown }> = [
    { name: 'no location', body: { ...BERLIN } },
    { name: 'an empty location', body: { location: '', ...BERLIN } },
    { name: 'a location of only whitespace', body: { location: ' \t\n ', ...BERLIN } },
    { name: 'a location that is a number', body: { location: 42 } },
    { name: 'a location that is null', body: { location: null } },
    { name: 'a location that is an object', body: { location: { name: 'Berlin' } } },
    { name: 'a location that is an array', body: { location: ['Berlin'] } },
    { name: 'a latitude of 90.5', body: { location: 'x', latitude: 90.5, longitude: 0 } },
    { name: 'a latitude of -91', body: { location: 'x', latitude: '-91', longitude: 0 } },
    { name: 'a longitude of 180.01', body: { location: 'x', latitude: 0, longitude: 180.01 } },
    { name: 'a longitude of -200', body: { location: 'x', latitude: 1, longitude: '-200' } },
    { name: 'a latitude of 1e2', body: { location: 'x', latitude: '1e2', longitude: 1 } },
    { name: 'a latitude of 1e400', body: { location: 'x', latitude: '1e400', longitude: 1 } },
    { name: 'a latitude "NaN"', body: { location: 'x', latitude: 'NaN', longitude: 1 } },
    { name: 'a latitude "Infinity"', body: { location: 'x', latitude: 'Infinity', longitude: 1 } },
    { name: 'a latitude "-Infinity"', body: { location: 'x', latitude: '-Infinity', longitude: 1 } },
    { name: 'a latitude "north"', body: { location: 'x', latitude: 'north', longitude: 1 } },
    { name: 'a latitude that is an object', body: { location: 'x', latitude: { value: 52 }, longitude: 1 } },
    { name: 'a latitude that is an array', body: { location: 'x', latitude: [52], longitude: 1 } },
    { name: 'a latitude that is a boolean', body: { location: 'x', latitude: true, longitude: 1 } },
    { name: 'a comment that is an object', body: { location: 'x', comment: { text: 'hi' } } },
    { name: 'a finder e-mail that is a number', body: { location: 'x', finderEmail: 42 } },
  ];

  it.each(invalid)('refuses $name with 400 and writes nothing', async ({ body }) => {
    const { code } = await createStone();
    const before = await snapshot();
    await expectApiError(await postJson(`/api/stones/${code}/finds`, body), 400);
    expect(await snapshot()).toEqual(before);
  });

  it('refuses a finder e-mail without @ (an e-mail field, like the subscription, must contain "@")', async () => {
    const { code } = await createStone();
    const before = await snapshot();
    await expectApiError(await postJson(`/api/stones/${code}/finds`, { location: 'x', finderEmail: 'finder.example.org' }), 400);
    expect(await snapshot()).toEqual(before);
  });

  it('answers 404 for a well-formed code of no stone and writes nothing', async () => {
    await createStone();
    const before = await snapshot();
    await expectApiError(await postJson('/api/stones/FED-CBA-987/finds', { location: 'x' }), 404);
    expect(await snapshot()).toEqual(before);
  });

  it('answers 400 for a path that is not a code and writes nothing', async () => {
    await createStone();
    const before = await snapshot();
    await expectApiError(await postJson('/api/stones/XYZ-123-DEF/finds', { location: 'x' }), 400);
    expect(await snapshot()).toEqual(before);
  });

  it('never answers a 5xx for a very long comment, and refuses it without writing or keeps it whole', async () => {
    const { code } = await createStone();
    const comment = 'Ein langer Kommentar 🪨 '.repeat(1500);
    const res = await postJson(`/api/stones/${code}/finds`, { location: 'x', comment });
    expect(res.status).toBeLessThan(500);
    if (res.ok) {
      expect(((await readStone(code)).finds as Json[])[0]?.comment).toBe(comment.trim());
    } else {
      await expectApiError(res, res.status);
      expect(await countRows('finds')).toBe(0);
    }
  });

  it('takes the last of duplicated JSON keys, as JSON.parse does, and never answers a 5xx', async () => {
    const { code } = await createStone();
    const res = await rawPost(
      `/api/stones/${code}/finds`,
      '{"location":"Erster","location":"Zweiter","latitude":1,"latitude":2,"longitude":3}',
      'application/json',
    );
    expect(res.status).toBeLessThan(300);
    const [find] = (await readStone(code)).finds as Json[];
    expect(find?.location).toBe('Zweiter');
    expect(Number(find?.latitude)).toBe(2);
  });
});

// ---------------------------------------------------------------------------------------------------------------

describe('POST /api/stones/{code}/notifications (§5 subscription, §7)', () => {
  it('subscribes an e-mail', async () => {
    const { code } = await createStone();
    const res = await postJson(`/api/stones/${code}/notifications`, { email: 'fan@example.org' });
    expect([200, 201]).toContain(res.status);
    expect(await countRows('subscriptions')).toBe(1);
  });

  it('accepts plus addressing and an upper-case address', async () => {
    const { code } = await createStone();
    for (const email of ['fan+stein@example.org', 'FAN@EXAMPLE.ORG']) {
      expect((await postJson(`/api/stones/${code}/notifications`, { email })).status, email).toBeLessThan(300);
    }
  });

  it('does not subscribe the same e-mail twice to one stone (one e-mail per find, not two)', async () => {
    const { code } = await createStone();
    const first = await postJson(`/api/stones/${code}/notifications`, { email: 'fan@example.org' });
    expect(first.status).toBeLessThan(300);
    const second = await postJson(`/api/stones/${code}/notifications`, { email: 'fan@example.org' });
    expect(second.status).toBeLessThan(500);
    if (!second.ok) await expectApiError(second, second.status);
    expect(await countRows('subscriptions')).toBe(1);
  });

  it('keeps one subscription, and never answers a 5xx, when the same e-mail subscribes ten times at once', async () => {
    const { code } = await createStone();
    const responses = await Promise.all(
      Array.from({ length: 10 }, () => postJson(`/api/stones/${code}/notifications`, { email: 'fan@example.org' })),
    );
    for (const res of responses) {
      expect(res.status).toBeLessThan(500);
      if (!res.ok) await expectApiError(res, res.status);
    }
    expect(responses.some((r) => r.ok)).toBe(true);
    expect(await countRows('subscriptions')).toBe(1);
  });

  it.each([
    { name: 'no e-mail', body: {} },
    { name: 'an empty e-mail', body: { email: '' } },
    { name: 'an e-mail of spaces', body: { email: '   ' } },
    { name: 'an e-mail without @', body: { email: 'fan.example.org' } },
    { name: 'an e-mail that is a number', body: { email: 12345 } },
    { name: 'an e-mail that is null', body: { email: null } },
    { name: 'an e-mail that is a list', body: { email: ['fan@example.org'] } },
    { name: 'an e-mail that is an object', body: { email: { address: 'fan@example.org' } } },
    { name: 'the field under another name', body: { mail: 'fan@example.org' } },
  ])('refuses $name with 400 and writes nothing', async ({ body }) => {
    const { code } = await createStone();
    const before = await snapshot();
    await expectApiError(await postJson(`/api/stones/${code}/notifications`, body), 400);
    expect(await snapshot()).toEqual(before);
  });

  it('answers 404 for an unknown stone and 400 for a non-code, writing nothing', async () => {
    await createStone();
    const before = await snapshot();
    await expectApiError(await postJson('/api/stones/FED-CBA-987/notifications', { email: 'fan@example.org' }), 404);
    await expectApiError(await postJson('/api/stones/not-a-code/notifications', { email: 'fan@example.org' }), 400);
    expect(await snapshot()).toEqual(before);
  });

  it('takes the code in lower case', async () => {
    const { code } = await createStone();
    expect((await postJson(`/api/stones/${code.toLowerCase()}/notifications`, { email: 'fan@example.org' })).status).toBeLessThan(300);
    expect(await countRows('subscriptions')).toBe(1);
  });
});

// ---------------------------------------------------------------------------------------------------------------

/**
 * Addresses an `<input type="email">` accepts (the HTML "valid e-mail address": ASCII, apostrophes allowed in the
 * local part, IDN domains in their xn-- form). §5 asks only for an e-mail type with "@", so the API must take them.
 */
const browserValidEmails = ["o'brien@example.org", 'fan@xn--mller-kva.de', 'fan@example.xn--p1ai', 'first.last+tag@sub.example.co.uk'];

describe.each(browserValidEmails)('an address the e-mail form field accepts: %s', (email) => {
  it('is taken for a subscription', async () => {
    const { code } = await createStone();
    expect((await postJson(`/api/stones/${code}/notifications`, { email })).status).toBeLessThan(300);
    expect(await countRows('subscriptions')).toBe(1);
  });

  it('is taken as the creator e-mail', async () => {
    const res = await postForm('/api/stones', freeStoneForm({ creatorEmail: email }));
    expect(res.status).toBeLessThan(300);
    expect(await countRows('stones')).toBe(1);
  });

  it('is taken as the finder e-mail', async () => {
    const { code } = await createStone();
    expect((await postJson(`/api/stones/${code}/finds`, { location: 'x', finderEmail: email })).status).toBeLessThan(300);
    expect(await countRows('finds')).toBe(1);
  });
});

// ---------------------------------------------------------------------------------------------------------------

describe('GET /api/statistics (§3 statistics, §7)', () => {
  it('answers totalDistance 0 for an empty site', async () => {
    const body = await statistics();
    expect(body.totalDistance).toBe(0);
  });

  it('counts stones and finds as numbers next to totalDistance (§3 "counts of stones and finds")', async () => {
    const a = await createStone();
    await createStone();
    for (const body of [{ location: 'Berlin', ...BERLIN }, { location: 'München', ...MUNICH }, { location: 'Ohne Ort' }]) {
      expect((await postJson(`/api/stones/${a.code}/finds`, body)).status).toBeLessThan(300);
    }
    const body = await statistics();
    expect(typeof body.totalDistance).toBe('number');
    const numbers = numbersIn(body);
    expect(numbers).toContain(2);
    expect(numbers).toContain(3);
    expect(Math.abs((body.totalDistance as number) - BERLIN_MUNICH_KM)).toBeLessThan(2);
  });

  it('answers HEAD with 200 and no body', async () => {
    const res = await call('/api/statistics', { method: 'HEAD' });
    expect(res.status).toBe(200);
    expect(await res.text()).toBe('');
  });
});

// ---------------------------------------------------------------------------------------------------------------

describe('GET /api/admin/stones/{adminToken} (§2 owner page, §6 owner, §7)', () => {
  it('answers the stone with what the owner page shows: code, title, creator e-mail, created date, finds, notifications', async () => {
    const { code, adminToken } = await createStone({ creatorEmail: 'owner@example.org', title: 'Mein Stein' });
    await postJson(`/api/stones/${code}/finds`, { location: 'Berlin', ...BERLIN });
    await postJson(`/api/stones/${code}/notifications`, { email: 'fan@example.org' });
    const res = await call(`/api/admin/stones/${adminToken}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
    const stone = await res.json<Json>();
    expect(stone).toMatchObject({ code, title: 'Mein Stein', creatorEmail: 'owner@example.org', hasPhotos: false, hasStory: false });
    expect(Number.isNaN(new Date(stone.createdAt as string).getTime())).toBe(false);
    expect(Array.isArray(stone.photos)).toBe(true);
    expect(Array.isArray(stone.finds)).toBe(true);
    expect((stone.finds as unknown[]).length).toBe(1);
    // §3 "notifications (list, seen on the admin read)"; §2 statistics card shows their number.
    expect(Array.isArray(stone.notifications)).toBe(true);
    expect((stone.notifications as unknown[]).length).toBe(1);
  });

  const tamperings: Array<{ name: string; token: (token: string, code: string) => string }> = [
    { name: 'a made-up token', token: () => 'x'.repeat(43) },
    { name: 'the token with its last character changed', token: (t) => t.slice(0, -1) + (t.endsWith('A') ? 'B' : 'A') },
    { name: 'the token in upper case', token: (t) => t.toUpperCase() },
    { name: 'the token cut short', token: (t) => t.slice(0, 10) },
    { name: 'the token twice', token: (t) => t + t },
    { name: 'the stone code', token: (_token, code) => code },
    { name: 'a 4000-character token', token: () => 'a'.repeat(4000) },
    { name: 'a unicode token', token: () => encodeURIComponent('🔑🔑🔑') },
    { name: 'a token of percent-encoded NULs', token: () => '%00%00%00' },
    { name: 'a SQL wildcard', token: () => '%25' },
    { name: 'a quote', token: () => "'%20OR%20'1'='1" },
  ];

  it.each(tamperings)('answers 404 for $name (§7 "404 means not found or invalid token")', async ({ token }) => {
    const { adminToken, code } = await createStone();
    const tampered = token(adminToken, code);
    if (tampered === adminToken) return;
    const res = await call(`/api/admin/stones/${tampered}`);
    await expectApiError(res, 404);
  });

  it('does not let an owner token delete the stone through the operator delete route (§6: Bearer only)', async () => {
    const { code, adminToken } = await createStone();
    const res = await call(`/api/admin/stones/${adminToken}`, { method: 'DELETE' });
    expect(res.status).toBeGreaterThanOrEqual(400);
    expect(res.status).toBeLessThan(500);
    await expectApiError(res, res.status);
    expect((await getStone(code)).status).toBe(200);
  });
});

// ---------------------------------------------------------------------------------------------------------------

describe('GET /api/stones/{code}/qr.svg', () => {
  it('answers an SVG for the stone, in any case of the code', async () => {
    const { code } = await createStone();
    for (const variant of [code, code.toLowerCase()]) {
      let res = await call(`/api/stones/${variant}/qr.svg`, { redirect: 'manual' });
      if (res.status >= 300 && res.status < 400)
        res = await call(new URL(res.headers.get('location') ?? '', 'https://reisesteine.test').pathname);
      expect(res.status, variant).toBe(200);
      expect(res.headers.get('content-type')).toMatch(/^image\/svg\+xml/);
      const svg = await res.text();
      expect(svg).toMatch(/<svg[\s>]/);
      expect(svg).not.toMatch(/<script/i);
    }
  });

  it('answers a 4xx in the error shape for a non-code', async () => {
    await expectClientError(await call('/api/stones/not-a-code/qr.svg'), [400, 404]);
  });

  it('answers HEAD with the SVG type and no body', async () => {
    const { code } = await createStone();
    const res = await call(`/api/stones/${code}/qr.svg`, { method: 'HEAD' });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^image\/svg\+xml/);
    expect(await res.text()).toBe('');
  });
});

// ---------------------------------------------------------------------------------------------------------------

describe('GET /photos/{key}', () => {
  it.each([
    'does-not-exist.jpg',
    'stones/ABC-123-DEF/0.jpg',
    '..%2F..%2Fwrangler.toml',
    '%2e%2e/%2e%2e/etc/passwd',
    '%00',
    '%ZZ',
    '%E0%A4%A',
    'x'.repeat(5000),
    encodeURIComponent('🪨 stein.png'),
    'a/b/c/d/e/f/g/h/i/j/k',
  ])('answers 404, never a 5xx, for a photo key "%s" that does not exist', async (key) => {
    const res = await call(`/photos/${key}`);
    expect(res.status).toBe(404);
  });

  it('refuses writes to /photos without a 5xx', async () => {
    for (const method of ['PUT', 'POST', 'DELETE']) {
      const res = await call('/photos/new.jpg', {
        method,
        headers: { 'content-type': 'image/jpeg' },
        body: method === 'DELETE' ? null : new Uint8Array([1, 2, 3]),
      });
      expect(res.status, method).toBeGreaterThanOrEqual(400);
      expect(res.status, method).toBeLessThan(500);
    }
  });
});

// ---------------------------------------------------------------------------------------------------------------

describe('methods the spec does not list are refused in the error shape and change nothing', () => {
  const routes = [
    { path: (c: string) => `/api/stones/${c}`, methods: ['PUT', 'DELETE', 'PATCH', 'POST'] },
    { path: () => '/api/stones', methods: ['GET', 'PUT', 'DELETE', 'PATCH'] },
    { path: (c: string) => `/api/stones/${c}/finds`, methods: ['PUT', 'DELETE', 'PATCH'] },
    { path: (c: string) => `/api/stones/${c}/notifications`, methods: ['PUT', 'DELETE', 'PATCH'] },
    { path: () => '/api/statistics', methods: ['POST', 'PUT', 'DELETE', 'PATCH'] },
    { path: (c: string) => `/api/stones/${c}/qr.svg`, methods: ['POST', 'PUT', 'DELETE'] },
  ];
  const cases = routes.flatMap((r) => r.methods.map((method) => ({ method, route: r, label: `${method} ${r.path('{code}')}` })));

  it.each(cases)('$label', async ({ method, route }) => {
    const { code } = await createStone();
    await postJson(`/api/stones/${code}/finds`, { location: 'Berlin', ...BERLIN });
    const before = await snapshot();
    const res = await call(route.path(code), {
      method,
      headers: { 'content-type': 'application/json' },
      body: method === 'GET' ? null : JSON.stringify({ location: 'x', email: 'a@example.org', title: 'x', creatorEmail: 'a@example.org' }),
    });
    await expectClientError(res, [400, 404, 405]);
    expect(await snapshot()).toEqual(before);
  });

  it.each([
    '/api/stones/ABC-123-DEF',
    '/api/stones',
    '/api/stones/ABC-123-DEF/finds',
    '/api/stones/ABC-123-DEF/notifications',
    '/api/statistics',
    '/api/admin/stones/x',
    '/photos/x.jpg',
  ])('answers OPTIONS %s without a 5xx', async (path) => {
    const res = await call(path, {
      method: 'OPTIONS',
      headers: { origin: 'https://evil.example', 'access-control-request-method': 'POST' },
    });
    await expectNoServerError(res, path);
    // A foreign origin must not be allowed to send credentials (§7: calls include cookies).
    expect(res.headers.get('access-control-allow-origin')).not.toBe('https://evil.example');
  });

  it('answers an unknown method without a 5xx', async () => {
    const res = await call('/api/stones/ABC-123-DEF', { method: 'PROPFIND' });
    await expectNoServerError(res, '/api/stones/ABC-123-DEF');
    expect(res.status).toBeGreaterThanOrEqual(400);
  });
});

// ---------------------------------------------------------------------------------------------------------------

describe('odd request headers never give a 5xx', () => {
  it.each([
    '*',
    'de',
    'en-US,en;q=0.9',
    'de-DE-u-nu-arab',
    'ar-EG',
    'zz-INVALID-@@',
    'x'.repeat(5000),
    'de;q=abc, en;q=-1, *;q=2',
    ',,,;;;',
    'i-klingon',
    `de-DE-x-${'a'.repeat(200)}`,
  ])('GET a stone and the statistics with Accept-Language "%s"', async (language) => {
    const { code } = await createStone();
    for (const path of [`/api/stones/${code}`, '/api/statistics', `/api/admin/stones/x`]) {
      const res = await call(path, { headers: { 'accept-language': language } });
      await expectNoServerError(res, path);
    }
    const stone = await readStone(code);
    expect(typeof stone.formattedDistance).toBe('string');
  });

  it.each(['gzip', 'br', 'deflate', 'identity, gzip', 'bogus'])(
    'refuses or reads a JSON find sent with Content-Encoding %s, never a 5xx',
    async (encoding) => {
      const { code } = await createStone();
      const before = await snapshot();
      const res = await call(`/api/stones/${code}/finds`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'content-encoding': encoding },
        body: '{"location":"x"}',
      });
      expect(res.status).toBeLessThan(500);
      if (!res.ok) {
        await expectApiError(res, res.status);
        expect(await snapshot()).toEqual(before);
      }
    },
  );
});

// ---------------------------------------------------------------------------------------------------------------

describe('odd paths never give a 5xx', () => {
  const paths = [
    '/api/stones/%',
    '/api/stones/%ZZ',
    '/api/stones/%E0%A4%A',
    '/api/stones/%C0%AF',
    '/api/stones/%FF%FE',
    '/api/stones/ABC-123-DEF%00',
    '/api/stones/ABC-123-DEF%0A',
    '/api/stones/ABC-123-DEF%20',
    '/api/stones/%20ABC-123-DEF',
    '/api/stones/ABC-123-DEF%2Ffinds',
    '/api/stones/..%2F..%2Fstatistics',
    '/api/stones/../statistics',
    '/api/stones//finds',
    '/api/stones/ABC-123-DEF/',
    '/api/stones/ABC-123-DEF/finds/',
    '/api/stones/ABC-123-DEF/qr.svg',
    '/api/stones/ABC-123-DEF/qr.svg/extra',
    '/api/stones/ABC-123-DEF/qr.png',
    '/api/stones/ABC-123-DEF;jsessionid=1',
    '/api//stones/ABC-123-DEF',
    `/api/stones/${'A'.repeat(10_000)}`,
    `/api/stones/${'%41'.repeat(3_000)}`,
    '/api/stones/😀',
    '/api/stones/%F0%9F%98%80',
    '/api/stones/ABC-123-DEF?x=%ZZ&&&=&y',
    '/api/stones/ABC-123-DEF?__proto__[x]=1',
    '/api/statistics?%ZZ',
    '/api/admin/stones/',
    '/api/admin/stones/%ZZ',
    '/api/admin/stones/%00',
    '/api/admin/stones/../../stones/ABC-123-DEF',
    '/API/STONES/ABC-123-DEF',
    '/api/nope',
    '/api',
    '/api/',
  ];

  it.each(paths)('GET %s', async (path) => {
    await createStone();
    const res = await call(path);
    await expectNoServerError(res, path);
  });

  it.each(paths.filter((p) => !p.includes('?')).map((p) => `${p}/finds`))('POST %s writes nothing and never gives a 5xx', async (path) => {
    await createStone();
    const before = await snapshot();
    const res = await postJson(path, { location: 'x' });
    await expectNoServerError(res, path);
    expect(await snapshot()).toEqual(before);
  });
});

// ---------------------------------------------------------------------------------------------------------------

/** Hostile bodies no write call of §7 can accept. */
const hostile: Array<{ name: string; body: () => BodyInit | null; type: string | null }> = [
  { name: 'an empty body', body: () => '', type: 'application/json' },
  { name: 'no body at all', body: () => null, type: 'application/json' },
  { name: 'whitespace only', body: () => '   \n\t ', type: 'application/json' },
  { name: 'malformed JSON', body: () => '{"location": "x", ', type: 'application/json' },
  { name: 'single-quoted JSON', body: () => "{'location': 'x', 'email': 'a@example.org'}", type: 'application/json' },
  { name: 'JSON null', body: () => 'null', type: 'application/json' },
  { name: 'a JSON array', body: () => '[]', type: 'application/json' },
  {
    name: 'a JSON array of a valid object',
    body: () => '[{"location":"x","email":"a@example.org","creatorEmail":"a@example.org","title":"T"}]',
    type: 'application/json',
  },
  { name: 'a JSON string', body: () => '"location"', type: 'application/json' },
  { name: 'a JSON number', body: () => '1', type: 'application/json' },
  { name: 'JSON false', body: () => 'false', type: 'application/json' },
  { name: 'an empty object', body: () => '{}', type: 'application/json' },
  { name: 'NaN as a JSON value', body: () => '{"location":NaN,"email":NaN,"title":NaN}', type: 'application/json' },
  { name: 'a JS comment in JSON', body: () => '{/* c */"location":"x"', type: 'application/json' },
  { name: 'JSON nested 50,000 levels', body: () => '['.repeat(50_000) + ']'.repeat(50_000), type: 'application/json' },
  { name: 'objects nested 20,000 levels', body: () => `${'{"a":'.repeat(20_000)}1${'}'.repeat(20_000)}`, type: 'application/json' },
  {
    name: 'a 3 MB JSON body',
    body: () =>
      JSON.stringify({
        creatorEmail: 'a@example.org',
        location: 'x'.repeat(3 * MB),
        email: `${'a'.repeat(3 * MB)}@example.org`,
        title: 'x'.repeat(3 * MB),
      }),
    type: 'application/json',
  },
  { name: 'a 12 MB body of spaces', body: () => ' '.repeat(12 * MB), type: 'application/json' },
  {
    name: 'valid JSON sent as text/plain',
    body: () => '{"location":"x","email":"a@example.org","creatorEmail":"a@example.org","title":"T"}',
    type: 'text/plain',
  },
  {
    name: 'valid JSON sent as text/html',
    body: () => '{"location":"x","email":"a@example.org","creatorEmail":"a@example.org","title":"T"}',
    type: 'text/html',
  },
  { name: 'XML', body: () => '<stone><title>T</title></stone>', type: 'application/xml' },
  {
    name: 'binary garbage',
    body: () => new Uint8Array(Array.from({ length: 4096 }, (_, i) => (i * 7919) % 256)),
    type: 'application/octet-stream',
  },
  {
    name: 'binary garbage labelled JSON',
    body: () => new Uint8Array(Array.from({ length: 4096 }, (_, i) => (i * 7919) % 256)),
    type: 'application/json',
  },
  {
    name: 'multipart without a boundary',
    body: () => '--b\r\nContent-Disposition: form-data; name="x"\r\n\r\ny\r\n--b--',
    type: 'multipart/form-data',
  },
  {
    name: 'multipart with a wrong boundary',
    body: () => '--a\r\nContent-Disposition: form-data; name="email"\r\n\r\na@example.org\r\n--a--',
    type: 'multipart/form-data; boundary=zzz',
  },
  {
    name: 'truncated multipart',
    body: () => '--b\r\nContent-Disposition: form-data; name="email"\r\n\r\na@exa',
    type: 'multipart/form-data; boundary=b',
  },
  { name: 'a content type that is garbage', body: () => '{}', type: ';;;===' },
];

const writeRoutes = [
  { name: 'POST /api/stones', path: () => '/api/stones' },
  { name: 'POST /api/stones/{code}/finds', path: (c: string) => `/api/stones/${c}/finds` },
  { name: 'POST /api/stones/{code}/notifications', path: (c: string) => `/api/stones/${c}/notifications` },
];

describe.each(writeRoutes)('$name refuses hostile bodies with a 4xx in the error shape and writes nothing', (route) => {
  it.each(hostile)('$name', async ({ body, type }) => {
    const { code } = await createStone();
    const before = await snapshot();
    await expectClientError(await rawPost(route.path(code), body(), type));
    expect(await snapshot()).toEqual(before);
  });
});

/** Strange but possibly valid field values: any answer below 500 is fine, a refusal writes nothing. */
const strange: Array<{ name: string; route: 'stones' | 'finds' | 'notifications'; body: Json }> = [
  { name: 'a NUL byte in the title', route: 'stones', body: { creatorEmail: 'a@example.org', title: 'Stein\u0000Name' } },
  { name: 'a lone surrogate in the title', route: 'stones', body: { creatorEmail: 'a@example.org', title: 'Stein \ud800' } },
  { name: 'control characters in the title', route: 'stones', body: { creatorEmail: 'a@example.org', title: '\u0001\u0002\u001b[31mrot' } },
  { name: 'a zero-width title', route: 'stones', body: { creatorEmail: 'a@example.org', title: '\u200b\u200b' } },
  { name: 'a 255-character e-mail', route: 'stones', body: { creatorEmail: `${'a'.repeat(64)}@${'b'.repeat(180)}.example`, title: 'T' } },
  { name: 'an IDN e-mail', route: 'stones', body: { creatorEmail: 'ö@bücher.de', title: 'T' } },
  {
    name: 'extra unknown fields',
    route: 'stones',
    body: { creatorEmail: 'a@example.org', title: 'T', id: 'x', code: 'AAA-AAA-AAA', adminToken: 'mine' },
  },
  {
    name: '__proto__ next to valid fields',
    route: 'stones',
    body: JSON.parse('{"creatorEmail":"a@example.org","title":"T","__proto__":{"hasStory":true}}') as Json,
  },
  { name: 'a NUL byte in the location', route: 'finds', body: { location: 'Ort\u0000Name' } },
  { name: 'a lone surrogate in the comment', route: 'finds', body: { location: 'x', comment: '\udfff' } },
  { name: 'a 60,000-character location', route: 'finds', body: { location: 'Ort '.repeat(15_000) } },
  { name: 'a German decimal comma', route: 'finds', body: { location: 'x', latitude: '52,52', longitude: '13,40' } },
  { name: 'a half-numeric coordinate', route: 'finds', body: { location: 'x', latitude: '52.5abc', longitude: '13' } },
  { name: 'coordinates that are null', route: 'finds', body: { location: 'x', latitude: null, longitude: null } },
  { name: 'coordinates that are empty strings', route: 'finds', body: { location: 'x', latitude: '', longitude: '' } },
  { name: 'a latitude of -0', route: 'finds', body: { location: 'x', latitude: -0, longitude: 5 } },
  { name: 'a tiny subnormal latitude', route: 'finds', body: { location: 'x', latitude: 5e-324, longitude: 5e-324 } },
  {
    name: 'a coordinate with 40 decimals',
    route: 'finds',
    body: { location: 'x', latitude: '52.5200000000000000000000000000000000000001', longitude: '13.4' },
  },
  { name: 'a finder e-mail that is only @', route: 'finds', body: { location: 'x', finderEmail: '@' } },
  { name: 'a comment of 100,000 characters', route: 'finds', body: { location: 'x', comment: 'k'.repeat(100_000) } },
  { name: 'a NUL byte in the e-mail', route: 'notifications', body: { email: 'a\u0000@example.org' } },
  { name: 'an e-mail of 10,000 characters', route: 'notifications', body: { email: `${'a'.repeat(10_000)}@example.org` } },
  {
    name: 'an e-mail with a newline (header injection)',
    route: 'notifications',
    body: { email: 'a@example.org\r\nBcc: victim@example.org' },
  },
  { name: 'an e-mail with display name', route: 'notifications', body: { email: 'Fan <fan@example.org>' } },
];

describe('strange field values never give a 5xx', () => {
  it.each(strange)('$route: $name', async ({ route, body }) => {
    const { code } = await createStone();
    const path = route === 'stones' ? '/api/stones' : `/api/stones/${code}/${route}`;
    const before = await snapshot();
    const res = await postJson(path, body);
    expect(res.status).toBeLessThan(500);
    if (!res.ok) {
      await expectApiError(res, res.status);
      expect(await snapshot()).toEqual(before);
    }
  });

  it('does not take a code or owner token offered by the client on free creation', async () => {
    const res = await postJson('/api/stones', {
      creatorEmail: 'a@example.org',
      title: 'T',
      code: 'AAA-AAA-AAA',
      adminToken: 'chosen-by-client',
    });
    if (!res.ok) return void (await expectApiError(res, res.status));
    const body = await res.json<Json>();
    expect(body.code).not.toBe('AAA-AAA-AAA');
    expect(body.adminToken).not.toBe('chosen-by-client');
    expect((await call('/api/admin/stones/chosen-by-client')).status).toBe(404);
  });

  it('keeps a header-injection e-mail out of the subscriptions if it accepts nothing else', async () => {
    const { code } = await createStone();
    const res = await postJson(`/api/stones/${code}/notifications`, { email: 'a@example.org\r\nBcc: victim@example.org' });
    expect(res.status).toBe(400);
    expect(await countRows('subscriptions')).toBe(0);
  });
});
