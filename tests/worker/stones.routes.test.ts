import { createExecutionContext, env, waitOnExecutionContext } from 'cloudflare:test';
import { describe, expect, inject, it } from 'vitest';
import type { StoneView } from '../../src/shared/types';
import { app } from '../../src/worker/app';
import { sha256Hex } from '../../src/worker/lib/crypto';
import {
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

const CODE_SHAPE = /^[0-9A-F]{3}-[0-9A-F]{3}-[0-9A-F]{3}$/;

function multipart(fields: Record<string, string>, files: File[] = []): FormData {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  for (const file of files) form.append('photos', file);
  return form;
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

describe('POST /api/stones creates a free stone', () => {
  it('answers 201 with a formatted code and a one-time owner token from the multipart form', async () => {
    const res = await postForm(
      multipart({
        creatorEmail: 'anna@example.org',
        title: 'Annas Stein',
        story: '',
        hasPhotos: 'false',
        hasStory: 'false',
        recaptchaToken: 'x',
      }),
    );
    expect(res.status).toBe(201);
    expect(res.headers.get('cache-control')).toBe('no-store');
    const body = await res.json<Created>();
    expect(body.code).toMatch(CODE_SHAPE);
    expect(body.adminUrl).toBe(`/admin/stone/${body.adminToken}`);
    const row = await env.DB.prepare('SELECT title, creator_email, has_photos, has_story, is_paid, story FROM stones WHERE code = ?')
      .bind(body.code)
      .first();
    expect(row).toEqual({ title: 'Annas Stein', creator_email: 'anna@example.org', has_photos: 0, has_story: 0, is_paid: 0, story: null });
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
      name: 'a story of 5001 characters',
      body: { creatorEmail: 'a@example.org', title: 'T', story: 's'.repeat(5001) },
      field: 'story',
      message: 'Maximum 5000 characters',
    },
  ];

  it.each(cases)('refuses $name', async ({ body, field, message }) => {
    const error = await expectApiError(await postJson('/api/stones', body), 400, 'VALIDATION_ERROR');
    expect(error.message).toBe(message);
    expect(error.details?.[field]).toBe(message);
    expect(await countRows('stones')).toBe(0);
  });

  it('accepts a title of exactly 128 characters', async () => {
    const res = await postJson('/api/stones', { creatorEmail: 'a@example.org', title: 'x'.repeat(128) });
    expect(res.status).toBe(201);
  });

  it('refuses an invalid multipart field the same way', async () => {
    const error = await expectApiError(await postForm(multipart({ creatorEmail: 'a@example.org', title: '' })), 400, 'VALIDATION_ERROR');
    expect(error.details).toEqual({ title: 'Name is required' });
    expect(await countRows('stones')).toBe(0);
  });
});

describe('POST /api/stones keeps premium features behind payment', () => {
  const premium: Array<{ name: string; fields: Record<string, string> }> = [
    { name: 'the photos feature', fields: { hasPhotos: 'true' } },
    { name: 'the story feature', fields: { hasStory: 'on' } },
    { name: 'a non-empty story', fields: { story: 'Es war einmal' } },
    { name: 'a story of exactly 5000 characters', fields: { story: 's'.repeat(5000) } },
  ];

  it.each(premium)('answers 402 and writes nothing for $name on the free multipart path', async ({ fields }) => {
    const res = await postForm(multipart({ creatorEmail: 'a@example.org', title: 'T', ...fields }));
    await expectApiError(res, 402, 'PAYMENT_REQUIRED');
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

describe('POST /api/stones refuses bodies it cannot read', () => {
  it('answers 415 for a content type other than JSON or multipart', async () => {
    const res = await call('/api/stones', {
      method: 'POST',
      headers: { 'content-type': 'text/plain' },
      body: '{"creatorEmail":"a@example.org","title":"T"}',
    });
    await expectApiError(res, 415, 'UNSUPPORTED_MEDIA_TYPE');
    expect(await countRows('stones')).toBe(0);
  });

  it('answers 400 for malformed JSON', async () => {
    const res = await call('/api/stones', { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"creatorEmail":' });
    await expectApiError(res, 400, 'INVALID_JSON');
  });

  it('answers 413 for a JSON body over 64 KB', async () => {
    const res = await postJson('/api/stones', { creatorEmail: 'a@example.org', title: 'T', padding: 'p'.repeat(65 * 1024) });
    await expectApiError(res, 413, 'PAYLOAD_TOO_LARGE');
    expect(await countRows('stones')).toBe(0);
  });

  it('answers 413 for a multipart body over the five-photo limit', async () => {
    const big = new File([new Uint8Array(26 * 1024 * 1024)], 'big.png', { type: 'image/png' });
    const res = await postForm(multipart({ creatorEmail: 'a@example.org', title: 'T' }, [big]));
    await expectApiError(res, 413, 'PAYLOAD_TOO_LARGE');
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

describe('GET /api/stones/{code}', () => {
  it('finds a stone by its code in any case and with or without hyphens', async () => {
    const { code } = await createStone({ title: 'Case test' });
    for (const spelling of [code, code.toLowerCase(), code.replace(/-/g, ''), code.replace(/-/g, '').toLowerCase()]) {
      const res = await call(`/api/stones/${spelling}`);
      expect(res.status).toBe(200);
      expect((await res.json<StoneView>()).code).toBe(code);
    }
  });

  it.each(['nope', 'ABC-123-DEG', 'ABC-123-DEFA', 'ABC-123', 'ABC--123-DEF', '%20'])('answers 400 INVALID_CODE for "%s"', async (raw) => {
    const error = await expectApiError(await call(`/api/stones/${raw}`), 400, 'INVALID_CODE');
    expect(error.message).toBe('The code must be in the format XXX-XXX-XXX (e.g. ABC-123-DEF).');
  });

  it('answers 404 STONE_NOT_FOUND for a well-formed unknown code', async () => {
    const error = await expectApiError(await call('/api/stones/ABC-123-DEF'), 404, 'STONE_NOT_FOUND');
    expect(error.message).toBe('No stone found with this code. Please check the code and try again.');
  });

  it('never reveals the creator e-mail, a finder e-mail or the owner token', async () => {
    const { code, adminToken } = await createStone({ creatorEmail: 'secret-creator@example.org' });
    expect((await postFind(code, { location: 'Berlin', finderEmail: 'secret-finder@example.org' })).status).toBe(201);
    const hash = await sha256Hex(adminToken);
    for (const language of ['de-DE', 'en-GB']) {
      const text = await (await call(`/api/stones/${code}`, { headers: { 'accept-language': language } })).text();
      expect(text).toContain('Berlin');
      expect(text).not.toContain('secret-creator');
      expect(text).not.toContain('secret-finder');
      expect(text).not.toContain(adminToken);
      expect(text).not.toContain(hash);
      expect(text.toLowerCase()).not.toContain('email');
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

  it('is not cached by browsers or proxies', async () => {
    const { code } = await createStone();
    expect((await call(`/api/stones/${code}`)).headers.get('cache-control')).toBe('no-store');
  });
});

describe('GET /api/stones/{code}/qr.svg', () => {
  it('returns an SVG QR code', async () => {
    const { code } = await createStone();
    const res = await call(`/api/stones/${code.toLowerCase()}/qr.svg`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^image\/svg\+xml/);
    const svg = await res.text();
    expect(svg).toMatch(/^<svg[\s>]/);
    expect(svg).toContain('</svg>');
    expect(svg).toContain('<path');
  });

  it('answers 400 INVALID_CODE for a non-code', async () => {
    await expectApiError(await call('/api/stones/not-a-code/qr.svg'), 400, 'INVALID_CODE');
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
