/**
 * The robustness suite, generated from the app's own route table (`app.routes`): every API route, as a client
 * addresses it, meets one list of hostile bodies, odd parameter values, the methods it does not take and odd
 * paths, and answers each with the one status decided for it, in the one error shape, changing nothing.
 *
 * A new route is covered without editing this file. If it brings a path parameter or a kind of body this file
 * does not know, the first tests below fail and say which line to add.
 */
import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import type { AdminSide } from '../../src/worker/lib/routing';
import {
  type Answer,
  type ApiRoute,
  address,
  answer,
  BODY_KIND,
  type BodyKind,
  ODD_ARTICLE_ID,
  ODD_COLLECTION_ID,
  PARAMETERS,
  QUERIES,
  ROUTES,
  SAMPLE_CODE,
  sampleStone,
  WRITE_METHODS,
} from '../support/api-routes';
import { call, expectApiError, snapshot } from '../support/factory';
import { operatorToken } from '../support/operator';

/** Path segments no parameter takes. */
const ODD_VALUES: Array<{ name: string; segment: string }> = [
  { name: '10,000 characters', segment: 'A'.repeat(10_000) },
  { name: 'encoded slashes', segment: 'ABC%2F123%2FDEF' },
  { name: 'an encoded climb to another route', segment: '..%2F..%2Fstatistics' },
  { name: 'an emoji', segment: encodeURIComponent('🪨') },
  { name: 'a code of CJK characters', segment: encodeURIComponent('石石石-石石石-石石石') },
  { name: 'SQL', segment: encodeURIComponent("' OR '1'='1") },
  { name: 'markup', segment: encodeURIComponent('<script>alert(1)</script>') },
  { name: 'a NUL byte', segment: '%00' },
  { name: 'a broken percent escape', segment: '%ZZ' },
  { name: 'an encoded percent sign', segment: '%25' },
  { name: 'a prototype key', segment: '__proto__' },
];

// ---------------------------------------------------------------------------------------------------------------
// Sides: decision record 006 lets the Authorization header alone decide who is calling under /api/admin/stones

/**
 * Who calls a route: a logged-in operator (a valid token, as the login answers it) for the operator's routes, so
 * the suite reaches their own checks and not only the operator guard in front of them; nobody for the others.
 */
async function sideHeaders(route: ApiRoute): Promise<Record<string, string>> {
  return route.side === 'operator' ? { authorization: `Bearer ${await operatorToken()}` } : {};
}

/** What a method no route of the path takes gets: the API's JSON 404; on the owner side, a 401 (only owner routes exist there). */
const UNSUPPORTED_METHOD: Record<AdminSide | 'public', Answer> = {
  public: answer(404, 'NOT_FOUND'),
  owner: answer(401, 'UNAUTHORIZED'),
  operator: answer(404, 'NOT_FOUND'),
};

const INVALID_JSON = answer(400, 'INVALID_JSON');
const INVALID_FIELDS = answer(400, 'VALIDATION_ERROR');
const NOT_UTF8 = answer(400, 'INVALID_ENCODING');
const TOO_LARGE = answer(413, 'PAYLOAD_TOO_LARGE');
const UNSUPPORTED_TYPE = answer(415, 'UNSUPPORTED_MEDIA_TYPE');
const INVALID_FORM = answer(400, 'INVALID_FORM');
const NOT_ONE_CLICK = answer(400, 'VALIDATION_ERROR');
const NO_STRIPE = answer(503, 'PAYMENTS_UNAVAILABLE');

/** The kinds of route that read a body. */
type ReadingKind = Exclude<BodyKind, 'none'>;

/** A body's answer on each kind of route: `json` for the JSON readers, and where another kind differs. */
function answers(json: Answer, others: Partial<Record<ReadingKind, Answer>> = {}): Record<ReadingKind, Answer> {
  return {
    json,
    'json-or-form': json,
    'json-or-urlencoded': json,
    'json-or-one-click': json,
    'photo-form': UNSUPPORTED_TYPE,
    'stripe-first': NO_STRIPE,
    ...others,
  };
}

const NOT_JSON = answers(UNSUPPORTED_TYPE, { 'json-or-one-click': NOT_ONE_CLICK });
const MALFORMED_FORM = answers(UNSUPPORTED_TYPE, {
  'json-or-form': INVALID_FORM,
  'json-or-one-click': NOT_ONE_CLICK,
  'photo-form': INVALID_FORM,
});

