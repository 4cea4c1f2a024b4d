/**
 * D1 sessions (decision record 014): every write route hands back its bookmark, in the `x-d1-bookmark` header
 * and a short-lived cookie; a read accepts it from either, and ignores a malformed one.
 *
 * The write routes come from the app's route table: a new one fails the first test until it gets a request here.
 */
import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { app } from '../../src/worker/app';
import { BOOKMARK_COOKIE, BOOKMARK_HEADER, requestBookmark } from '../../src/worker/lib/d1-session';
import { operatorOnly, publicRoute } from '../../src/worker/lib/routing';
import { collectionBody, insertCollection } from '../support/collections';
import { call, insertFind, insertStone, postFind } from '../support/factory';
import { operatorToken } from '../support/operator';

const FCM = 'https://fcm.googleapis.com/fcm/send/sessions';
const PUSH_KEYS = { p256dh: `B${'A'.repeat(86)}`, auth: 'A'.repeat(22) };

const WRITE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
const BOOKMARK = /^[0-9a-f]{8}-[0-9a-f]{8}-[0-9a-f]{8}-[0-9a-f]{32}$/;

/** Every write route of the API as `METHOD /public/path`, operator routes marked. */
function writeRoutes(): string[] {
  const labels = new Set<string>();
  for (const entry of app.routes) {
    if (!WRITE_METHODS.has(entry.method)) continue;
    const { path, side } = publicRoute(entry.path);
    if (!path.startsWith('/api/')) continue;
    const operator = side === 'operator' || (side === undefined && operatorOnly(entry.path));
    labels.add(`${entry.method} ${path}${operator ? ' (operator)' : ''}`);
  }
  return [...labels];
}

const TINY_PNG = Uint8Array.from(
  atob('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg=='),
  (c) => c.charCodeAt(0),
);

interface Fixture {
  code: string;
  id: string;
  adminToken: string;
  findId: string;
  operator: string;
  collection: { id: string; adminToken: string };
}

async function fixture(): Promise<Fixture> {
  const code = `B${crypto.randomUUID().slice(0, 2).toUpperCase()}-2C3-D4E`.replace(/[^0-9A-F-]/g, 'A');
  const stone = await insertStone({ code, hasPhotos: true, hasStory: true, isPaid: true, findSeq: 1 });
  const findId = crypto.randomUUID();
  await insertFind(stone.id, { id: findId, seq: 1, location: 'Berlin', latitude: 52.52, longitude: 13.405 });
  return {
    ...stone,
    findId,
    operator: await operatorToken(`op-${crypto.randomUUID()}@example.org`),
    collection: await insertCollection(),
  };
}

const json = (method: string, body: unknown, headers: Record<string, string> = {}): RequestInit => ({
  method,
  headers: { 'content-type': 'application/json', ...headers },
  body: JSON.stringify(body),
});

/**
 * A request per write route that reaches the database (a success where the tests can make one, else a refusal
 * that had to look something up: an unknown mail token).
 */
