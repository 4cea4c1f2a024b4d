/**
 * Property-based fuzz of the API: 10,000 generated requests over every route of the app's route table (methods,
 * path parameters valid and odd, query strings, headers, JSON, text and multipart bodies with the routes' own field
 * names and odd values, Content-Encoding). For every request: no 5xx (except 503 PAYMENTS_UNAVAILABLE where a route needs Stripe and
 * it is not configured), every error in the API's one JSON shape, and a refused request (4xx) changes neither the
 * database nor the photo bucket.
 *
 * `npm test` runs it with one fixed seed, so two runs on one commit say the same thing; a new seed is a deliberate
 * change, with what it finds fixed. `npm run fuzz` tries new random seeds for as long as it is asked and prints
 * each; FUZZ_SEED=<seed> repeats a run, FUZZ_RUNS=<n> changes its length.
 */
import { createExecutionContext, env, waitOnExecutionContext } from 'cloudflare:test';
import fc from 'fast-check';
import { decodeJwt } from 'jose';
import { afterEach, describe, expect, inject, it, vi } from 'vitest';
import worker from '../../src/worker/index';
import { randomToken, sha256Hex } from '../../src/worker/lib/crypto';
import { loggedOutKey } from '../../src/worker/lib/operator-auth';
import { RATE_LIMITS } from '../../src/worker/lib/rate-limit';
import { type ApiRoute, isCollectionRoute, PARAMETER, ROUTES, type SampleStone, sampleStone } from '../support/api-routes';
import { clientAddress, expectApiError, insertFind, insertStone, ORIGIN, snapshotRows, snapshotText } from '../support/factory';
import { TINY_JPEG } from '../support/images';
import { operatorToken as issueToken } from '../support/operator';

/** The seed `npm test` runs: one that passes on this commit. */
const FIXED_SEED = 657713585;
const SEED = Number(inject('fuzzSeed') || FIXED_SEED);
const TOTAL_RUNS = Number(inject('fuzzRuns') || 10_000);

// ---------------------------------------------------------------------------------------------------------------
// The environment: Stripe (the fake on 127.0.0.1) per request or not, abuse limits answered by the fuzz

/** Routes that answer 503 PAYMENTS_UNAVAILABLE when Stripe is not configured (and only then). */
const NEEDS_STRIPE = new Set([
  'POST /api/validate-promo-code',
  'POST /api/create-payment-intent',
  'POST /api/webhooks/stripe',
  // A paid stone's return asks Stripe about its PaymentIntent.
  'POST /api/stones',
]);

const LIMIT_BINDINGS = Object.values(RATE_LIMITS).map((rule) => rule.binding);

/**
 * The abuse limits answer as the fuzz decides: the real ones (wrangler.toml) would refuse all but the first few
 * writes of a minute and hide every other answer behind 429. rate-limits.routes.test.ts tests the real numbers.
 */
const limiter = (allow: boolean) => ({ limit: async () => ({ success: allow }) });

/** A queue that takes messages and delivers none: mail delivery is not what this suite is about. */
const silentQueue = { send: async () => {}, sendBatch: async () => {} } as unknown as Queue;

function fuzzEnv(stripe: boolean, limited: boolean): Env {
  const limits = Object.fromEntries(LIMIT_BINDINGS.map((name) => [name, limiter(!limited)]));
  const payments = stripe
    ? { STRIPE_SECRET_KEY: 'sk_test_fake', STRIPE_WEBHOOK_SECRET: 'whsec_test_secret', STRIPE_API_BASE: inject('fakeServicesUrl') }
    : { STRIPE_SECRET_KEY: undefined, STRIPE_WEBHOOK_SECRET: undefined };
  return { ...env, ...limits, ...payments, EMAIL_QUEUE: silentQueue } as unknown as Env;
}

// ---------------------------------------------------------------------------------------------------------------
// Generators