/** The fields of every JSON route at once, so that a refusal below is about the wrapping, not a missing field. */
const FIELD_VALUES = {
  creatorEmail: 'a@example.org',
  title: 'T',
  location: 'Berlin',
  email: 'a@example.org',
  token: 'x'.repeat(43),
  promoCode: 'SOMMER',
  amount: 5,
  hidden: true,
  photoUrl: '/api/photos/stones/x/y.jpg',
};
const FIELDS = JSON.stringify(FIELD_VALUES);

const MB = 1024 * 1024;
const JSON_TYPE = 'application/json';
const encoder = new TextEncoder();

/** FIELDS with bytes that are not UTF-8 (a lone continuation byte, an overlong "/", a cut sequence) in a string. */
function notUtf8(): Uint8Array {
  const [before = '', after = ''] = FIELDS.split('"T"');
  return new Uint8Array([...encoder.encode(`${before}"`), 0x80, 0xc0, 0xaf, 0xe2, 0x82, ...encoder.encode(`"${after}`)]);
}

interface HostileBody {
  name: string;
  /** The Content-Type header, or null for none. */
  type: string | null;
  /** A Content-Encoding header, when the body claims one. */
  encoding?: string;
  body: () => BodyInit;
  answers: Record<ReadingKind, Answer>;
}

/** Bodies no write route can take. */
const HOSTILE_BODIES: HostileBody[] = [
  { name: 'an empty body', type: JSON_TYPE, body: () => '', answers: answers(INVALID_JSON) },
  { name: 'truncated JSON', type: JSON_TYPE, body: () => FIELDS.slice(0, -3), answers: answers(INVALID_JSON) },
  { name: 'two JSON documents back to back', type: JSON_TYPE, body: () => FIELDS + FIELDS, answers: answers(INVALID_JSON) },
  {
    name: 'JavaScript instead of JSON (single quotes, a trailing comma)',
    type: JSON_TYPE,
    body: () => "{'title': 'T', 'location': 'Berlin',}",
    answers: answers(INVALID_JSON),
  },
  { name: 'JSON null', type: JSON_TYPE, body: () => 'null', answers: answers(INVALID_JSON) },
  { name: 'a JSON number', type: JSON_TYPE, body: () => '42', answers: answers(INVALID_JSON) },
  { name: 'a JSON array around valid fields', type: JSON_TYPE, body: () => `[${FIELDS}]`, answers: answers(INVALID_JSON) },
  {
    name: 'arrays nested 10,000 levels deep',
    type: JSON_TYPE,
    body: () => `${'['.repeat(10_000)}${']'.repeat(10_000)}`,
    answers: answers(INVALID_JSON),
  },
  { name: 'an empty object', type: JSON_TYPE, body: () => '{}', answers: answers(INVALID_FIELDS) },
  { name: 'the fields hidden under __proto__', type: JSON_TYPE, body: () => `{"__proto__":${FIELDS}}`, answers: answers(INVALID_FIELDS) },
  {
    name: 'an object nested 3,000 levels deep',
    type: JSON_TYPE,
    body: () => `${'{"a":'.repeat(3_000)}1${'}'.repeat(3_000)}`,
    answers: answers(INVALID_FIELDS),
  },
  { name: 'valid fields after 1 MB of spaces', type: JSON_TYPE, body: () => `${' '.repeat(MB)}${FIELDS}`, answers: answers(TOO_LARGE) },
  { name: 'bytes that are not UTF-8 in a JSON string', type: JSON_TYPE, body: notUtf8, answers: answers(NOT_UTF8) },
  {
    name: 'UTF-16 instead of UTF-8',
    type: JSON_TYPE,
    body: () => new Uint8Array(Uint16Array.from(FIELDS, (c) => c.charCodeAt(0)).buffer),
    answers: answers(INVALID_JSON),
  },
  // Bytes, not a string: fetch would label a string body text/plain.
  { name: 'JSON without a content type', type: null, body: () => encoder.encode(FIELDS), answers: NOT_JSON },
  { name: 'JSON sent as text/plain', type: 'text/plain', body: () => FIELDS, answers: NOT_JSON },
  { name: 'JSON under a look-alike type (application/jsonp)', type: 'application/jsonp', body: () => FIELDS, answers: NOT_JSON },
  {
    name: 'the fields form-urlencoded',
    type: 'application/x-www-form-urlencoded',
    body: () => new URLSearchParams(Object.entries(FIELD_VALUES).map(([name, value]) => [name, String(value)])).toString(),
    answers: { ...NOT_JSON, 'json-or-urlencoded': INVALID_FIELDS },
  },
  {
    name: 'multipart without a boundary',
    type: 'multipart/form-data',
    body: () => '--b\r\nContent-Disposition: form-data; name="title"\r\n\r\nT\r\n--b--',
    answers: MALFORMED_FORM,
  },
  {
    name: 'truncated multipart',
    type: 'multipart/form-data; boundary=b',
    body: () => '--b\r\nContent-Disposition: form-data; name="title"\r\n\r\nT',
    answers: MALFORMED_FORM,
  },
  // The Worker decodes no request body: a content coding is refused whether the bytes are compressed or not.
  {
    name: 'JSON that says it is gzip but is not',
    type: JSON_TYPE,
    encoding: 'gzip',
    body: () => FIELDS,
    answers: answers(UNSUPPORTED_TYPE),
  },
  {
    name: 'gzip-compressed JSON',
    type: JSON_TYPE,
    encoding: 'gzip',
    body: () => new Blob([FIELDS]).stream().pipeThrough(new CompressionStream('gzip')),
    answers: answers(UNSUPPORTED_TYPE),
  },
];

