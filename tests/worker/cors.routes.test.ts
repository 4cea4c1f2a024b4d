/**
 * Other apps read the public API (decision record 040): the open reads answer every origin, GET only, their
 * refusals too; writes, the owner's and the operator's routes, the geocoder and the pages answer none.
 */
import { describe, expect, it } from 'vitest';
import { endpoints } from '../../src/worker/endpoints';
import { createCollection } from '../support/collections';
import { call, createStone, postFind } from '../support/factory';

const FROM_ELSEWHERE = { Origin: 'https://another-app.example' };

describe('an open read', () => {
  it('answers any origin, for a stone, its journey, its finds, a collection, the statistics and the blog', async () => {
    const { code } = await createStone();
    expect((await postFind(code, { location: 'Kiel', latitude: 54.32, longitude: 10.12 })).status).toBe(201);
    const collection = await createCollection();
    for (const path of [
      `/api/stones/${code}`,
      `/api/stones/${code}/journey.geojson`,
      `/api/stones/${code}/journey.gpx`,
      `/api/stones/${code}/finds`,
      `/api/collections/${collection.id}`,
      '/api/statistics',
      '/api/blog',
    ]) {
      const res = await call(path, { headers: FROM_ELSEWHERE });
      expect(res.status, path).toBe(200);
      expect(res.headers.get('Access-Control-Allow-Origin'), path).toBe('*');
      expect(res.headers.get('Access-Control-Allow-Credentials'), path).toBeNull();
      expect(res.headers.get('Cross-Origin-Resource-Policy'), path).toBe('cross-origin');
    }
  });

  it('lets an app read its refusals, and answers a preflight for GET only', async () => {
    const missing = await call('/api/stones/000-000-000', { headers: FROM_ELSEWHERE });
    expect(missing.status).toBe(404);
    expect(missing.headers.get('Access-Control-Allow-Origin')).toBe('*');
    expect(missing.headers.get('Access-Control-Expose-Headers')).toContain('Retry-After');

    const { code } = await createStone();
    const preflight = await call(`/api/stones/${code}`, {
      method: 'OPTIONS',
      headers: { ...FROM_ELSEWHERE, 'Access-Control-Request-Method': 'GET', 'Access-Control-Request-Headers': 'if-none-match' },
    });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get('Access-Control-Allow-Origin')).toBe('*');
    expect(preflight.headers.get('Access-Control-Allow-Methods')).toBe('GET, HEAD');
    expect(preflight.headers.get('Access-Control-Allow-Headers')).toContain('If-None-Match');
  });
});

describe('everything else', () => {
  it('answers no other origin: a write, the owner and its preflight, the operator, the geocoder, a page', async () => {
    const { code, adminToken } = await createStone();
    const write = await postFind(code, { location: 'Kiel' }, FROM_ELSEWHERE);
    expect(write.status).toBe(201);
    const writePreflight = await call(`/api/stones/${code}/finds`, {
      method: 'OPTIONS',
      headers: { ...FROM_ELSEWHERE, 'Access-Control-Request-Method': 'POST' },
    });
    // The same address is an open read (the finds' list), but a preflight for a POST is refused like any method.
    expect(writePreflight.status).toBe(404);
    const answers = [
      write,
      writePreflight,
      await call(`/api/admin/stones/${adminToken}`, { headers: FROM_ELSEWHERE }),
      await call('/api/admin/statistics', { headers: { ...FROM_ELSEWHERE, Authorization: 'Bearer x' } }),
      await call('/api/geocode?q=Kiel', { headers: FROM_ELSEWHERE }),
      await call(`/${code}`, { headers: { ...FROM_ELSEWHERE, Accept: 'text/html' } }),
    ];
    for (const res of answers) expect(res.headers.get('Access-Control-Allow-Origin'), res.url).toBeNull();
    const ownerPreflight = await call(`/api/admin/stones/${adminToken}`, {
      method: 'OPTIONS',
      headers: { ...FROM_ELSEWHERE, 'Access-Control-Request-Method': 'PATCH' },
    });
    expect(ownerPreflight.headers.get('Access-Control-Allow-Origin')).toBeNull();
  });

  it('declares open only public reads: GET, no secret, no admin address', () => {
    const open = endpoints.filter((endpoint) => 'open' in endpoint && endpoint.open);
    expect(open.length).toBeGreaterThanOrEqual(10);
    for (const endpoint of open) {
      expect(endpoint.method, endpoint.path).toBe('GET');
      expect(endpoint.secret, endpoint.path).toBeUndefined();
      expect(endpoint.path, endpoint.path).not.toMatch(/admin|geocode/);
    }
  });
});