/** Every field name a route's schema reads (src/shared/schemas), plus keys no schema should trust. */
const FIELD_NAMES = [
  'creatorEmail',
  'title',
  'count',
  'titles',
  'dedication',
  'story',
  'isPaid',
  'paymentIntentId',
  'hasPhotos',
  'hasStory',
  'recaptchaToken',
  'codes',
  'goal',
  'country',
  'note',
  'name',
  'location',
  'latitude',
  'longitude',
  'comment',
  'finderEmail',
  'precision',
  'email',
  'token',
  'promoCode',
  'amount',
  'features',
  'stoneData',
  'upgradeToken',
  'stripePromotionCodeId',
  'hidden',
  'photoUrl',
  'notifyOnFind',
  'password',
  'clearComment',
  'content',
  'excerpt',
  'slug',
  'published',
  'tags',
  'featuredImage',
  '__proto__',
  'constructor',
];

/** Bodies a route takes, as the fuzz's starting points: its fields then meet odd values. */
const VALID_BODIES: Record<string, Record<string, unknown>> = {
  'POST /api/stones': { creatorEmail: 'fuzz@example.org', title: 'Fuzzstein' },
  'POST /api/stones/:code/finds': { location: 'Berlin', latitude: 52.52, longitude: 13.4, comment: 'Gefunden' },
  'POST /api/finds': { codes: ['A1B-2C3-D4E', 'B0B-CAF-E42'], location: 'Berlin', latitude: 52.52, longitude: 13.4 },
  'POST /api/stones/:code/notifications': { email: 'reader@example.org' },
  'POST /api/stones/:code/owner-link': { email: 'fixed-creator@example.org' },
  'POST /api/collections/:id/notifications': { email: 'reader@example.org' },
  'POST /api/notifications/confirm': { token: 'x'.repeat(43) },
  'POST /api/notifications/unsubscribe': { token: 'x'.repeat(43) },
  'POST /api/notifications/preferences': { token: 'x'.repeat(43), frequency: 'daily' },
  'POST /api/stones/:code/push': {
    endpoint: 'https://fcm.googleapis.com/fcm/send/fuzz',
    keys: { p256dh: `B${'A'.repeat(86)}`, auth: 'A'.repeat(22) },
  },
  'DELETE /api/stones/:code/push': { endpoint: 'https://fcm.googleapis.com/fcm/send/fuzz' },
  'POST /api/collections/:id/push': {
    endpoint: 'https://fcm.googleapis.com/fcm/send/fuzz',
    keys: { p256dh: `B${'A'.repeat(86)}`, auth: 'A'.repeat(22) },
  },
  'DELETE /api/collections/:id/push': { endpoint: 'https://fcm.googleapis.com/fcm/send/fuzz' },
  'POST /api/validate-promo-code': { promoCode: 'ZEHN', amount: 10 },
  'POST /api/create-payment-intent': {
    amount: 10,
    features: { photos: true, story: true },
    stripePromotionCodeId: null,
    stoneData: { creatorEmail: 'buyer@example.org', title: 'Bezahlt', story: 'Lang' },
  },
  'PATCH /api/admin/stones/:ownerToken': { title: 'Neuer Titel', story: 'Neue Geschichte', notifyOnFind: false },
  'DELETE /api/admin/stones/:ownerToken/photos': { photoUrl: `${ORIGIN}/photos/00000000-0000-4000-8000-000000000000.jpg` },
  'PATCH /api/admin/stones/:ownerToken/finds/:findId': { hidden: true },
  'POST /api/admin/login': { email: 'operator@example.org', password: 'secret' },
  'PATCH /api/admin/stones/id/:id (operator)': { title: 'Vom Betreiber', story: 'Neu' },
  'DELETE /api/admin/stones/id/:id/photos (operator)': { photoUrl: `${ORIGIN}/photos/00000000-0000-4000-8000-000000000000.jpg` },
  'PATCH /api/admin/stones/id/:id/finds/:findId (operator)': { hidden: true, clearComment: true },
  'POST /api/admin/blog (operator)': { title: 'Neuer Artikel', excerpt: 'Kurz', content: '<p>Text</p>', published: true, tags: ['a'] },
  'PUT /api/admin/blog/:id (operator)': { title: 'Geändert', excerpt: 'Kurz', content: '<p>Neu</p>', slug: 'geaendert' },
  'POST /api/collections': {
    title: 'Für Oma',
    creatorEmail: 'fuzz@example.org',
    count: 2,
    titles: ['', 'Zweiter'],
    dedication: 'In Liebe',
  },
  'POST /api/collections/:id/owner-link': { email: 'fixed-creator@example.org' },
  'PATCH /api/admin/collections/:ownerToken': { title: 'Neue Sammlung', dedication: 'Neu' },
  'POST /api/admin/collections/:ownerToken/stones': { count: 1, titles: ['Noch einer'] },
};

