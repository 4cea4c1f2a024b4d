/**
 * Creating and reading a stone: its fields, the validation of its input, its calls and limits as a client written
 * by someone else sees the API, and what the design adds (docs/decisions, architecture.md). Hostile bodies, odd
 * codes and unsupported methods are api.robustness.test.ts's; the QR code is qr.routes.test.ts's.
 */
import { createExecutionContext, env, waitOnExecutionContext } from 'cloudflare:test';
import { describe, expect, inject, it } from 'vitest';
import type { StoneView } from '../../src/shared/types';
import { app } from '../../src/worker/app';
import { sha256Hex } from '../../src/worker/lib/crypto';
import {
  BROWSER_VALID_EMAILS,
  call,
  countRows,
  createStone,
  expectApiError,
  insertFind,
  insertStone,
  ORIGIN,
  postFind,
  postJson,
  snapshot,
} from '../support/factory';

/** A stone's code: nine hexadecimal characters in three groups, uppercase. */
const CODE_SHAPE = /^[0-9A-F]{3}-[0-9A-F]{3}-[0-9A-F]{3}$/;
/** Anything that looks like an e-mail address, to prove that none leaks into a public answer. */
const EMAIL_LIKE = /[^\s"@]+@[^\s"@]+\.[a-z]{2,}/i;

const BERLIN = { latitude: 52.52, longitude: 13.405 };

function multipart(fields: Record<string, string>, files: File[] = []): FormData {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  for (const file of files) form.append('photos', file);
  return form;
}

/** The free stone is posted as multipart with exactly these fields (no photo files). */
function freeStoneForm(overrides: Record<string, string> = {}): FormData {
  return multipart({
    creatorEmail: 'creator@example.org',
    title: 'Omas Gartenstein',
    story: '',
    hasPhotos: 'false',
    hasStory: 'false',
    recaptchaToken: 'token-from-the-browser',
    ...overrides,
  });
}

/** The stone as a client reads it (GET /api/stones/{code}). */
async function readStone(code: string): Promise<StoneView> {
  const res = await call(`/api/stones/${code}`);
  expect(res.status).toBe(200);
  return res.json<StoneView>();
}

function postForm(form: FormData): Promise<Response> {
  return call('/api/stones', { method: 'POST', body: form });
}