/** Everything a write could change: the database (the blog's articles too) and the photo bucket. */
async function state() {
  const { results: articles } = await env.DB.prepare('SELECT id, title, slug, published, updated_at FROM blog_posts ORDER BY id').all();
  return { database: await snapshot(), articles, photos: (await env.PHOTOS.list()).objects.map((object) => object.key) };
}

// ---------------------------------------------------------------------------------------------------------------

const missingSamples = [...new Set(ROUTES.flatMap((route) => route.params))].filter((name) => !(name in PARAMETERS));
const knowsParameters = (route: ApiRoute) => route.params.every((name) => name in PARAMETERS);
const writeRoutes = ROUTES.filter((route) => WRITE_METHODS.has(route.method));
const unknownBodies = writeRoutes.filter((route) => !(route.label in BODY_KIND));
const staleBodyKinds = Object.keys(BODY_KIND).filter((label) => !writeRoutes.some((route) => route.label === label));

describe('the route table this suite is generated from', () => {
  it('lists the API routes with their public paths and sides', () => {
    const labels = ROUTES.map((route) => route.label);
    expect(labels).toContain('GET /api/stones/:code');
    expect(labels).toContain('POST /api/stones/:code/finds');
    expect(ROUTES.find((route) => route.label === 'POST /api/admin/stones/:ownerToken/photos')?.side).toBe('owner');
    expect(ROUTES.find((route) => route.label === 'PATCH /api/admin/stones/id/:id (operator)')?.side).toBe('operator');
    // The mount points of the two sides are no public address.
    expect(labels.filter((label) => /\/(?:owner|operator)(?:\/|$)/.test(label))).toEqual([]);
  });

  it('has a sample for every path parameter', () => {
    expect(missingSamples, `add a sample for ${missingSamples.map((name) => `:${name}`).join(', ')} to PARAMETERS`).toEqual([]);
  });

  it('knows the body kind of every write route, and of no route that is gone', () => {
    expect(
      unknownBodies.map((route) => route.label),
      'add these routes to BODY_KIND (and a kind to HOSTILE_BODIES if theirs is new)',
    ).toEqual([]);
    expect(staleBodyKinds, 'remove these routes from BODY_KIND').toEqual([]);
    expect(
      Object.keys(QUERIES).filter((label) => !ROUTES.some((route) => route.label === label)),
      'remove these routes from QUERIES',
    ).toEqual([]);
  });
});

// ---------------------------------------------------------------------------------------------------------------

const hostileCases = writeRoutes.filter(knowsParameters).flatMap((route) => {
  const kind = BODY_KIND[route.label];
  if (!kind || kind === 'none') return [];
  return HOSTILE_BODIES.map((hostile) => {
    const { status, code } = hostile.answers[kind];
    return { route, hostile, status, code, title: `${route.label}: ${status} ${code} for ${hostile.name}` };
  });
});

describe('every write route refuses every hostile body with the answer decided for its kind, changing nothing', () => {
  for (const { route, hostile, status, code, title } of hostileCases) {
    it(title, async () => {
      const stone = await sampleStone();
      const headers = new Headers(await sideHeaders(route));
      const before = await state();
      if (hostile.type !== null) headers.set('content-type', hostile.type);
      if (hostile.encoding) headers.set('content-encoding', hostile.encoding);
      await expectApiError(await call(address(route, stone), { method: route.method, headers, body: hostile.body() }), status, code);
      expect(await state()).toEqual(before);
    });
  }
});

// ---------------------------------------------------------------------------------------------------------------