/** Characters that text fields must survive or refuse: controls, lone surrogates, invisible and bidi marks. */
const ODD_CHARACTERS = ['\u0000', '\u0007', '\u001b', '\u007f', '\uD800', '\uDFFF', '\u200B', '\u202E', '\uFEFF', '\uFFFF', '\r\n'];

const oddString = fc.oneof(
  fc.string({ maxLength: 40 }),
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc
    .tuple(fc.string({ maxLength: 20 }), fc.constantFrom(...ODD_CHARACTERS), fc.string({ maxLength: 20 }))
    .map(([a, odd, b]) => `${a}${odd}${b}`),
  fc.constantFrom('', ' ', '\u200B\u200B', 'a'.repeat(5_000), '<script>alert(1)</script>', "' OR '1'='1", '../../etc/passwd', 'a@b'),
);

const oddNumber = fc.oneof(
  fc.double(),
  fc.integer(),
  fc.constantFrom(1e308, -1e308, 2 ** 53 + 2, 2 ** 64, 5e-324, -0, 90.000001, -180.5, 0.001),
);

const oddValue: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 3, arbitrary: oddString },
  { weight: 2, arbitrary: oddNumber },
  { weight: 2, arbitrary: fc.jsonValue({ maxDepth: 2 }) },
  { weight: 1, arbitrary: fc.constantFrom(true, false, null, [], {}) },
);

/** A form's names may not end with a backslash (the runtime's FormData refuses them on the sending side). */
const formSafe = (name: string) => !name.endsWith('\\');

const fieldName = fc.oneof(
  { weight: 5, arbitrary: fc.constantFrom(...FIELD_NAMES) },
  { weight: 1, arbitrary: fc.string({ maxLength: 12 }).filter(formSafe) },
);

/** Text with at least one odd character in it. */
const oddText = fc
  .tuple(fc.string({ maxLength: 10 }), fc.constantFrom(...ODD_CHARACTERS), fc.string({ maxLength: 10 }))
  .map(([a, odd, b]) => `${a}${odd}${b}`);

/** The text fields people fill in: where odd characters come from. */
const TEXT_FIELDS = ['title', 'story', 'location', 'comment', 'dedication'];

/** A JSON object: a route's valid body (or none) with fields replaced, removed or added, often one text made odd. */
const jsonObject = (label: string) =>
  fc
    .record({
      base: fc.boolean(),
      changes: fc.dictionary(fieldName, fc.option(oddValue, { nil: undefined }), { maxKeys: 4 }),
      text: fc.option(fc.tuple(fc.constantFrom(...TEXT_FIELDS), oddText), { nil: undefined }),
    })
    .map(({ base, changes, text }) => {
      const body: Record<string, unknown> = base ? { ...(VALID_BODIES[label] ?? {}) } : {};
      for (const [key, value] of Object.entries(changes)) {
        if (value === undefined) delete body[key];
        else Object.defineProperty(body, key, { value, enumerable: true, writable: true, configurable: true });
      }
      if (text) body[text[0]] = text[1];
      return body;
    });

