/**
 * The contract (decision record 045): every operation of `GET /api/openapi.json` gets real requests, each sent as
 * the document describes it (the request body checked against the document first), and each answer is checked
 * against the document: its status is one the operation lists, and its body matches that status's schema.
 */

import { Validator } from '@cfworker/json-schema';
import { beforeAll, describe, expect, it } from 'vitest';
import { openApiDocument } from '../../src/worker/api/openapi/document';
import { call, createStone, ORIGIN, postFind, postJson } from '../support/factory';

type Schema = Record<string, unknown>;
interface Operation {
  requestBody?: { content: Record<string, { schema: Schema }> };
  responses: Record<string, { content?: Record<string, { schema: Schema }> } | { $ref: string }>;
}
interface Document {
  paths: Record<string, Record<string, Operation>>;
  components: { schemas: Record<string, Schema>; responses: Record<string, { content: Record<string, { schema: Schema }> }> };
}

let document: Document;

/** A schema with its references to the document's components replaced by them. */
function resolved(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(resolved);
  if (!value || typeof value !== 'object') return value;
  const ref = (value as { $ref?: string }).$ref;
  if (ref?.startsWith('#/components/')) {
    const [, , group = '', name = ''] = ref.split('/');
    return resolved((document.components as unknown as Record<string, Record<string, unknown>>)[group]?.[name]);
  }
  return Object.fromEntries(Object.entries(value).map(([key, inner]) => [key, resolved(inner)]));
}

/** The problems of `instance` against `schema` (none: it matches). */
function problems(schema: unknown, instance: unknown): string[] {
  const result = new Validator(resolved(schema) as Schema, '2020-12', false).validate(instance);
  return result.valid ? [] : result.errors.map((error) => `${error.instanceLocation}: ${error.error}`);
}

/**
 * Sends a request to a documented operation and checks the answer against the document; answers its JSON. A body is
 * checked against the document first, unless it is sent `refused` on purpose (its answer must then be a refusal).
 */
