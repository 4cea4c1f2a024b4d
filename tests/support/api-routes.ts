/**
 * The API as the generated suites see it (api.robustness.test.ts, api.fuzz.test.ts): every route of the app's own
 * route table (`app.routes`) as a client addresses it, a sample for each path parameter, and how each write route
 * reads its body.
 */
import { env } from 'cloudflare:test';
import { app } from '../../src/worker/app';
import { randomToken, sha256Hex } from '../../src/worker/lib/crypto';
import { type AdminSide, operatorOnly, publicRoute } from '../../src/worker/lib/routing';
import { insertFind, insertStone } from './factory';
import { TINY_JPEG } from './images';

export interface ApiRoute {
  method: string;
  /** The public path pattern, e.g. `/api/stones/:code/finds`. */
  path: string;
  /** Under `/api/admin/stones`: whose route it is (decision record 006). */
  side?: AdminSide;
  params: string[];
  /** `POST /api/stones/:code/finds`: the key of BODY_KIND and the name in test titles. */
  label: string;
}

/** A path parameter in Hono's syntax: `:name`, optionally with a pattern `{…}` or `?`. */
export const PARAMETER = /:(\w+)(?:\{[^}]*\})?\??/g;

export function apiRoutes(): ApiRoute[] {
  const routes = new Map<string, ApiRoute>();
  for (const entry of app.routes) {
    // ALL entries are middleware and catch-alls (the API's 404, the admin prefix's 401), not routes of their own.
    if (entry.method === 'ALL') continue;
    const { path, side: stonesSide } = publicRoute(entry.path);
    // The rest of /api/admin is the operator's too, except the login (lib/routing.ts operatorOnly).
    const side = stonesSide ?? (operatorOnly(entry.path) ? 'operator' : undefined);
    if (!path.startsWith('/api/')) continue;
    const label = `${entry.method} ${path}${side === 'operator' ? ' (operator)' : ''}`;
    routes.set(label, { method: entry.method, path, side, label, params: [...path.matchAll(PARAMETER)].map((m) => m[1] ?? '') });
  }
  return [...routes.values()];
}

export const ROUTES = apiRoutes();
export const WRITE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

// ---------------------------------------------------------------------------------------------------------------
// Path parameters: one sample per name, and what a value that names nothing gets

/** The stone every test addresses; it has the photo feature, so an upload gets past that check to its body. */
export const SAMPLE_CODE = 'FAB-1CE-0DD';

/** The published article the blog's read route addresses. */
export const SAMPLE_SLUG = 'beispiel-artikel';

/** The sample stone's one find, which the owner's moderation routes address. */
export const SAMPLE_FIND = '0f1d0000-0000-4000-8000-000000000001';
const SAMPLE_FIND_PHOTO_KEY = 'finds/0f1d0000-0000-4000-8000-0000000000f0.jpg';

export interface SampleStone {
  id: string;
  code: string;
  adminToken: string;
  findId: string;
  /** The memorial collection the sample stone belongs to, and its owner token. */
  collectionId: string;
  collectionToken: string;
}

/** The sample collection's id (lowercase, as the API spells it). */
export const SAMPLE_COLLECTION = 'kette2samm';

