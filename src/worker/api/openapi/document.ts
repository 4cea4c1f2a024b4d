import type { JsonObject, OpenApiDocument } from '../../../shared/openapi';
import { MAX_CODES_AT_ONCE } from '../../../shared/schemas/limits';
import { components, queries } from './schemas';

/*
 * `GET /api/openapi.json`: the public API as OpenAPI 3.1 (decision record 045). Every operation here is one of the
 * Worker's routes (worker/endpoints.ts); tests/worker/openapi.test.ts holds the document to a validator, to the
 * route table (a public route is documented or named in LEFT_OUT with why) and to the Worker's real answers.
 */

/** Public routes the document leaves out, and why (the owner's and the operator's are never in it). */
export const LEFT_OUT: Record<string, string> = {
  'POST /api/stones': 'creating a stone asks for a bot check (reCAPTCHA) that only the site itself can pass',
  'POST /api/collections': 'creating a collection asks for the same bot check',
  'POST /api/stones/:code/owner-link': "the owner's own route: mails the owner link to the creator's address",
  'POST /api/collections/:id/owner-link': "the collection owner's own route",
  'POST /api/create-payment-intent': 'payment, for the site’s own checkout with Stripe',
  'POST /api/validate-promo-code': 'payment, for the site’s own checkout',
  'POST /api/webhooks/stripe': 'Stripe’s calls, signed by Stripe',
  'POST /api/notifications/confirm': "a mail link's token action: the link in the mail is the interface",
  'POST /api/notifications/unsubscribe': "a mail link's token action (and RFC 8058's one-click unsubscribe)",
  'POST /api/notifications/preferences': "a mail link's token action",
  'GET /api/push/public-key': 'Web Push, for the site’s own service worker',
  'POST /api/stones/:code/push': 'Web Push, for the site’s own service worker',
  'DELETE /api/stones/:code/push': 'Web Push, for the site’s own service worker',
  'POST /api/collections/:id/push': 'Web Push, for the site’s own service worker',
  'DELETE /api/collections/:id/push': 'Web Push, for the site’s own service worker',
  'GET /api/blog': 'the blog is read on the site',
  'GET /api/blog/:slug': 'the blog is read on the site',
  'GET /api/openapi.json': 'this document',
};

const json = (ref: string) => ({ 'application/json': { schema: { $ref: `#/components/schemas/${ref}` } } });
const refused = { '4XX': { $ref: '#/components/responses/Error' } };
const code = { $ref: '#/components/parameters/code' };

function read(summary: string, answer: string, parameters: JsonObject[] = [], description?: string) {
  return {
    get: {
      summary,
      ...(description ? { description } : {}),
      parameters,
      responses: { '200': { description: 'OK', content: json(answer) }, ...refused },
    },
  };
}

function file(summary: string, type: string) {
  return {
    get: {
      summary,
      parameters: [code],
      responses: { '200': { description: 'OK', content: { [type]: { schema: { type: 'string' } } } }, ...refused },
    },
  };
}

function write(
  summary: string,
  body: string,
  answers: Record<string, { description: string; schema: string }>,
  parameters: JsonObject[] = [],
) {
  return {
    post: {
      summary,
      parameters,
      requestBody: { required: true, content: json(body) },
      responses: {
        ...Object.fromEntries(
          Object.entries(answers).map(([status, { description, schema }]) => [status, { description, content: json(schema) }]),
        ),
        ...refused,
      },
    },
  };
}

/** The document, for the site at `origin`. */
export function openApiDocument(origin: string): OpenApiDocument {
  const logged = { description: 'Logged', schema: 'FindLogged' };
  return {
    openapi: '3.1.0',
    info: {
      title: 'Reisesteine API',
      version: '1',
      description:
        'Painted memorial stones that travel: read a stone, its journey and its finds, log where you found one (or several at one place), follow a stone or a collection by mail. Reads answer any origin (CORS); writes are rate-limited per client and per stone and answer 429 with Retry-After beyond. Every refusal is `{ error: { code, message } }`.',
    },
    externalDocs: { description: 'The rules and examples, in German and English', url: `${origin}/entwickler` },
    servers: [{ url: origin }],
    paths: {
      '/api/stones/{code}': read('A stone: its newest finds, its journey, countries, goal and distance', 'Stone', [code]),
      '/api/stones/{code}/finds': {
        ...read('The public finds before the embedded ones, page by page', 'FindsPage', [code, ...queries.findsPage()]),
        ...write(
          'Log a find of the stone',
          'NewFind',
          {
            '201': logged,
            '200': { description: 'The device sent this Idempotency-Key before: the find stored then', schema: 'FindLogged' },
          },
          [
            code,
            { name: 'Idempotency-Key', in: 'header', required: false, schema: { type: 'string', pattern: '^[A-Za-z0-9_-]{16,100}$' } },
          ],
        ),
      },
      '/api/stones/{code}/finds/{findId}': read('One public find', 'Find', [code, { $ref: '#/components/parameters/findId' }]),
      '/api/stones/{code}/journey.gpx': file('The journey as GPX 1.1', 'application/gpx+xml'),
      '/api/stones/{code}/journey.geojson': file('The journey as GeoJSON', 'application/geo+json'),
      '/api/stones/{code}/qr.svg': file("The stone's QR code", 'image/svg+xml'),
      '/api/stones/{code}/finds/{findId}/report': write(
        'Report a find (spam, offensive, personal data…)',
        'Report',
        { '202': { description: 'Reported', schema: 'Reported' } },
        [code, { $ref: '#/components/parameters/findId' }],
      ),
      '/api/finds': write(`Log several stones found at one place (up to ${MAX_CODES_AT_ONCE}), each as if alone`, 'NewFinds', {
        '207': { description: 'One result per code, in the order sent; the refused ones in the error shape', schema: 'FindsLogged' },
      }),
      '/api/stones/{code}/notifications': write(
        'Follow a stone by mail (double opt-in)',
        'Subscription',
        { '201': { description: 'A confirmation mail is on its way', schema: 'Subscribed' } },
        [code],
      ),
      '/api/collections/{id}': read('A memorial collection: its stones, their journeys, countries and months', 'Collection', [
        { $ref: '#/components/parameters/collectionId' },
      ]),
      '/api/collections/{id}/notifications': write(
        'Follow a collection by mail (double opt-in)',
        'Subscription',
        { '201': { description: 'A confirmation mail is on its way', schema: 'Subscribed' } },
        [{ $ref: '#/components/parameters/collectionId' }],
      ),
      '/api/statistics': read('The site’s totals', 'Statistics'),
      '/api/geocode': read('A place for an address (OpenStreetMap’s Nominatim, shared and rate-limited)', 'Place', queries.geocode()),
      '/api/geocode/reverse': read('The name of a position, at a precision', 'PlaceName', queries.reverse()),
    },
    components: components(),
  };
}