/** What a body is; made into a fresh BodyInit for each request. */
type BodySpec =
  | { kind: 'none' }
  | { kind: 'text'; type: string | null; text: string }
  | { kind: 'bytes'; type: string | null; bytes: Uint8Array }
  | { kind: 'multipart'; fields: Array<[string, string]>; files: Array<{ field: string; name: string; bytes: Uint8Array }> };

const JSON_TYPES = ['application/json', 'application/json; charset=utf-8', 'APPLICATION/JSON', 'application/json; charset=latin1'];
const OTHER_TYPES = [
  null,
  'text/plain',
  'application/x-www-form-urlencoded',
  'multipart/form-data',
  'application/jsonp',
  'application/xml',
];

/** JSON texts JSON.stringify cannot write: numbers out of range, duplicate keys, deep nesting, comments. */
const RAW_JSON = [
  '{"amount":1e999,"latitude":-1e400}',
  '{"title":"a","title":"b","creatorEmail":"a@example.org"}',
  '{"latitude":"52.5","longitude":"13.4","location":"Berlin"}',
  `${'{"a":'.repeat(500)}1${'}'.repeat(500)}`,
  '{"location":"Berlin"/*comment*/}',
  '{"location":"\\ud800"}',
  '{"title":"\\u0000"}',
];

const body = (label: string): fc.Arbitrary<BodySpec> =>
  fc.oneof(
    { weight: 6, arbitrary: fc.tuple(fc.constantFrom(...JSON_TYPES), jsonObject(label)).map(([type, value]) => json(type, value)) },
    { weight: 1, arbitrary: fc.tuple(fc.constantFrom(...OTHER_TYPES), jsonObject(label)).map(([type, value]) => json(type, value)) },
    { weight: 1, arbitrary: fc.tuple(fc.constantFrom(...JSON_TYPES), fc.jsonValue()).map(([type, value]) => json(type, value)) },
    {
      weight: 1,
      arbitrary: fc.record({
        kind: fc.constant('text' as const),
        type: fc.constantFrom(...JSON_TYPES, ...OTHER_TYPES),
        text: fc.oneof(fc.constantFrom(...RAW_JSON), fc.string({ unit: 'binary', maxLength: 200 })),
      }),
    },
    {
      weight: 1,
      arbitrary: fc.record({
        kind: fc.constant('bytes' as const),
        type: fc.constantFrom(...JSON_TYPES, ...OTHER_TYPES),
        bytes: fc.uint8Array({ maxLength: 200 }),
      }),
    },
    { weight: 3, arbitrary: multipart(label) },
    { weight: 1, arbitrary: fc.constant({ kind: 'none' as const }) },
  );

const json = (type: string | null, value: unknown): BodySpec => ({ kind: 'text', type, text: JSON.stringify(value) ?? 'null' });

const multipart = (label: string): fc.Arbitrary<BodySpec> =>
  fc.record({
    kind: fc.constant('multipart' as const),
    fields: fc.oneof(
      jsonObject(label).map((object) =>
        Object.entries(object).map(([k, v]): [string, string] => [k, typeof v === 'string' ? v : JSON.stringify(v)]),
      ),
      fc.array(fc.tuple(fieldName, oddString), { maxLength: 4 }),
    ),
    files: fc.array(
      fc.record({
        field: fc.constantFrom('photo', 'photo', 'photos', 'file'),
        name: fc.oneof(fc.constantFrom('a.jpg', 'IMG.JPG', 'x.svg', ''), fc.string({ maxLength: 20 }).filter(formSafe)),
        bytes: fc.oneof(fc.constant(TINY_JPEG), fc.uint8Array({ maxLength: 64 }), fc.constant(new Uint8Array())),
      }),
      { maxLength: 7 },
    ),
  });

function bodyInit(spec: BodySpec): { body: BodyInit | null; type: string | null } {
  switch (spec.kind) {
    case 'none':
      return { body: null, type: null };
    case 'text':
      return { body: new TextEncoder().encode(spec.text), type: spec.type };
    case 'bytes':
      return { body: spec.bytes, type: spec.type };
    case 'multipart': {
      const form = new FormData();
      for (const [name, value] of spec.fields) form.append(name, value);
      for (const file of spec.files) form.append(file.field, new File([file.bytes], file.name, { type: 'image/jpeg' }));
      // fetch writes the multipart type with its boundary.
      return { body: form, type: null };
    }
  }
}