const REQUESTS: Record<string, (f: Fixture) => [string, RequestInit]> = {
  'POST /api/stones': () => ['/api/stones', json('POST', { creatorEmail: 'a@example.org', title: 'Neuer Stein' })],
  'POST /api/stones/:code/finds': (f) => [
    `/api/stones/${f.code}/finds`,
    json('POST', { location: 'Hamburg', latitude: 53.55, longitude: 10 }),
  ],
  'POST /api/finds': (f) => ['/api/finds', json('POST', { codes: [f.code], location: 'Lübeck', latitude: 53.87, longitude: 10.69 })],
  'POST /api/stones/:code/finds/:findId/report': (f) => [
    `/api/stones/${f.code}/finds/${f.findId}/report`,
    json('POST', { reason: 'spam' }),
  ],
  'POST /api/stones/:code/notifications': (f) => [`/api/stones/${f.code}/notifications`, json('POST', { email: 'fan@example.org' })],
  'POST /api/stones/:code/owner-link': (f) => [`/api/stones/${f.code}/owner-link`, json('POST', { email: 'fixed-creator@example.org' })],
  'POST /api/notifications/confirm': () => ['/api/notifications/confirm', json('POST', { token: 'x'.repeat(43) })],
  'POST /api/notifications/unsubscribe': () => ['/api/notifications/unsubscribe', json('POST', { token: 'x'.repeat(43) })],
  'POST /api/notifications/preferences': () => [
    '/api/notifications/preferences',
    json('POST', { token: 'x'.repeat(43), frequency: 'daily' }),
  ],
  'PATCH /api/admin/stones/:ownerToken': (f) => [`/api/admin/stones/${f.adminToken}`, json('PATCH', { title: 'Neu' })],
  'DELETE /api/admin/stones/:ownerToken': (f) => [`/api/admin/stones/${f.adminToken}`, { method: 'DELETE' }],
  'POST /api/admin/stones/:ownerToken/photos': (f) => {
    const form = new FormData();
    form.append('photo', new File([TINY_PNG], 'stein.png', { type: 'image/png' }));
    return [`/api/admin/stones/${f.adminToken}/photos`, { method: 'POST', body: form }];
  },
  'DELETE /api/admin/stones/:ownerToken/photos': (f) => [
    `/api/admin/stones/${f.adminToken}/photos`,
    json('DELETE', { photoUrl: '/photos/stones/x/y.png' }),
  ],
  'PATCH /api/admin/stones/:ownerToken/finds/:findId': (f) => [
    `/api/admin/stones/${f.adminToken}/finds/${f.findId}`,
    json('PATCH', { hidden: true }),
  ],
  'POST /api/admin/stones/:ownerToken/revoke-links': (f) => [`/api/admin/stones/${f.adminToken}/revoke-links`, { method: 'POST' }],
  'POST /api/collections': () => ['/api/collections', json('POST', collectionBody())],
  'POST /api/stones/:code/push': (f) => [`/api/stones/${f.code}/push`, json('POST', { endpoint: FCM, keys: PUSH_KEYS })],
  'DELETE /api/stones/:code/push': (f) => [`/api/stones/${f.code}/push`, json('DELETE', { endpoint: FCM })],
  'POST /api/collections/:id/push': (f) => [`/api/collections/${f.collection.id}/push`, json('POST', { endpoint: FCM, keys: PUSH_KEYS })],
  'DELETE /api/collections/:id/push': (f) => [`/api/collections/${f.collection.id}/push`, json('DELETE', { endpoint: FCM })],
  'POST /api/collections/:id/notifications': (f) => [
    `/api/collections/${f.collection.id}/notifications`,
    json('POST', { email: 'fan@example.org' }),
  ],
  'POST /api/collections/:id/owner-link': (f) => [
    `/api/collections/${f.collection.id}/owner-link`,
    json('POST', { email: 'fixed-creator@example.org' }),
  ],
  'PATCH /api/admin/collections/:ownerToken': (f) => [`/api/admin/collections/${f.collection.adminToken}`, json('PATCH', { title: 'Neu' })],
  'DELETE /api/admin/collections/:ownerToken': (f) => [`/api/admin/collections/${f.collection.adminToken}`, { method: 'DELETE' }],
  'POST /api/admin/collections/:ownerToken/stones': (f) => [
    `/api/admin/collections/${f.collection.adminToken}/stones`,
    json('POST', { count: 1 }),
  ],
  'POST /api/admin/collections/:ownerToken/revoke-links': (f) => [
    `/api/admin/collections/${f.collection.adminToken}/revoke-links`,
    { method: 'POST' },
  ],
  'POST /api/admin/login': () => ['/api/admin/login', json('POST', { email: 'niemand@example.org', password: 'falsches-passwort' })],
  'PATCH /api/admin/stones/id/:id (operator)': (f) => [
    `/api/admin/stones/id/${f.id}`,
    json('PATCH', { title: 'Vom Betrieb' }, { authorization: f.operator }),
  ],
  'DELETE /api/admin/stones/id/:id/photos (operator)': (f) => [
    `/api/admin/stones/id/${f.id}/photos`,
    json('DELETE', { photoUrl: '/photos/stones/x/y.png' }, { authorization: f.operator }),
  ],
  'PATCH /api/admin/stones/id/:id/finds/:findId (operator)': (f) => [
    `/api/admin/stones/id/${f.id}/finds/${f.findId}`,
    json('PATCH', { hidden: true }, { authorization: f.operator }),
  ],
  'DELETE /api/admin/stones/:id (operator)': (f) => [
    `/api/admin/stones/${f.id}`,
    { method: 'DELETE', headers: { authorization: f.operator } },
  ],
  // The fixture's find has no open report: a refusal that had to look for one.
  'POST /api/admin/reports/:findId (operator)': (f) => [
    `/api/admin/reports/${f.findId}`,
    json('POST', { action: 'dismiss' }, { authorization: f.operator }),
  ],
  'POST /api/admin/logout (operator)': (f) => ['/api/admin/logout', { method: 'POST', headers: { authorization: f.operator } }],
  'POST /api/admin/mails/:id/resend (operator)': (f) => [
    `/api/admin/mails/${crypto.randomUUID()}/resend`,
    { method: 'POST', headers: { authorization: f.operator } },
  ],
  'POST /api/admin/blog (operator)': (f) => [
    '/api/admin/blog',
    json(
      'POST',
      { title: `Artikel ${crypto.randomUUID()}`, excerpt: 'Kurz', content: '<p>Text</p>', published: true },
      { authorization: f.operator },
    ),
  ],
  'PUT /api/admin/blog/:id (operator)': (f) => [
    `/api/admin/blog/${crypto.randomUUID()}`,
    json('PUT', { title: 'Titel', excerpt: 'Kurz', content: '<p>Text</p>', published: true }, { authorization: f.operator }),
  ],
  'DELETE /api/admin/blog/:id (operator)': (f) => [
    `/api/admin/blog/${crypto.randomUUID()}`,
    { method: 'DELETE', headers: { authorization: f.operator } },
  ],
};