const oddParameterCases = ROUTES.flatMap((route) =>
  route.params.flatMap((name) => {
    const parameter = PARAMETERS[name];
    if (!parameter || !knowsParameters(route)) return [];
    const { status, code } =
      name === 'id' && route.path.startsWith('/api/admin/blog/')
        ? ODD_ARTICLE_ID
        : name === 'id' && route.path.startsWith('/api/collections/')
          ? ODD_COLLECTION_ID
          : parameter.odd;
    return ODD_VALUES.map((odd) => ({
      route,
      name,
      odd,
      status,
      code,
      title: `${route.label}: ${status} ${code} for :${name} = ${odd.name}`,
    }));
  }),
);

/**
 * A route checks its address before its body: a write gets `{}`, which no route takes, and the answer is still
 * the parameter's.
 */
describe('every route refuses a parameter value that names nothing, changing nothing', () => {
  for (const { route, name, odd, status, code, title } of oddParameterCases) {
    it(title, async () => {
      const stone = await sampleStone();
      const side = await sideHeaders(route);
      const before = await state();
      const write = WRITE_METHODS.has(route.method);
      const res = await call(address(route, stone, { [name]: odd.segment }), {
        method: route.method,
        headers: { ...side, ...(write ? { 'content-type': JSON_TYPE } : {}) },
        body: write ? '{}' : null,
      });
      await expectApiError(res, status, code);
      expect(await state()).toEqual(before);
    });
  }
});

// ---------------------------------------------------------------------------------------------------------------

/** Accept-Language values no browser sends; the answer must not change for them. */
const ODD_LANGUAGES = ['*', 'zz-INVALID-@@', 'x'.repeat(5000), 'de;q=abc, en;q=-1, *;q=2', ',,,;;;', `de-DE-x-${'a'.repeat(200)}`];

const readRoutes = ROUTES.filter((route) => route.method === 'GET' && knowsParameters(route));

describe('every read route answers its sample', () => {
  for (const route of readRoutes) {
    it(`${route.label}: 200, whatever the Accept-Language, and 200 without a body to HEAD`, async () => {
      const stone = await sampleStone();
      const side = await sideHeaders(route);
      for (const language of [null, ...ODD_LANGUAGES]) {
        const res = await call(address(route, stone), {
          headers: { ...side, ...(language === null ? {} : { 'accept-language': language }) },
        });
        expect(res.status, `Accept-Language: ${language?.slice(0, 40)}`).toBe(200);
        await res.arrayBuffer();
      }
      const head = await call(address(route, stone), { method: 'HEAD', headers: side });
      expect(head.status).toBe(200);
      expect(await head.text()).toBe('');
    });
  }
});

// ---------------------------------------------------------------------------------------------------------------

const METHODS = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS', 'PROPFIND'];

/** Each route path with the methods its routes take (HEAD comes with GET). */
const routePaths = [
  ...ROUTES.filter(knowsParameters)
    .reduce((paths, route) => {
      const key = `${route.path} ${route.side ?? 'public'}`;
      const entry = paths.get(key) ?? { route, methods: new Set<string>() };
      entry.methods.add(route.method);
      if (route.method === 'GET') entry.methods.add('HEAD');
      return paths.set(key, entry);
    }, new Map<string, { route: ApiRoute; methods: Set<string> }>())
    .values(),
].map(({ route, methods }) => ({
  route,
  unsupported: METHODS.filter((method) => !methods.has(method)),
  title: `${route.path}${route.side === 'operator' ? ' (operator)' : ''}`,
  ...UNSUPPORTED_METHOD[route.side ?? 'public'],
}));

describe('every route path refuses the methods it does not take, changing nothing', () => {
  for (const { route, unsupported, status, code, title } of routePaths) {
    it(`${title}: ${status} ${code} to ${unsupported.join(', ')}`, async () => {
      const stone = await sampleStone();
      const side = await sideHeaders(route);
      const before = await state();
      for (const method of unsupported) {
        const body = method === 'GET' || method === 'HEAD' ? null : '{}';
        const res = await call(address(route, stone), {
          method,
          // A browser's preflight from a foreign site: the API must not let it send credentials (our calls include cookies).
          headers: {
            ...side,
            'content-type': JSON_TYPE,
            origin: 'https://evil.example',
            'access-control-request-method': 'POST',
          },
          body,
        });
        expect(res.headers.get('access-control-allow-origin'), method).toBeNull();
        if (method === 'HEAD') {
          expect(res.status, method).toBe(status);
          expect(await res.text(), method).toBe('');
        } else {
          await expectApiError(res, status, code);
        }
      }
      expect(await state()).toEqual(before);
    });
  }
});

