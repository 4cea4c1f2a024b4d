import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { call, createStone, expectApiError } from '../support/factory';

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
    ['DELETE', '/api/admin/stones/00000000-0000-4000-8000-000000000000'],
    ['PATCH', '/api/admin/stones/id/00000000-0000-4000-8000-000000000000'],
  ])('answers an operator call without a token (%s %s) with 401', async (method, path) => {
    const res = await call(path, { method, headers: { 'content-type': 'application/json' }, body: method === 'GET' ? null : '{}' });
    await expectApiError(res, 401, 'UNAUTHORIZED');
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
