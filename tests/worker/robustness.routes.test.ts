import { describe, expect, it } from 'vitest';
import type { ApiErrorBody } from '../../src/shared/types';
import { call, createStone, snapshot } from '../support/factory';

/** Every POST route, with a body it would accept. */
const routes = [
  { name: 'POST /api/stones', path: () => '/api/stones', valid: { creatorEmail: 'a@example.org', title: 'T' } },
  {
    name: 'POST /api/stones/{code}/finds',
    path: (code: string) => `/api/stones/${code}/finds`,
    valid: { location: 'Berlin', latitude: 52.5, longitude: 13.4 },
  },
  {
    name: 'POST /api/stones/{code}/notifications',
    path: (code: string) => `/api/stones/${code}/notifications`,
    valid: { email: 'f@example.org' },
  },
] as const;

type Route = (typeof routes)[number];

const MB = 1024 * 1024;
const encoder = new TextEncoder();

function json(body: string | Uint8Array, contentType: string | null = 'application/json'): RequestInit {
  const headers = new Headers();
  if (contentType !== null) headers.set('content-type', contentType);
  return { method: 'POST', headers, body };
}

/** Bytes that are not UTF-8 (a lone continuation byte, an overlong encoding, a truncated sequence) inside a JSON string. */
function invalidUtf8(valid: Record<string, unknown>): Uint8Array {
  const [field] = Object.keys(valid);
  const text = JSON.stringify({ ...valid, [field ?? 'x']: 'MARK' });
  const [before, after] = text.split('MARK').map((part) => encoder.encode(part));
  return new Uint8Array([...(before ?? []), 0x80, 0xc0, 0xaf, 0xe2, 0x82, ...(after ?? [])]);
}

function multipartBody(fields: Record<string, string>): FormData {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  return form;
}

/** Hostile bodies that every POST route must refuse, whatever its fields are. */
const hostileBodies: Array<{ name: string; init: (route: Route) => RequestInit }> = [
  { name: 'a JSON array', init: () => json('[]') },
  { name: 'a JSON array around a valid body', init: (r) => json(JSON.stringify([r.valid])) },
  { name: 'a JSON number', init: () => json('42') },
  { name: 'a JSON string', init: () => json('"hello"') },
  { name: 'JSON null', init: () => json('null') },
  { name: 'JSON true', init: () => json('true') },
  { name: 'an empty JSON body', init: () => json('') },
  { name: 'truncated JSON', init: (r) => json(JSON.stringify(r.valid).slice(0, -3)) },
  { name: 'two JSON documents', init: (r) => json(`${JSON.stringify(r.valid)}${JSON.stringify(r.valid)}`) },
  { name: 'JSON with a trailing comma', init: () => json('{"a":1,}') },
  { name: 'JSON nested 10,000 levels deep', init: () => json(`${'['.repeat(10_000)}${']'.repeat(10_000)}`) },
  { name: 'an object nested 3,000 levels deep', init: () => json(`${'{"a":'.repeat(3_000)}1${'}'.repeat(3_000)}`) },
  { name: 'the fields hidden under __proto__', init: (r) => json(`{"__proto__":${JSON.stringify(r.valid)}}`) },
  { name: 'the fields under a constructor key', init: (r) => json(JSON.stringify({ constructor: { prototype: r.valid } })) },
  { name: 'a 1 MB JSON string field', init: (r) => json(JSON.stringify({ ...r.valid, [Object.keys(r.valid)[0] ?? 'x']: 'x'.repeat(MB) })) },
  { name: 'a 1 MB JSON body of whitespace', init: (r) => json(`${' '.repeat(MB)}${JSON.stringify(r.valid)}`) },
  { name: 'invalid UTF-8 bytes', init: (r) => json(invalidUtf8(r.valid)) },
  {
    name: 'a UTF-16 body',
    init: (r) => json(new Uint8Array(new Uint16Array([...JSON.stringify(r.valid)].map((c) => c.charCodeAt(0))).buffer)),
  },
  { name: 'no content type', init: (r) => json(encoder.encode(JSON.stringify(r.valid)), null) },
  { name: 'text/plain', init: (r) => json(JSON.stringify(r.valid), 'text/plain') },
  { name: 'a look-alike JSON type', init: (r) => json(JSON.stringify(r.valid), 'application/jsonp') },
  {
    name: 'form-urlencoded',
    init: (r) =>
      json(new URLSearchParams(Object.entries(r.valid).map(([k, v]) => [k, String(v)])).toString(), 'application/x-www-form-urlencoded'),
  },
  { name: 'multipart without a boundary', init: () => json('--x\r\n\r\n', 'multipart/form-data') },
  { name: 'multipart with a garbage body', init: () => json('this is not multipart at all', 'multipart/form-data; boundary=----b') },
];