/** Calls the app with a reCAPTCHA secret configured, verified by the fake siteverify on 127.0.0.1. */
async function postWithBotCheck(body: Record<string, unknown>): Promise<Response> {
  const request = new Request(`${ORIGIN}/api/stones`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  const ctx = createExecutionContext();
  const res = await app.fetch(
    request,
    {
      ...env,
      RECAPTCHA_SECRET: 'test-recaptcha-secret',
      RECAPTCHA_VERIFY_URL: `${inject('fakeServicesUrl')}/recaptcha/api/siteverify`,
    },
    ctx,
  );
  await waitOnExecutionContext(ctx);
  return res;
}

interface Created {
  code: string;
  adminToken: string;
  adminUrl: string;
}

describe('POST /api/stones creates a free stone from a multipart form', () => {
  it('answers 201 with a formatted code and a one-time owner token from the multipart form', async () => {
    const res = await postForm(freeStoneForm({ creatorEmail: 'anna@example.org', title: 'Annas Stein' }));
    expect(res.status).toBe(201);
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
    expect(res.headers.get('cache-control')).toBe('no-store');
    const body = await res.json<Created>();
    expect(body.code).toMatch(CODE_SHAPE);
    // The success page shows /admin/stone/{ownerToken}; the free path can learn the token only from this answer.
    expect(body.adminUrl).toBe(`/admin/stone/${body.adminToken}`);
    const row = await env.DB.prepare('SELECT title, creator_email, has_photos, has_story, is_paid, story FROM stones WHERE code = ?')
      .bind(body.code)
      .first();
    expect(row).toEqual({ title: 'Annas Stein', creator_email: 'anna@example.org', has_photos: 0, has_story: 0, is_paid: 0, story: null });
    expect(await readStone(body.code)).toMatchObject({ code: body.code, title: 'Annas Stein', hasPhotos: false, hasStory: false });
  });

  it('answers 201 for the same fields sent as JSON', async () => {
    const res = await postJson('/api/stones', { creatorEmail: 'ben@example.org', title: '  Bens Stein  ' });
    expect(res.status).toBe(201);
    const body = await res.json<Created>();
    expect(body.code).toMatch(CODE_SHAPE);
    const row = await env.DB.prepare('SELECT title FROM stones WHERE code = ?').bind(body.code).first<{ title: string }>();
    expect(row?.title).toBe('Bens Stein');
  });

  it('makes an owner token of at least 128 random bits and stores only its SHA-256', async () => {
    const { adminToken, code } = await createStone();
    expect(adminToken).toMatch(/^[A-Za-z0-9_-]+$/);
    expect(adminToken.length * 6).toBeGreaterThanOrEqual(128);
    const row = await env.DB.prepare('SELECT owner_token_hash FROM stones WHERE code = ?').bind(code).first<{ owner_token_hash: string }>();
    expect(row?.owner_token_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(row?.owner_token_hash).toBe(await sha256Hex(adminToken));
    const { results: tables } = await env.DB.prepare(
      "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' AND name NOT LIKE '_cf_%'",
    ).all<{ name: string }>();
    expect(tables.map((t) => t.name)).toContain('stones');
    for (const { name } of tables) {
      const { results } = await env.DB.prepare(`SELECT * FROM "${name}"`).all();
      expect(JSON.stringify(results), `table ${name}`).not.toContain(adminToken);
    }
  });

  it('gives every stone its own code and token', async () => {
    const a = await createStone();
    const b = await createStone();
    expect(a.code).not.toBe(b.code);
    expect(a.adminToken).not.toBe(b.adminToken);
    expect(await countRows('stones')).toBe(2);
  });

  it('accepts a title of exactly 128 characters in any script, and 64 emoji: 128 UTF-16 units, as a browser counter counts them', async () => {
    for (const title of ['t'.repeat(128), 'ä'.repeat(128), '石'.repeat(128), '🪨'.repeat(64)]) {
      const res = await postForm(freeStoneForm({ title }));
      expect(res.status, title.slice(0, 2)).toBe(201);
      expect((await readStone((await res.json<Created>()).code)).title).toBe(title);
    }
  });

  it('keeps unicode, markup and quotes in the title exactly as sent', async () => {
    const title = 'Ömas <b>Stein</b> "🌊" & مرحبا שלום e\u0301';
    const res = await postForm(freeStoneForm({ title }));
    expect(res.status).toBe(201);
    expect((await readStone((await res.json<Created>()).code)).title).toBe(title);
  });

  it('accepts a JSON content type with a charset parameter or in upper case (media types are case-insensitive)', async () => {
    for (const type of ['application/json; charset=utf-8', 'Application/JSON']) {
      const res = await call('/api/stones', {
        method: 'POST',
        headers: { 'content-type': type },
        body: JSON.stringify({ creatorEmail: 'c@example.org', title: 'T' }),
      });
      expect(res.status, type).toBe(201);
    }
    expect(await countRows('stones')).toBe(2);
  });

  it('takes the last of a repeated form field, as JSON.parse does with a repeated key', async () => {
    const form = multipart({ creatorEmail: 'c@example.org', title: 'Erster' });
    form.append('title', 'Zweiter');
    const res = await postForm(form);
    expect(res.status).toBe(201);
    expect((await readStone((await res.json<Created>()).code)).title).toBe('Zweiter');
  });

  it('ignores a code, an owner token and a __proto__ the client sends along', async () => {
    const res = await call('/api/stones', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"creatorEmail":"a@example.org","title":"T","code":"AAA-AAA-AAA","adminToken":"chosen-by-the-client-0000","__proto__":{"hasStory":true}}',
    });
    expect(res.status).toBe(201);
    const body = await res.json<Created>();
    expect(body.code).not.toBe('AAA-AAA-AAA');
    expect(body.adminToken).not.toBe('chosen-by-the-client-0000');
    await expectApiError(await call('/api/admin/stones/chosen-by-the-client-0000'), 404, 'NOT_FOUND');
    expect(await readStone(body.code)).toMatchObject({ hasStory: false, story: null });
  });

  it.each(BROWSER_VALID_EMAILS)('takes %s, which the e-mail form field accepts, as the creator e-mail', async (creatorEmail) => {
    expect((await postForm(freeStoneForm({ creatorEmail }))).status).toBe(201);
    expect(await countRows('stones')).toBe(1);
  });
});