/** A path segment as a client could send it: UTF-8, percent-encoded (lone surrogates become U+FFFD, as browsers do). */
const percentEncoded = (text: string) =>
  [...new TextEncoder().encode(text)]
    .map((byte) =>
      /[A-Za-z0-9_.~-]/.test(String.fromCharCode(byte))
        ? String.fromCharCode(byte)
        : `%${byte.toString(16).toUpperCase().padStart(2, '0')}`,
    )
    .join('');

const oddSegment = fc.oneof(
  oddString.filter((s) => s.length > 0).map(percentEncoded),
  fc.constantFrom(
    '%ZZ',
    '%00',
    '%2F',
    '..',
    '.',
    '%2E%2E',
    'A'.repeat(3_000),
    'abc-def-ghi',
    'ABC-123-DEF',
    '00000000-0000-4000-8000-000000000000',
  ),
);

/** Header values fetch accepts (printable ASCII). */
const headerText = (maxLength: number) =>
  fc.string({ unit: fc.integer({ min: 0x20, max: 0x7e }).map((c) => String.fromCharCode(c)), maxLength });

const METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'];

/** Who calls: nobody, someone with a made-up token, or (for the operator's routes) a logged-in operator. */
const authorization = (operatorToken: string | null) =>
  fc.oneof(
    { weight: operatorToken ? 1 : 9, arbitrary: fc.constant(null) },
    { weight: 1, arbitrary: fc.constantFrom('Bearer x', 'Basic Zm9vOmJhcg==') },
    ...(operatorToken ? [{ weight: 6, arbitrary: fc.constant(`Bearer ${operatorToken}`) }] : []),
  );

/** A path parameter: its sample (null), another real value where there is one, or an odd segment. */
const parameter = (name: string) =>
  fc.oneof(
    { weight: 5, arbitrary: fc.constant(null) },
    // Operator ids name a stone (the sample) or an article.
    ...(name === 'id' ? [{ weight: 2, arbitrary: fc.constant(SAMPLE_POST_ID) }] : []),
    { weight: 1, arbitrary: oddSegment },
  );

const request = (routes: ApiRoute[], operatorToken: string | null) =>
  fc.constantFrom(...routes).chain((route) =>
    fc.record({
      route: fc.constant(route),
      method: fc.oneof({ weight: 9, arbitrary: fc.constant(route.method) }, { weight: 1, arbitrary: fc.constantFrom(...METHODS) }),
      params: fc.record(
        Object.fromEntries(route.params.map((name) => [name, parameter(name)])) as Record<string, fc.Arbitrary<string | null>>,
      ),
      query: fc.option(
        fc.dictionary(
          fc.oneof(fc.constantFrom('q', 'lat', 'lon', 'page', 'pageSize', 'token', 'limit'), headerText(8)),
          fc.oneof(oddString, oddNumber.map(String)),
          { maxKeys: 3 },
        ),
      ),
      language: fc.option(fc.oneof(fc.constantFrom('de-DE', 'en', 'de;q=abc, en;q=-1', '*'), headerText(60))),
      idempotencyKey: fc.option(fc.oneof(fc.uuid(), headerText(300))),
      authorization: authorization(operatorToken),
      stripeSignature: fc.option(headerText(120), { freq: 4 }),
      // Bodies are never compressed here: a Content-Encoding the app cannot honour must not make it fail.
      encoding: fc.option(fc.constantFrom('gzip', 'br', 'deflate', 'identity', 'x-unknown'), { freq: 6 }),
      stripe: fc.boolean(),
      limited: fc.noBias(fc.integer({ min: 0, max: 99 })).map((n) => n < 3),
      body: body(route.label),
    }),
  );