export async function sampleStone(): Promise<SampleStone> {
  // Its counters agree with its one find (a find logged on it takes number 2, and the journey goes on from Berlin).
  const stone = await insertStone({
    code: SAMPLE_CODE,
    hasPhotos: true,
    hasStory: true,
    isPaid: true,
    findSeq: 1,
    lastLatitude: 52.52,
    lastLongitude: 13.405,
  });
  await insertFind(stone.id, { id: SAMPLE_FIND, seq: 1, location: 'Berlin', latitude: 52.52, longitude: 13.405 });
  // Its finder sent a photo, waiting for the owner (the owner's photo route answers it).
  await env.PHOTOS.put(SAMPLE_FIND_PHOTO_KEY, TINY_JPEG, { httpMetadata: { contentType: 'image/jpeg' } });
  await env.DB.prepare("INSERT INTO find_photos (find_id, stone_id, r2_key, content_type, size_bytes) VALUES (?, ?, ?, 'image/jpeg', ?)")
    .bind(SAMPLE_FIND, stone.id, SAMPLE_FIND_PHOTO_KEY, TINY_JPEG.length)
    .run();
  const collectionToken = randomToken();
  await env.DB.batch([
    env.DB.prepare(
      "INSERT INTO collections (id, title, creator_email, owner_token_hash, stone_seq) VALUES (?, 'Beispielsammlung', 'fixed-creator@example.org', ?, 1)",
    ).bind(SAMPLE_COLLECTION, await sha256Hex(collectionToken)),
    env.DB.prepare('UPDATE stones SET collection_id = ? WHERE id = ?').bind(SAMPLE_COLLECTION, stone.id),
  ]);
  await env.DB.prepare(
    "INSERT INTO blog_posts (id, title, slug, excerpt, content, published, author_email) VALUES ('sample-post', 'Beispiel', ?, 'Kurz', '<p>Text</p>', 1, 'redaktion@example.org')",
  )
    .bind(SAMPLE_SLUG)
    .run();
  return { ...stone, findId: SAMPLE_FIND, collectionId: SAMPLE_COLLECTION, collectionToken };
}

/** Whether a route addresses a memorial collection: its `:id` and `:ownerToken` are the sample collection's. */
export const isCollectionRoute = (path: string) => path.startsWith('/api/collections/') || path.startsWith('/api/admin/collections/');

/** A decided answer: status and error code. */
export interface Answer {
  status: number;
  code: string;
}

export const answer = (status: number, code: string): Answer => ({ status, code });

/**
 * Every path parameter of the API by name: a sample that names the sample stone (or, on a collection's routes, the
 * sample collection), and the answer to an odd value.
 */
export const PARAMETERS: Record<string, { sample: (stone: SampleStone, path: string) => string; odd: Answer }> = {
  code: { sample: (stone) => stone.code, odd: answer(400, 'INVALID_CODE') },
  // Anything unlike an owner token is "not found", like a token of no stone (404 means not found or invalid token).
  ownerToken: {
    sample: (stone, path) => (isCollectionRoute(path) ? stone.collectionToken : stone.adminToken),
    odd: answer(404, 'NOT_FOUND'),
  },
  findId: { sample: (stone) => stone.findId, odd: answer(404, 'FIND_NOT_FOUND') },
  slug: { sample: () => SAMPLE_SLUG, odd: answer(404, 'BLOG_POST_NOT_FOUND') },
  // Operator routes only: stone and mail ids (an article's id is answered in the blog's words, see ODD_ARTICLE_ID).
  id: { sample: (stone, path) => (isCollectionRoute(path) ? stone.collectionId : stone.id), odd: answer(404, 'NOT_FOUND') },
};

/** The answer to an odd collection id: the collections' own "not found". */
export const ODD_COLLECTION_ID = answer(404, 'COLLECTION_NOT_FOUND');

/** Read routes that need a query to answer 200 (the geocoder's, answered by the fake one). */
export const QUERIES: Record<string, string> = {
  'GET /api/geocode': '?q=Marienplatz%20M%C3%BCnchen',
  'GET /api/geocode/reverse': '?lat=53.6&lon=10.0',
};

/** The route's address with every parameter filled from its sample, or from `values`. */
export function address(route: ApiRoute, stone: SampleStone, values: Record<string, string> = {}): string {
  const path = route.path.replace(PARAMETER, (_, name: string) => values[name] ?? PARAMETERS[name]?.sample(stone, route.path) ?? '');
  return `${path}${QUERIES[route.label] ?? ''}`;
}

// ---------------------------------------------------------------------------------------------------------------
// Bodies: how each write route reads its body