describe('POST /api/stones refuses invalid input with 400 and the one error shape', () => {
  const cases: Array<{ name: string; body: Record<string, unknown>; field: string; message: string }> = [
    { name: 'a missing e-mail', body: { title: 'T' }, field: 'creatorEmail', message: 'Email address is required' },
    { name: 'an empty e-mail', body: { creatorEmail: '  ', title: 'T' }, field: 'creatorEmail', message: 'Email address is required' },
    {
      name: 'an invalid e-mail',
      body: { creatorEmail: 'not-an-address', title: 'T' },
      field: 'creatorEmail',
      message: 'Please enter a valid e-mail address',
    },
    { name: 'an empty title', body: { creatorEmail: 'a@example.org', title: '   ' }, field: 'title', message: 'Name is required' },
    { name: 'a missing title', body: { creatorEmail: 'a@example.org' }, field: 'title', message: 'Name is required' },
    {
      name: 'a title of 129 characters',
      body: { creatorEmail: 'a@example.org', title: 'x'.repeat(129) },
      field: 'title',
      message: 'Maximum 128 characters',
    },
    {
      name: 'a title of 129 non-Latin characters',
      body: { creatorEmail: 'a@example.org', title: '石'.repeat(129) },
      field: 'title',
      message: 'Maximum 128 characters',
    },
    {
      name: 'a story of 5001 characters',
      body: { creatorEmail: 'a@example.org', title: 'T', story: 's'.repeat(5001) },
      field: 'story',
      message: 'Maximum 5000 characters',
    },
    ...['a@b@example.org', 'crea tor@example.org', '@'].map((creatorEmail) => ({
      name: `the e-mail "${creatorEmail}"`,
      body: { creatorEmail, title: 'T' },
      field: 'creatorEmail',
      message: 'Please enter a valid e-mail address',
    })),
    {
      name: 'an e-mail over 254 characters',
      body: { creatorEmail: `${'a'.repeat(300)}@example.org`, title: 'T' },
      field: 'creatorEmail',
      message: 'The e-mail address is too long',
    },
    // Wrong types: the field's own message, never the validator's wording.
    {
      name: 'an e-mail in a list',
      body: { creatorEmail: ['a@example.org'], title: 'T' },
      field: 'creatorEmail',
      message: 'Email address is required',
    },
    { name: 'a title that is a number', body: { creatorEmail: 'a@example.org', title: 42 }, field: 'title', message: 'Name is required' },
    {
      name: 'a story that is an object',
      body: { creatorEmail: 'a@example.org', title: 'T', story: { text: 'story' } },
      field: 'story',
      message: 'The story must be text',
    },
    {
      name: 'a feature flag that is not a boolean',
      body: { creatorEmail: 'a@example.org', title: 'T', hasPhotos: 'yes' },
      field: 'hasPhotos',
      message: 'Invalid value for hasPhotos',
    },
    {
      name: 'a reCAPTCHA token that is a number',
      body: { creatorEmail: 'a@example.org', title: 'T', recaptchaToken: 7 },
      field: 'recaptchaToken',
      message: 'reCAPTCHA Error, please refresh the page and try again',
    },
  ];

  it.each(cases)('refuses $name', async ({ body, field, message }) => {
    const error = await expectApiError(await postJson('/api/stones', body), 400, 'VALIDATION_ERROR');
    expect(error.message).toBe(message);
    expect(error.details?.[field]).toBe(message);
    expect(await countRows('stones')).toBe(0);
  });

  it('refuses an invalid multipart field the same way', async () => {
    const error = await expectApiError(await postForm(multipart({ creatorEmail: 'a@example.org', title: '' })), 400, 'VALIDATION_ERROR');
    expect(error.details).toEqual({ title: 'Name is required' });
    expect(await countRows('stones')).toBe(0);
  });

  it('names both required fields for a form without any', async () => {
    const error = await expectApiError(await postForm(multipart({ recaptchaToken: 'x' })), 400, 'VALIDATION_ERROR');
    expect(error.details).toEqual({ creatorEmail: 'Email address is required', title: 'Name is required' });
    expect(await countRows('stones')).toBe(0);
  });

  it('refuses a file where the e-mail belongs', async () => {
    const form = multipart({ title: 'T' });
    form.append('creatorEmail', new File(['a@example.org'], 'email.txt', { type: 'text/plain' }));
    const error = await expectApiError(await postForm(form), 400, 'VALIDATION_ERROR');
    expect(error.details).toEqual({ creatorEmail: 'Email address is required' });
    expect(await countRows('stones')).toBe(0);
  });
});