/** Valid JSON objects with wrong types in the fields each route reads. */
const wrongTypes: Record<Route['name'], Array<Record<string, unknown>>> = {
  'POST /api/stones': [
    ...[[], ['a@example.org'], 42, null, true, { nested: { deep: ['a@example.org'] } }].map((creatorEmail) => ({
      creatorEmail,
      title: 'T',
    })),
    ...[[], ['T'], 42, null, false, { toString: 'T' }].map((title) => ({ creatorEmail: 'a@example.org', title })),
    ...[[], 42, null, { text: 'story' }].map((story) => ({ creatorEmail: 'a@example.org', title: 'T', story })),
    ...[[], 42, null, { on: true }, 'yes'].map((hasPhotos) => ({ creatorEmail: 'a@example.org', title: 'T', hasPhotos })),
    ...[[], 7, null, { token: 'human' }, 'x'.repeat(5000)].map((recaptchaToken) => ({
      creatorEmail: 'a@example.org',
      title: 'T',
      recaptchaToken,
    })),
    { creatorEmail: 'a@example.org', title: 'T', paymentIntentId: { id: 'pi_1' } },
    { creatorEmail: 'a@example.org', title: 'T', isPaid: 'true' },
    { creatorEmail: `${'a'.repeat(300)}@example.org`, title: 'T' },
  ],
  'POST /api/stones/{code}/finds': [
    ...[[], ['Berlin'], 42, null, true, { nested: { deep: 'Berlin' } }, 'x'.repeat(301)].map((location) => ({ location })),
    ...[[], [52.5], {}, true, { lat: 52.5 }, '52,5', 'NaN', '1e400'].map((latitude) => ({ location: 'x', latitude, longitude: 13.4 })),
    ...[[], [13.4], {}, false].map((longitude) => ({ location: 'x', latitude: 52.5, longitude })),
    ...[[], 42, true, { text: 'c' }].map((comment) => ({ location: 'x', comment })),
    ...[[], 42, true, { address: 'f@example.org' }, ['f@example.org']].map((finderEmail) => ({ location: 'x', finderEmail })),
  ],
  'POST /api/stones/{code}/notifications': [
    ...[[], ['f@example.org'], 42, null, true, { nested: { deep: 'f@example.org' } }, 'x'.repeat(MB / 32)].map((email) => ({ email })),
    { mail: 'f@example.org' },
    {},
  ],
};

/** What valibot says when a schema has no message of its own: the API must never echo that. */
const RAW_VALIDATOR_MESSAGE = /^Invalid \w+: /;

async function expectRefused(res: Response): Promise<void> {
  expect(res.status).toBeGreaterThanOrEqual(400);
  expect(res.status).toBeLessThan(500);
  expect(res.headers.get('content-type')).toMatch(/^application\/json/);
  const body = await res.json<ApiErrorBody>();
  expect(Object.keys(body)).toEqual(['error']);
  expect(body.error.code).toMatch(/^[A-Z_]+$/);
  expect(typeof body.error.message).toBe('string');
  expect(body.error.message.length).toBeGreaterThan(0);
  expect(body.error.message).not.toMatch(RAW_VALIDATOR_MESSAGE);
  const extra = Object.keys(body.error).filter((k) => !['code', 'message', 'details'].includes(k));
  expect(extra).toEqual([]);
  if (body.error.details !== undefined) {
    for (const value of Object.values(body.error.details)) {
      expect(typeof value).toBe('string');
      expect(value).not.toMatch(RAW_VALIDATOR_MESSAGE);
    }
  }
}

describe.each(routes)('$name refuses hostile input with a 4xx and the one error shape', (route) => {
  it.each(hostileBodies)('refuses $name and writes nothing', async ({ init }) => {
    const { code } = await createStone();
    const before = await snapshot();
    await expectRefused(await call(route.path(code), init(route)));
    expect(await snapshot()).toEqual(before);
  });

  it.each(wrongTypes[route.name].map((body) => ({ body, label: JSON.stringify(body).slice(0, 80) })))(
    'refuses the wrong types in $label and writes nothing',
    async ({ body }) => {
      const { code } = await createStone();
      const before = await snapshot();
      await expectRefused(await call(route.path(code), json(JSON.stringify(body))));
      expect(await snapshot()).toEqual(before);
    },
  );

  it('still accepts its valid body, so the refusals above are about the input', async () => {
    const { code } = await createStone();
    const res = await call(route.path(code), json(JSON.stringify(route.valid)));
    expect(res.status).toBe(201);
  });
});

const hostileForms: Array<{ name: string; fields: Record<string, string> }> = [
  { name: 'a 1 MB title', fields: { creatorEmail: 'a@example.org', title: 'x'.repeat(MB) } },
  { name: 'a 1 MB e-mail', fields: { creatorEmail: `${'a'.repeat(MB)}@example.org`, title: 'T' } },
  { name: 'a 1 MB reCAPTCHA token', fields: { creatorEmail: 'a@example.org', title: 'T', recaptchaToken: 'x'.repeat(MB) } },
  { name: 'a feature flag that is not a boolean', fields: { creatorEmail: 'a@example.org', title: 'T', hasPhotos: 'maybe' } },
  { name: 'a paid flag', fields: { creatorEmail: 'a@example.org', title: 'T', isPaid: 'true' } },
  { name: 'no fields at all', fields: {} },
];

describe('the multipart create form refuses hostile fields', () => {
  it.each(hostileForms)('refuses $name and writes nothing', async ({ fields }) => {
    const before = await snapshot();
    await expectRefused(await call('/api/stones', { method: 'POST', body: multipartBody(fields) }));
    expect(await snapshot()).toEqual(before);
  });

  it('refuses a file where a text field belongs', async () => {
    const form = new FormData();
    form.append('creatorEmail', new File(['a@example.org'], 'email.txt', { type: 'text/plain' }));
    form.append('title', 'T');
    const before = await snapshot();
    await expectRefused(await call('/api/stones', { method: 'POST', body: form }));
    expect(await snapshot()).toEqual(before);
  });
});

describe('unsupported methods and paths under /api', () => {
  it.each([
    { method: 'PUT', path: '/api/stones' },
    { method: 'DELETE', path: '/api/stones/ABC-123-DEF' },
    { method: 'POST', path: '/api/stones/ABC-123-DEF' },
    { method: 'POST', path: '/api/statistics' },
    { method: 'POST', path: '/api/stones/ABC-123-DEF/finds/extra' },
  ])('answers $method $path with a JSON 4xx', async ({ method, path }) => {
    await expectRefused(await call(path, { method, headers: { 'content-type': 'application/json' }, body: '{}' }));
  });
});