type FuzzRequest = ReturnType<typeof request> extends fc.Arbitrary<infer R> ? R : never;

function describeRequest(r: FuzzRequest, stone: SampleStone): string {
  return `${r.method} ${addressOf(r, stone).slice(0, 200)} (${r.route.label}, stripe: ${r.stripe}, limited: ${r.limited}, body: ${JSON.stringify(r.body).slice(0, 300)})`;
}

function addressOf(r: FuzzRequest, stone: SampleStone): string {
  const collection = isCollectionRoute(r.route.path);
  const samples: Record<string, string> = {
    code: stone.code,
    ownerToken: collection ? stone.collectionToken : stone.adminToken,
    findId: stone.findId,
    slug: 'beispiel-artikel',
    id: collection ? stone.collectionId : stone.id,
  };
  const path = r.route.path.replace(PARAMETER, (_, name: string) => r.params[name] ?? samples[name] ?? '');
  const query = r.query
    ? `?${new URLSearchParams(Object.entries(r.query).map(([k, v]) => [k, v.replace(/[\uD800-\uDFFF]/g, '\uFFFD')]))}`
    : '';
  return `${path}${query}`;
}

// ---------------------------------------------------------------------------------------------------------------
// The property

/** The sample article's id (tests/support/api-routes.ts). */
const SAMPLE_POST_ID = 'sample-post';

/**
 * Everything a write could change: the database (snapshot()'s tables and what operators and buyers write) and the
 * bucket, each as one text (snapshotText), compared after every request.
 */
async function state(): Promise<Record<string, string>> {
  const database = await snapshotText({
    posts: ['blog_posts', ['id', 'slug', 'title', 'excerpt', 'content', 'published', 'tags', 'featured_image']],
    orders: ['orders', ['id', 'stone_id', 'payment_intent_id']],
    moderation: ['finds', ['id', 'hidden', 'comment']],
  });
  return { ...database, photos: JSON.stringify((await env.PHOTOS.list()).objects.map((object) => object.key)) };
}

const sameState = (a: Record<string, string>, b: Record<string, string>) => Object.keys(a).every((name) => a[name] === b[name]);

/**
 * After its owner or an operator deleted the sample stone (or its owner the sample collection with it): the same
 * stone and collection again (new owner tokens), so later requests reach them.
 */
async function restoreSampleStone(stone: SampleStone): Promise<void> {
  const collection = await env.DB.prepare('SELECT id FROM collections WHERE id = ?').bind(stone.collectionId).first('id');
  if (!collection) {
    stone.collectionToken = randomToken();
    await env.DB.prepare(
      "INSERT INTO collections (id, title, creator_email, owner_token_hash, stone_seq) VALUES (?, 'Beispielsammlung', 'fixed-creator@example.org', ?, 1)",
    )
      .bind(stone.collectionId, await sha256Hex(stone.collectionToken))
      .run();
  }
  const again = await insertStone({
    id: stone.id,
    code: stone.code,
    hasPhotos: true,
    hasStory: true,
    isPaid: true,
    findSeq: 1,
    collectionId: stone.collectionId,
  });
  await insertFind(stone.id, { id: stone.findId, seq: 1, location: 'Berlin', latitude: 52.52, longitude: 13.405 });
  stone.adminToken = again.adminToken;
}

/** After the sample's owner links were all made invalid: the same links again, so later requests reach the routes. */
async function restoreSampleLinks(stone: SampleStone): Promise<void> {
  await env.DB.batch([
    env.DB.prepare('UPDATE collections SET owner_token_hash = ? WHERE id = ?').bind(
      await sha256Hex(stone.collectionToken),
      stone.collectionId,
    ),
    env.DB.prepare('UPDATE stones SET owner_token_hash = ? WHERE id = ?').bind(await sha256Hex(stone.adminToken), stone.id),
  ]);
}