describe('POST /api/stones keeps premium features behind payment (5 or 10 EUR)', () => {
  const premium: Array<{ name: string; fields: Record<string, string> }> = [
    { name: 'the photos feature', fields: { hasPhotos: 'true' } },
    { name: 'the story feature', fields: { hasStory: 'on' } },
    { name: 'both features', fields: { story: 'x', hasStory: 'true', hasPhotos: 'true' } },
    { name: 'a non-empty story', fields: { story: 'Es war einmal' } },
    { name: 'a story of exactly 5000 characters', fields: { story: 's'.repeat(5000) } },
  ];

  it.each(premium)('answers 402 and writes nothing for $name on the free multipart path', async ({ fields }) => {
    const res = await postForm(multipart({ creatorEmail: 'a@example.org', title: 'T', ...fields }));
    await expectApiError(res, 402, 'PAYMENT_REQUIRED');
    expect(await countRows('stones')).toBe(0);
  });

  it('checks the form before asking for payment: a story over 5000 characters with the story feature gets 400', async () => {
    const res = await postForm(freeStoneForm({ story: 's'.repeat(5001), hasStory: 'true' }));
    const error = await expectApiError(res, 400, 'VALIDATION_ERROR');
    expect(error.details).toEqual({ story: 'Maximum 5000 characters' });
    expect(await countRows('stones')).toBe(0);
  });

  it('answers 402 and writes nothing when a photo file is attached', async () => {
    const photo = new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], 'stone.png', { type: 'image/png' });
    await expectApiError(await postForm(multipart({ creatorEmail: 'a@example.org', title: 'T' }, [photo])), 402, 'PAYMENT_REQUIRED');
    expect(await countRows('stones')).toBe(0);
    expect(await countRows('photos')).toBe(0);
    expect((await env.PHOTOS.list()).objects).toHaveLength(0);
  });

  it('answers 402 for the premium flags sent as JSON booleans', async () => {
    await expectApiError(
      await postJson('/api/stones', { creatorEmail: 'a@example.org', title: 'T', hasPhotos: true }),
      402,
      'PAYMENT_REQUIRED',
    );
    await expectApiError(
      await postJson('/api/stones', { creatorEmail: 'a@example.org', title: 'T', hasStory: true }),
      402,
      'PAYMENT_REQUIRED',
    );
    expect(await countRows('stones')).toBe(0);
  });

  it.each([
    {
      name: 'isPaid but no PaymentIntent',
      extra: { isPaid: true, features: { photos: true, story: false } },
      status: 400,
      code: 'VALIDATION_ERROR',
    },
    {
      name: 'a PaymentIntent but no isPaid',
      extra: { paymentIntentId: 'pi_123', features: { photos: false, story: true } },
      status: 400,
      code: 'VALIDATION_ERROR',
    },
    {
      name: 'a made-up payment id',
      extra: { isPaid: true, paymentIntentId: 'pi_made_up', features: { photos: false, story: true } },
      status: 400,
      code: 'VALIDATION_ERROR',
    },
    {
      name: 'both, for an unknown intent',
      extra: { isPaid: true, paymentIntentId: 'pi_456', story: 'Story' },
      status: 404,
      code: 'PAYMENT_UNKNOWN',
    },
  ])('refuses a paid stone with $name and writes nothing', async ({ extra, status, code }) => {
    await expectApiError(await postJson('/api/stones', { creatorEmail: 'a@example.org', title: 'T', ...extra }), status, code);
    expect(await countRows('stones')).toBe(0);
  });
});