/**
 * Routes that answer before any query here: without Stripe, the payment routes refuse at once (a promo code is
 * only counted after Stripe has answered; payments.routes.test.ts runs them against the fake Stripe).
 */
const WITHOUT_QUERY = new Set(['POST /api/validate-promo-code', 'POST /api/create-payment-intent', 'POST /api/webhooks/stripe']);

const ROUTES = writeRoutes();

describe('every write hands back its D1 bookmark', () => {
  it('has a request for every write route of the route table, and none for a route that is gone', () => {
    expect(ROUTES.filter((label) => !(label in REQUESTS) && !WITHOUT_QUERY.has(label))).toEqual([]);
    expect(Object.keys(REQUESTS).filter((label) => !ROUTES.includes(label))).toEqual([]);
  });

  for (const label of ROUTES.filter((route) => route in REQUESTS)) {
    it(`${label}: in the x-d1-bookmark header and an HttpOnly, SameSite=Lax, short-lived cookie`, async () => {
      const [path, init] = REQUESTS[label]?.(await fixture()) ?? ['', {}];
      const res = await call(path, init);
      expect(res.status, `${label} answered ${res.status}: ${await res.clone().text()}`).toBeLessThan(500);
      const bookmark = res.headers.get(BOOKMARK_HEADER) ?? '';
      expect(bookmark).toMatch(BOOKMARK);
      const cookie = res.headers.getSetCookie().find((c) => c.startsWith(`${BOOKMARK_COOKIE}=`)) ?? '';
      expect(cookie).toContain(`${BOOKMARK_COOKIE}=${bookmark};`);
      expect(cookie).toMatch(/; HttpOnly/);
      expect(cookie).toMatch(/; SameSite=Lax/);
      expect(cookie).toMatch(/; Max-Age=60;/);
      expect(cookie).toMatch(/; Secure/);
    });
  }

  it('gives no bookmark and sets no cookie on a read', async () => {
    const f = await fixture();
    const res = await call(`/api/stones/${f.code}`);
    expect(res.status).toBe(200);
    expect(res.headers.get(BOOKMARK_HEADER)).toBeNull();
    expect(res.headers.get('set-cookie')).toBeNull();
  });
});

describe('a read takes the bookmark back', () => {
  it('shows the finder their find right after logging it, with the bookmark in the header or the cookie', async () => {
    const f = await fixture();
    const found = await postFind(f.code, { location: 'Lübeck', latitude: 53.87, longitude: 10.69 });
    expect(found.status).toBe(201);
    const bookmark = found.headers.get(BOOKMARK_HEADER) ?? '';
    const carriers: Array<Record<string, string>> = [
      { [BOOKMARK_HEADER]: bookmark },
      { cookie: `lang=de; ${BOOKMARK_COOKIE}=${bookmark}` },
    ];
    for (const headers of carriers) {
      const res = await call(`/api/stones/${f.code}`, { headers });
      expect(res.status).toBe(200);
      expect(JSON.stringify(await res.json())).toContain('Lübeck');
      const page = await call(`/${f.code}`, { headers: { ...headers, accept: 'text/html' } });
      expect(page.status).toBe(200);
      expect(await page.text()).toContain('Lübeck');
    }
  });

  it('ignores a malformed bookmark: no error, the read goes anywhere', async () => {
    const f = await fixture();
    for (const garbage of ['garbage', `${'f'.repeat(8)}-zz`, 'x'.repeat(5000), '../../', '00000000-00000001-00000000-0000']) {
      const res = await call(`/api/stones/${f.code}`, { headers: { [BOOKMARK_HEADER]: garbage, cookie: `${BOOKMARK_COOKIE}=${garbage}` } });
      expect(res.status).toBe(200);
      const page = await call(`/view/${f.code}`, { headers: { [BOOKMARK_HEADER]: garbage, accept: 'text/html' } });
      expect(page.status).toBe(200);
    }
    expect(requestBookmark(new Request('https://x/', { headers: { [BOOKMARK_HEADER]: 'garbage' } }))).toBeNull();
  });

  it('runs a page and its data read in the one session of the request', async () => {
    const f = await fixture();
    const opened: string[] = [];
    const database = env.DB;
    const counting = new Proxy(database, {
      get(target, name) {
        if (name === 'withSession') {
          return (constraint: string) => {
            opened.push(constraint);
            return target.withSession(constraint);
          };
        }
        const value = Reflect.get(target, name);
        return typeof value === 'function' ? value.bind(target) : value;
      },
    });
    const res = await app.fetch(
      new Request(`https://reisesteine.test/${f.code}`, { headers: { accept: 'text/html', 'cf-connecting-ip': '2001:db8::7' } }),
      { ...env, DB: counting },
      { waitUntil() {}, passThroughOnException() {}, props: {} } as unknown as ExecutionContext,
    );
    expect(res.status).toBe(200);
    await res.text();
    expect(opened).toEqual(['first-unconstrained']);
  });
});