/** The deletes that take the sample stone: it is made again after each. */
const DELETES_THE_STONE = new Set([
  'DELETE /api/admin/stones/:id (operator)',
  'DELETE /api/admin/stones/:ownerToken',
  'DELETE /api/admin/collections/:ownerToken',
]);

async function send(r: FuzzRequest, stone: SampleStone): Promise<Response> {
  const headers = new Headers({ 'cf-connecting-ip': clientAddress() });
  const write = r.method !== 'GET';
  const { body, type } = write ? bodyInit(r.body) : { body: null, type: null };
  if (type) headers.set('content-type', type);
  if (r.language !== null) headers.set('accept-language', r.language);
  if (r.idempotencyKey !== null) headers.set('idempotency-key', r.idempotencyKey);
  if (r.authorization !== null) headers.set('authorization', r.authorization);
  if (r.stripeSignature !== null) headers.set('stripe-signature', r.stripeSignature);
  if (r.encoding !== null) headers.set('content-encoding', r.encoding);
  const ctx = createExecutionContext();
  const res = await worker.fetch(
    new Request(`${ORIGIN}${addressOf(r, stone)}`, { method: r.method, headers, body }),
    fuzzEnv(r.stripe, r.limited),
    ctx,
  );
  await waitOnExecutionContext(ctx);
  return res;
}

/** A find of the sample stone as the stone's page reads it. */
async function storedFind(stone: SampleStone, id: string) {
  const ctx = createExecutionContext();
  const res = await worker.fetch(new Request(`${ORIGIN}/api/stones/${stone.code}`), fuzzEnv(false, false), ctx);
  await waitOnExecutionContext(ctx);
  const view = await res.json<{ finds: Array<{ id: string; location: string; comment: string }> }>();
  const find = view.finds.find((f) => f.id === id);
  return find && { location: find.location, comment: find.comment };
}

/**
 * Route groups, each one test with its share of the requests; `reached` is an answer that only a request past the
 * wrapping (type, size, JSON, validation) gets, so a run that never got that far fails.
 */
const GROUPS: Array<{ name: string; share: number; routes: ApiRoute[]; reached: number; operator?: boolean }> = [
  {
    name: 'stones, finds (one or several at once), subscriptions and owner links',
    share: 0.25,
    routes: ROUTES.filter((r) => r.path.startsWith('/api/stones') || r.path === '/api/finds'),
    reached: 201,
  },
  { name: 'mail links', share: 0.1, routes: ROUTES.filter((r) => r.path.startsWith('/api/notifications')), reached: 404 },
  { name: 'the owner’s routes', share: 0.15, routes: ROUTES.filter((r) => r.side === 'owner'), reached: 200 },
  {
    name: 'memorial collections and their owner links',
    share: 0.05,
    routes: ROUTES.filter((r) => isCollectionRoute(r.path) || r.path === '/api/collections'),
    reached: 200,
  },
  {
    name: 'the operator’s routes and login',
    share: 0.1,
    routes: ROUTES.filter(
      (r) => r.side === 'operator' || (r.path.startsWith('/api/admin') && r.side === undefined && !isCollectionRoute(r.path)),
    ),
    reached: 200,
    operator: true,
  },
  {
    name: 'payments',
    share: 0.15,
    routes: ROUTES.filter((r) => NEEDS_STRIPE.has(r.label) && !r.path.startsWith('/api/stones')),
    reached: 200,
  },
  {
    name: 'statistics, blog, geocoder, push key and the API document',
    share: 0.2,
    routes: ROUTES.filter((r) =>
      ['/api/statistics', '/api/blog', '/api/geocode', '/api/push', '/api/openapi.json'].some((prefix) => r.path.startsWith(prefix)),
    ),
    reached: 200,
  },
];

afterEach(() => {
  vi.restoreAllMocks();
});