describe('POST /api/stones limits what it reads', () => {
  it('answers 413 for a JSON body over 64 KB', async () => {
    const res = await postJson('/api/stones', { creatorEmail: 'a@example.org', title: 'T', padding: 'p'.repeat(65 * 1024) });
    await expectApiError(res, 413, 'PAYLOAD_TOO_LARGE');
    expect(await countRows('stones')).toBe(0);
  });

  it('answers 413 for a multipart body over 256 KB: photos are a paid feature, so this path never buffers one', async () => {
    const big = new File([new Uint8Array(26 * 1024 * 1024)], 'big.png', { type: 'image/png' });
    const res = await postForm(multipart({ creatorEmail: 'a@example.org', title: 'T' }, [big]));
    const error = await expectApiError(res, 413, 'PAYLOAD_TOO_LARGE');
    expect(error.message).toBe('The body is larger than 256 KB');
    expect(await countRows('stones')).toBe(0);
  });
});

describe('POST /api/stones with a reCAPTCHA secret configured', () => {
  it('creates the stone for a human score', async () => {
    const res = await postWithBotCheck({ creatorEmail: 'a@example.org', title: 'T', recaptchaToken: 'human' });
    expect(res.status).toBe(201);
    expect(await countRows('stones')).toBe(1);
  });

  it.each([
    { name: 'a bot score', token: 'bot' },
    { name: 'a token for another action', token: 'wrong-action' },
    { name: 'an invalid token', token: 'garbage' },
    { name: 'a missing token', token: undefined },
  ])('answers 400 RECAPTCHA_FAILED and writes nothing for $name', async ({ token }) => {
    const res = await postWithBotCheck({ creatorEmail: 'a@example.org', title: 'T', recaptchaToken: token });
    const error = await expectApiError(res, 400, 'RECAPTCHA_FAILED');
    expect(error.message).toBe('reCAPTCHA Error, please refresh the page and try again');
    expect(await countRows('stones')).toBe(0);
  });
});