async function exchange(
  method: string,
  template: string,
  path: string,
  body?: unknown,
  headers: Record<string, string> = {},
  refused = false,
) {
  const operation = document.paths[template]?.[method];
  if (!operation) throw new Error(`${method} ${template} is not documented`);
  const bodyProblems = body === undefined ? [] : problems(operation.requestBody?.content['application/json']?.schema, body);
  if (refused) expect(bodyProblems, 'a body the document refuses').not.toEqual([]);
  else expect(bodyProblems, 'request body').toEqual([]);
  const res = await call(path, {
    method: method.toUpperCase(),
    headers: {
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      'cf-connecting-ip': `2001:db8:a9:${Math.floor(Math.random() * 0xffff).toString(16)}::1`,
      ...headers,
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const listed =
    operation.responses[String(res.status)] ?? (res.status >= 400 && res.status < 500 ? operation.responses['4XX'] : undefined);
  expect(listed, `${method.toUpperCase()} ${path} answered ${res.status}, which the document does not list`).toBeDefined();
  const answer = resolved(listed) as { content?: Record<string, { schema: Schema }> };
  const [type, content] = Object.entries(answer.content ?? {})[0] ?? [];
  expect(res.headers.get('content-type') ?? '').toContain(
    type === 'application/json' ? 'application/json' : ((type ?? '').split('+')[0]?.split('/')[0] ?? ''),
  );
  if (type !== 'application/json') return res.text();
  const json: unknown = await res.json();
  expect(problems(content?.schema, json), `${method.toUpperCase()} ${path}: ${JSON.stringify(json).slice(0, 300)}`).toEqual([]);
  return json;
}

beforeAll(async () => {
  const res = await call('/api/openapi.json');
  expect(res.status).toBe(200);
  document = await res.json<Document>();
});

describe('GET /api/openapi.json', () => {
  it('is the document, for the serving site, readable by other origins', async () => {
    expect(document).toEqual(JSON.parse(JSON.stringify(openApiDocument(ORIGIN))));
    const res = await call('/api/openapi.json', { headers: { origin: 'https://another.example' } });
    expect(res.headers.get('access-control-allow-origin')).toBe('*');
  });
});

describe('every documented operation', () => {
  it('answers as the document says, for stones, finds and their files', async () => {
    const { code } = await createStone({ title: 'Vertragsstein' });
    const other = await createStone({ title: 'Zweiter Vertragsstein' });
    const logged = (await exchange('post', '/api/stones/{code}/finds', `/api/stones/${code}/finds`, {
      location: 'Kiel',
      latitude: 54.32,
      longitude: 10.12,
      comment: 'Am Hafen',
      precision: 'km',
    })) as { find: { id: string } };
    const key = crypto.randomUUID();
    const first = { location: 'Kiel', latitude: 54.32, longitude: 10.12 };
    await exchange('post', '/api/stones/{code}/finds', `/api/stones/${other.code}/finds`, first, { 'idempotency-key': key });
    await exchange('post', '/api/stones/{code}/finds', `/api/stones/${other.code}/finds`, first, { 'idempotency-key': key });
    await exchange('post', '/api/stones/{code}/finds', `/api/stones/${code}/finds`, { location: '' }, {}, true);
    await exchange('get', '/api/stones/{code}', `/api/stones/${code}`);
    await exchange('get', '/api/stones/{code}', '/api/stones/FFF-FFF-FF1');
    await exchange('get', '/api/stones/{code}/finds', `/api/stones/${code}/finds?limit=1`);
    await exchange('get', '/api/stones/{code}/finds', `/api/stones/${code}/finds?limit=0`);
    await exchange('get', '/api/stones/{code}/finds/{findId}', `/api/stones/${code}/finds/${logged.find.id}`);
    for (const file of ['journey.gpx', 'journey.geojson', 'qr.svg'])
      await exchange('get', `/api/stones/{code}/${file}`, `/api/stones/${code}/${file}`);
    await exchange('post', '/api/stones/{code}/finds/{findId}/report', `/api/stones/${code}/finds/${logged.find.id}/report`, {
      reason: 'spam',
      note: 'Werbung',
    });
    await exchange('post', '/api/finds', '/api/finds', { codes: [code, other.code, 'FFF-FFF-FF2'], location: 'Lübeck' });
    await exchange('post', '/api/finds', '/api/finds', { codes: [], location: 'Lübeck' }, {}, true);
    await exchange('post', '/api/stones/{code}/notifications', `/api/stones/${code}/notifications`, { email: 'vertrag@example.org' });
  });

  it('answers as the document says, for collections, statistics and the geocoder', async () => {
    const created = await postJson('/api/collections', { creatorEmail: 'vertrag@example.org', title: 'Vertragsfamilie', count: 2 });
    expect(created.status).toBe(201);
    const { id, stones } = await created.json<{ id: string; stones: Array<{ code: string }> }>();
    expect((await postFind(stones[0]?.code ?? '', { location: 'Kiel', latitude: 54.32, longitude: 10.12 })).status).toBe(201);
    await exchange('get', '/api/collections/{id}', `/api/collections/${id}`);
    await exchange('get', '/api/collections/{id}', '/api/collections/gibtesnicht');
    await exchange('post', '/api/collections/{id}/notifications', `/api/collections/${id}/notifications`, { email: 'familie@example.org' });
    await exchange('get', '/api/statistics', '/api/statistics');
    await exchange('get', '/api/geocode', '/api/geocode?q=Marienplatz%20M%C3%BCnchen');
    await exchange('get', '/api/geocode', '/api/geocode?q=');
    await exchange('get', '/api/geocode/reverse', '/api/geocode/reverse?lat=48.137&lon=11.575&precision=town');
  });

  it('are all of them sent by the tests above', () => {
    // The operations the two tests send, by the document's templates: a new operation needs its request here.
    const sent = [
      'post /api/stones/{code}/finds',
      'get /api/stones/{code}',
      'get /api/stones/{code}/finds',
      'get /api/stones/{code}/finds/{findId}',
      'get /api/stones/{code}/journey.gpx',
      'get /api/stones/{code}/journey.geojson',
      'get /api/stones/{code}/qr.svg',
      'post /api/stones/{code}/finds/{findId}/report',
      'post /api/finds',
      'post /api/stones/{code}/notifications',
      'get /api/collections/{id}',
      'post /api/collections/{id}/notifications',
      'get /api/statistics',
      'get /api/geocode',
      'get /api/geocode/reverse',
    ];
    const operations = Object.entries(document.paths).flatMap(([path, methods]) =>
      Object.keys(methods).map((method) => `${method} ${path}`),
    );
    expect(operations.sort()).toEqual(sent.sort());
  });
});
