import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { createCollection } from '../support/collections';
import { call, createStone, expectApiError } from '../support/factory';
import { operatorToken } from '../support/operator';

/**
 * Decision record 006: under /api/admin/stones the Authorization header alone decides the side. Owner calls
 * send none; anything with one is an operator call and can never reach the owner's routes.
 */
describe('owner and operator sides of /api/admin/stones', () => {
  it('serves the owner view to a request without an Authorization header', async () => {
    const { adminToken } = await createStone({ creatorEmail: 'owner@example.org' });
    const res = await call(`/api/admin/stones/${adminToken}`);
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ creatorEmail: 'owner@example.org' });
  });

  it.each(['Bearer not-a-real-token', 'plain-token-without-bearer'])(
    'sends the same owner path with Authorization %j to the operator side, which refuses it',
    async (authorization) => {
      const { adminToken } = await createStone({ creatorEmail: 'owner@example.org' });
      const res = await call(`/api/admin/stones/${adminToken}`, { headers: { authorization } });
      await expectApiError(res, 401, 'UNAUTHORIZED');
      expect(res.headers.get('cache-control')).toBe('no-store');
    },
  );

  it.each([
    ['GET', '/api/admin/stones'],
    ['DELETE', '/api/admin/stones/id/00000000-0000-4000-8000-000000000000/photos'],
    ['PATCH', '/api/admin/stones/id/00000000-0000-4000-8000-000000000000'],
  ])('answers an operator call without a token (%s %s) with 401', async (method, path) => {
    const res = await call(path, { method, headers: { 'content-type': 'application/json' }, body: method === 'GET' ? null : '{}' });
    await expectApiError(res, 401, 'UNAUTHORIZED');
  });

  it("takes the operator's delete without a token for the owner's, whose token the stone's id is not: 404, nothing deleted", async () => {
    const { code } = await createStone();
    const id = await env.DB.prepare('SELECT id FROM stones WHERE code = ?').bind(code).first<string>('id');
    await expectApiError(await call(`/api/admin/stones/${id}`, { method: 'DELETE' }), 404, 'NOT_FOUND');
    expect(await env.DB.prepare('SELECT count(*) AS n FROM stones WHERE code = ?').bind(code).first('n')).toBe(1);
  });

  it('cannot be steered to a side by spelling the side into the address', async () => {
    const { adminToken, code } = await createStone();
    await expectApiError(await call(`/api/admin/stones/owner/${adminToken}`), 401, 'UNAUTHORIZED');
    await expectApiError(await call(`/api/admin/stones/operator/${adminToken}`), 401, 'UNAUTHORIZED');
    await expectApiError(
      await call(`/api/admin/stones/owner/${adminToken}`, { headers: { authorization: 'Bearer x' } }),
      401,
      'UNAUTHORIZED',
    );
    expect(await env.DB.prepare('SELECT count(*) AS n FROM stones WHERE code = ?').bind(code).first('n')).toBe(1);
  });
});

/**
 * A memorial collection's owner link lives under /api/admin/ too (`/api/admin/collections/{ownerToken}`): the owner
 * holds a token and sends no Authorization header. The same rule decides: with a header the call is the
 * operator's, and the operator has no collection route, whatever the token.
 */
describe("a collection's owner link under /api/admin/collections", () => {
  it('serves the collection to a request without an Authorization header', async () => {
    const { adminToken, id } = await createCollection({ creatorEmail: 'family@example.org' });
    const res = await call(`/api/admin/collections/${adminToken}`);
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ id, creatorEmail: 'family@example.org' });
  });

  it('answers a call with an unknown Authorization header 401, and a logged-in operator no collection', async () => {
    const { adminToken } = await createCollection();
    await expectApiError(
      await call(`/api/admin/collections/${adminToken}`, { headers: { authorization: 'Bearer x' } }),
      401,
      'UNAUTHORIZED',
    );
    const authorization = `Bearer ${await operatorToken()}`;
    for (const [method, path] of [
      ['GET', `/api/admin/collections/${adminToken}`],
      ['PATCH', `/api/admin/collections/${adminToken}`],
      ['POST', `/api/admin/collections/${adminToken}/stones`],
    ] as const) {
      const res = await call(path, {
        method,
        headers: { authorization, 'content-type': 'application/json' },
        body: method === 'GET' ? null : '{"title":"X","count":1}',
      });
      const error = await expectApiError(res, 404, 'NOT_FOUND');
      expect(JSON.stringify(error)).not.toContain('family@example.org');
    }
    expect(await env.DB.prepare("SELECT count(*) AS n FROM collections WHERE title = 'X'").first('n')).toBe(0);
    expect(await env.DB.prepare('SELECT count(*) AS n FROM stones').first('n')).toBe(3);
  });
});