describe('GET /api/stones/{code} (the stone with its finds, photos and distance fields)', () => {
  it('answers every field of a stone with its type', async () => {
    const { code } = await createStone({ title: 'Feldstein' });
    expect((await postFind(code, { location: 'Berlin', ...BERLIN, comment: 'Hallo' })).status).toBe(201);

    const res = await call(`/api/stones/${code}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
    const stone = await res.json<StoneView>();
    expect(stone).toMatchObject({ code, title: 'Feldstein', story: null, hasPhotos: false, hasStory: false, photos: [] });
    expect(typeof stone.id).toBe('string');
    expect(Number.isNaN(new Date(stone.createdAt).getTime())).toBe(false);
    expect(typeof stone.qrCodeUrl).toBe('string');
    expect(stone.totalDistance).toBe(0);
    expect(typeof stone.formattedDistance).toBe('string');
    expect(stone.finds).toHaveLength(1);
    const [stored] = stone.finds;
    expect(typeof stored?.id).toBe('string');
    expect(stored).toMatchObject({ location: 'Berlin', ...BERLIN, comment: 'Hallo' });
    expect(Number.isNaN(new Date(stored?.createdAt ?? '').getTime())).toBe(false);
  });

  it.each([
    { name: 'as created', spell: (code: string) => code },
    { name: 'in lower case', spell: (code: string) => code.toLowerCase() },
    { name: 'in mixed case', spell: (code: string) => code.slice(0, 5).toLowerCase() + code.slice(5) },
    { name: 'without hyphens (a scanned QR code of 9 characters)', spell: (code: string) => code.replace(/-/g, '') },
    { name: 'in lower case without hyphens', spell: (code: string) => code.replace(/-/g, '').toLowerCase() },
    { name: 'with percent-encoded hyphens', spell: (code: string) => code.replace(/-/g, '%2D') },
    {
      name: 'with every character percent-encoded',
      spell: (code: string) => [...code].map((ch) => `%${ch.charCodeAt(0).toString(16)}`).join(''),
    },
  ])('finds the stone by its code $name', async ({ spell }) => {
    // Letters in every group, so that every spelling differs from the canonical one.
    const { code } = await insertStone({ code: 'ABC-DEF-0A1' });
    const res = await call(`/api/stones/${spell(code)}`);
    expect(res.status).toBe(200);
    expect((await res.json<StoneView>()).code).toBe(code);
  });

  it.each([
    'nope',
    'ABC-123-DEG',
    'ABC-123-DEFA',
    'ABC-123',
    'ABC-123-DEF-123',
    'ABCD-123-DEF',
    'ABC--123-DEF',
    'abc_123_def',
    'ABC%20123%20DEF',
    '---------',
    '%20',
  ])('answers 400 INVALID_CODE for "%s", which is not three groups of three hex characters', async (raw) => {
    const error = await expectApiError(await call(`/api/stones/${raw}`), 400, 'INVALID_CODE');
    expect(error.message).toBe('The code must be in the format XXX-XXX-XXX (e.g. ABC-123-DEF).');
  });

  it('answers 404 STONE_NOT_FOUND for a well-formed unknown code (404 means not found)', async () => {
    const error = await expectApiError(await call('/api/stones/ABC-123-DEF'), 404, 'STONE_NOT_FOUND');
    expect(error.message).toBe('No stone found with this code. Please check the code and try again.');
  });

  it('never reveals an e-mail address (creator, finder, subscriber), the owner token or the notifications', async () => {
    const { code, adminToken } = await createStone({ creatorEmail: 'secret-creator@example.org' });
    expect((await postFind(code, { location: 'Berlin', finderEmail: 'secret-finder@example.org' })).status).toBe(201);
    expect((await postJson(`/api/stones/${code}/notifications`, { email: 'secret-subscriber@example.org' })).status).toBe(201);
    const hash = await sha256Hex(adminToken);
    for (const language of ['de-DE', 'en-GB']) {
      const text = await (await call(`/api/stones/${code}`, { headers: { 'accept-language': language } })).text();
      expect(text).toContain('Berlin');
      expect(text).not.toMatch(EMAIL_LIKE);
      expect(text).not.toContain(adminToken);
      expect(text).not.toContain(hash);
      expect(text.toLowerCase()).not.toContain('email');
      // The creator e-mail is visible to the admin only; notifications are seen on the admin read.
      expect(JSON.parse(text)).not.toHaveProperty('notifications');
    }
  });

  it('lists the finds in the order they were logged', async () => {
    const { code } = await createStone();
    for (const location of ['Erster Ort', 'Zweiter Ort', 'Dritter Ort']) {
      expect((await postFind(code, { location })).status).toBe(201);
    }
    const view = await (await call(`/api/stones/${code}`)).json<StoneView>();
    expect(view.finds.map((f) => f.location)).toEqual(['Erster Ort', 'Zweiter Ort', 'Dritter Ort']);
    expect(view.findCount).toBe(3);
  });

  it('orders finds by their sequence, not by their timestamps', async () => {
    const stone = await insertStone({ code: 'AAA-000-001', findSeq: 2 });
    await insertFind(stone.id, { seq: 2, location: 'Second', createdAt: new Date('2024-01-01T00:00:00Z') });
    await insertFind(stone.id, { seq: 1, location: 'First', createdAt: new Date('2024-06-01T00:00:00Z') });
    const view = await (await call('/api/stones/AAA-000-001')).json<StoneView>();
    expect(view.finds.map((f) => f.location)).toEqual(['First', 'Second']);
  });

  it('gives photos and the QR code as absolute URLs on the serving origin', async () => {
    const stone = await insertStone({ code: 'BBB-000-002', hasPhotos: true, isPaid: true });
    const keys = [`${crypto.randomUUID()}.png`, `${crypto.randomUUID()}.jpg`];
    for (const [i, key] of keys.entries()) {
      await env.DB.prepare('INSERT INTO photos (id, stone_id, r2_key, content_type, size_bytes, created_at) VALUES (?, ?, ?, ?, ?, ?)')
        .bind(crypto.randomUUID(), stone.id, key, 'image/png', 100, 1_700_000_000_000 + i)
        .run();
    }
    const view = await (await call('/api/stones/bbb000002')).json<StoneView>();
    expect(view.photos).toEqual(keys.map((key) => `${ORIGIN}/photos/${key}`));
    expect(view.qrCodeUrl).toBe(`${ORIGIN}/api/stones/BBB-000-002/qr.svg`);
  });

  it('shows the story only of a stone that has the story feature', async () => {
    await insertStone({ code: 'CCC-000-003', story: 'Eine Geschichte', hasStory: true });
    await insertStone({ code: 'CCC-000-004', story: 'Versteckt', hasStory: false });
    expect((await (await call('/api/stones/CCC-000-003')).json<StoneView>()).story).toBe('Eine Geschichte');
    expect((await (await call('/api/stones/CCC-000-004')).json<StoneView>()).story).toBeNull();
  });

  it('formats the distance for the language the browser asks for', async () => {
    await insertStone({ code: 'DDD-000-005', totalDistanceKm: 1116.4 });
    const german = await (
      await call('/api/stones/DDD-000-005', { headers: { 'accept-language': 'de-DE,de;q=0.9,en;q=0.5' } })
    ).json<StoneView>();
    expect(german.totalDistance).toBe(1116.4);
    expect(german.formattedDistance).toBe('1.116,4 km');
    const english = await (await call('/api/stones/DDD-000-005', { headers: { 'accept-language': 'en-US' } })).json<StoneView>();
    expect(english.formattedDistance).toBe('1,116.4 km');
  });

  it('shows a new find at once and is not cached by browsers or proxies (data never goes stale unless a read says so)', async () => {
    const { code } = await createStone();
    const res = await call(`/api/stones/${code}`);
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect((await res.json<StoneView>()).finds).toHaveLength(0);
    expect((await postFind(code, { location: 'Hier' })).status).toBe(201);
    expect((await readStone(code)).finds).toHaveLength(1);
  });
});

describe('a refused create changes nothing', () => {
  it('leaves the database as it was after every kind of refusal', async () => {
    await createStone();
    const before = await snapshot();
    await postJson('/api/stones', { creatorEmail: 'bad', title: 'T' });
    await postJson('/api/stones', { creatorEmail: 'a@example.org', title: 'T', hasStory: true });
    await postJson('/api/stones', { creatorEmail: 'a@example.org', title: 'T', isPaid: true });
    expect(await snapshot()).toEqual(before);
  });
});