describe('the fuzz’s route groups', () => {
  it('start from bodies of routes that exist', () => {
    const labels = ROUTES.map((route) => route.label);
    expect(Object.keys(VALID_BODIES).filter((label) => !labels.includes(label))).toEqual([]);
  });

  it('cover every API route exactly once, and the shares make the whole run', () => {
    const grouped = GROUPS.flatMap((group) => group.routes.map((route) => route.label)).sort();
    expect(grouped).toEqual(ROUTES.map((route) => route.label).sort());
    expect(GROUPS.reduce((sum, group) => sum + group.share, 0)).toBeCloseTo(1);
  });
});

describe(`${TOTAL_RUNS.toLocaleString('en')} generated requests (seed ${SEED}; FUZZ_SEED=${SEED} repeats this run)`, () => {
  GROUPS.forEach((group, index) => {
    const runs = Math.max(1, Math.round(TOTAL_RUNS * group.share));
    it(`${group.name}: ${runs} requests, none answered 5xx, every refusal in the one error shape and changing nothing`, {
      timeout: 600_000,
    }, async () => {
      // Refused webhooks and the like log a warning each: thousands of them would drown the report.
      vi.spyOn(console, 'warn').mockImplementation(() => {});
      const stone = await sampleStone();
      const operatorToken = group.operator ? await issueToken() : null;
      let before = await state();
      const statuses = new Map<number, number>();
      await fc.assert(
        fc.asyncProperty(request(group.routes, operatorToken), async (r) => {
          const res = await send(r, stone);
          const what = describeRequest(r, stone);
          statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
          const paymentsMissing = !r.stripe && NEEDS_STRIPE.has(r.route.label);
          if (res.status >= 500) {
            const error = await expectApiError(res, res.status);
            expect(`${res.status} ${error.code}`, what).toBe('503 PAYMENTS_UNAVAILABLE');
            expect(paymentsMissing, `${what}: a 503 only where Stripe is needed and missing`).toBe(true);
          } else if (res.status >= 400) {
            const error = await expectApiError(res, res.status);
            // 429 comes from the abuse limits when the fuzz made them refuse, or from the login's own throttle.
            if (res.status === 429) expect(r.limited || error.code === 'TOO_MANY_LOGINS', `${what}: 429 ${error.code}`).toBe(true);
          } else if (r.route.label === 'POST /api/stones/:code/finds' && res.status === 201) {
            // What a write answers is what was stored: the next read shows the same text.
            const { find } = await res.json<{ find: { id: string; location: string; comment: string } }>();
            const stored = await storedFind(stone, find.id);
            // Compared as JSON text: a lone surrogate in a failure message would break the test runner's report.
            expect(JSON.stringify(stored), `${what}: the find as stored`).toBe(
              JSON.stringify({ location: find.location, comment: find.comment }),
            );
          } else {
            await res.arrayBuffer();
          }
          if (DELETES_THE_STONE.has(r.route.label) && r.method === 'DELETE' && res.status === 200) await restoreSampleStone(stone);
          if (r.route.path.endsWith('/revoke-links') && res.status === 202) await restoreSampleLinks(stone);
          // A logout ends the fuzz's one operator token: the same session again, so later requests reach the routes.
          if (r.route.label === 'POST /api/admin/logout (operator)' && res.status === 204 && operatorToken) {
            await env.CACHE.delete(loggedOutKey(decodeJwt(operatorToken).jti ?? ''));
          }
          const after = await state();
          // Compared text by text; when they differ, row by row, so the failure shows what changed.
          if (res.status >= 400 && !sameState(after, before))
            expect(snapshotRows(after), `${what}: a refused request changed the stored data`).toEqual(snapshotRows(before));
          before = after;
        }),
        { seed: SEED + index, numRuns: runs, endOnFailure: true },
      );
      const histogram = Object.fromEntries([...statuses].sort(([a], [b]) => a - b));
      console.info(`${group.name}: ${JSON.stringify(histogram)}`);
      // The requests reached the routes: limits refused only their share, and some requests got past validation.
      expect((statuses.get(429) ?? 0) / runs).toBeLessThan(0.1);
      expect(statuses.get(group.reached) ?? 0).toBeGreaterThan(0);
    });
  });
});