/**
 * How a write route reads its body, in the order its handler checks (src/worker/api/**):
 * - `json`: a JSON media type (else 415), at most 64 KB (413), UTF-8 (400 INVALID_ENCODING), one JSON object
 *   (400 INVALID_JSON), then its schema (400 VALIDATION_ERROR);
 * - `json-or-form`: the same, or multipart/form-data, the web form (malformed: 400 INVALID_FORM);
 * - `json-or-urlencoded`: the same JSON, or a plain form post's fields (the report page without JavaScript), which
 *   its schema then refuses (400 VALIDATION_ERROR);
 * - `json-or-one-click`: the same JSON (the unsubscribe page's button); any other body is read as RFC 8058's
 *   one-click form, which must say `List-Unsubscribe=One-Click` (400 VALIDATION_ERROR);
 * - `photo-form`: multipart/form-data only (415 for anything else; malformed: 400 INVALID_FORM);
 * - `stripe-first`: asks for the Stripe configuration before anything else (requirePayments comes first in
 *   api/payments/index.ts, before the webhook's signature check). Without Stripe configured every body
 *   gets 503 PAYMENTS_UNAVAILABLE; payments.routes.test.ts covers both routes with the fake Stripe;
 * - `none`: reads no body at all, acting on its address alone (a delete, a logout, a mail sent again): a hostile
 *   body means nothing to it, and its address is what the suite tries.
 */
export type BodyKind = 'json' | 'json-or-form' | 'json-or-urlencoded' | 'json-or-one-click' | 'photo-form' | 'stripe-first' | 'none';

/** The answer to an odd article id: the blog's own "not found". */
export const ODD_ARTICLE_ID = answer(404, 'BLOG_POST_NOT_FOUND');

/** Every write route by its label, the operator's too: a new one needs a line here. */
export const BODY_KIND: Record<string, BodyKind> = {
  'POST /api/stones': 'json-or-form',
  // JSON, or multipart/form-data with a finder's photo.
  'POST /api/stones/:code/finds': 'json-or-form',
  'POST /api/stones/:code/finds/:findId/report': 'json-or-urlencoded',
  // Several stones found at one place, JSON only (no photo).
  'POST /api/finds': 'json',
  'POST /api/stones/:code/notifications': 'json',
  'POST /api/stones/:code/owner-link': 'json',
  'POST /api/collections/:id/notifications': 'json',
  'POST /api/notifications/confirm': 'json',
  'POST /api/notifications/unsubscribe': 'json-or-one-click',
  'POST /api/notifications/preferences': 'json',
  'POST /api/stones/:code/push': 'json',
  'DELETE /api/stones/:code/push': 'json',
  'POST /api/collections/:id/push': 'json',
  'DELETE /api/collections/:id/push': 'json',
  'POST /api/validate-promo-code': 'json',
  'POST /api/create-payment-intent': 'stripe-first',
  'POST /api/webhooks/stripe': 'stripe-first',
  'POST /api/admin/stones/:ownerToken/photos': 'photo-form',
  'PATCH /api/admin/stones/:ownerToken': 'json',
  'DELETE /api/admin/stones/:ownerToken': 'none',
  'DELETE /api/admin/stones/:ownerToken/photos': 'json',
  'PATCH /api/admin/stones/:ownerToken/finds/:findId': 'json',
  // Ending every owner link acts on the link in the address alone.
  'POST /api/admin/stones/:ownerToken/revoke-links': 'none',
  'POST /api/admin/login': 'json',
  'POST /api/collections': 'json',
  'POST /api/collections/:id/owner-link': 'json',
  'PATCH /api/admin/collections/:ownerToken': 'json',
  'DELETE /api/admin/collections/:ownerToken': 'none',
  'POST /api/admin/collections/:ownerToken/stones': 'json',
  'POST /api/admin/collections/:ownerToken/revoke-links': 'none',
  'PATCH /api/admin/stones/id/:id (operator)': 'json',
  'DELETE /api/admin/stones/id/:id/photos (operator)': 'json',
  'PATCH /api/admin/stones/id/:id/finds/:findId (operator)': 'json',
  'DELETE /api/admin/stones/:id (operator)': 'none',
  'POST /api/admin/logout (operator)': 'none',
  'POST /api/admin/mails/:id/resend (operator)': 'none',
  'POST /api/admin/blog (operator)': 'json',
  'PUT /api/admin/blog/:id (operator)': 'json',
  'DELETE /api/admin/blog/:id (operator)': 'none',
  'POST /api/admin/reports/:findId (operator)': 'json',
};