// ---------------------------------------------------------------------------------------------------------------

/** Addresses under /api that are no route, or a route spelled oddly, each with its decided answer. */
const ODD_PATHS: Array<{ method: string; path: string; status: number; code: string }> = [
  { method: 'GET', path: '/api', status: 404, code: 'NOT_FOUND' },
  { method: 'GET', path: '/api/', status: 404, code: 'NOT_FOUND' },
  { method: 'GET', path: '/api/nope', status: 404, code: 'NOT_FOUND' },
  { method: 'POST', path: '/api/nope', status: 404, code: 'NOT_FOUND' },
  { method: 'PUT', path: '/api/nope', status: 404, code: 'NOT_FOUND' },
  { method: 'DELETE', path: '/api/nope', status: 404, code: 'NOT_FOUND' },
  { method: 'PATCH', path: '/api/nope', status: 404, code: 'NOT_FOUND' },
  { method: 'GET', path: `/api//stones/${SAMPLE_CODE}`, status: 404, code: 'NOT_FOUND' },
  // Paths are case-sensitive; only the code in them is not.
  { method: 'GET', path: `/api/Stones/${SAMPLE_CODE}`, status: 404, code: 'NOT_FOUND' },
  { method: 'GET', path: `/api/stones/${SAMPLE_CODE}/`, status: 404, code: 'NOT_FOUND' },
  { method: 'GET', path: '/api/stones//finds', status: 404, code: 'NOT_FOUND' },
  { method: 'GET', path: `/api/stones/${SAMPLE_CODE}/qr.svg/extra`, status: 404, code: 'NOT_FOUND' },
  { method: 'GET', path: `/api/stones/${SAMPLE_CODE}/qr.png`, status: 404, code: 'NOT_FOUND' },
  { method: 'GET', path: '/api/statistics/', status: 404, code: 'NOT_FOUND' },
  { method: 'GET', path: '/api/stones/%E0%A4%A', status: 400, code: 'INVALID_CODE' },
  { method: 'GET', path: '/api/stones/%C0%AF', status: 400, code: 'INVALID_CODE' },
  { method: 'GET', path: `/api/stones/${SAMPLE_CODE};jsessionid=1`, status: 400, code: 'INVALID_CODE' },
  { method: 'POST', path: `/api/stones/${SAMPLE_CODE}/finds/`, status: 404, code: 'NOT_FOUND' },
  { method: 'POST', path: `/api//stones/${SAMPLE_CODE}/finds`, status: 404, code: 'NOT_FOUND' },
  { method: 'POST', path: `/api/stones/${SAMPLE_CODE}%2Ffinds`, status: 404, code: 'NOT_FOUND' },
  { method: 'POST', path: '/api/stones/%FF%FE/finds', status: 400, code: 'INVALID_CODE' },
  // Without an Authorization header only the owner's routes exist under the prefix (decision record 006).
  { method: 'GET', path: '/api/admin/stones', status: 401, code: 'UNAUTHORIZED' },
  { method: 'GET', path: '/api/admin/stones/', status: 401, code: 'UNAUTHORIZED' },
  { method: 'POST', path: '/api/admin/stones/%ZZ/finds', status: 401, code: 'UNAUTHORIZED' },
];

describe('odd paths under /api get their decided answer and change nothing', () => {
  for (const { method, path, status, code } of ODD_PATHS) {
    it(`${method} ${path}: ${status} ${code}`, async () => {
      await sampleStone();
      const before = await state();
      const write = WRITE_METHODS.has(method);
      const res = await call(path, {
        method,
        headers: write ? { 'content-type': JSON_TYPE } : {},
        body: write ? JSON.stringify({ location: 'Berlin' }) : null,
      });
      await expectApiError(res, status, code);
      expect(await state()).toEqual(before);
    });
  }

  it('ignores a query string it cannot decode', async () => {
    await sampleStone();
    expect((await call(`/api/stones/${SAMPLE_CODE}?x=%ZZ&&&=&y`)).status).toBe(200);
    expect((await call('/api/statistics?%ZZ')).status).toBe(200);
  });

  it('leaves an address in upper case to the pages, which answer their 404 page', async () => {
    await sampleStone();
    const res = await call(`/API/STONES/${SAMPLE_CODE}`);
    expect(res.status).toBe(404);
    expect(res.headers.get('content-type')).toMatch(/^text\/html/);
    await res.arrayBuffer();
  });
});
