import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { haversineKm } from '../../src/shared/geo';
import type { ReportedFind, StoneView } from '../../src/shared/types';
import { app } from '../../src/worker/app';
import { CACHE_STATUS_HEADER } from '../../src/worker/lib/edge-cache';
import { issueOperatorToken } from '../../src/worker/lib/operator-auth';
import { call, clientAddress, createStone, expectApiError, ORIGIN, postFind, postJson } from '../support/factory';
import { insertOperator } from '../support/operator';

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
const BERLIN = { latitude: 52.52, longitude: 13.405 };
const HAMBURG = { latitude: 53.55, longitude: 9.99 };
const MUNICH = { latitude: 48.137, longitude: 11.575 };

/** A stone with three finds a day apart (none flagged as too fast), the finders' addresses given. */
async function stoneWithFinds(title = 'Omas Gartenstein') {
  const { code, adminToken } = await createStone({ title, creatorEmail: 'oma@example.org' });
  for (const [location, place] of [
    ['Berlin', BERLIN],
    ['Hamburg', HAMBURG],
    ['München', MUNICH],
  ] as const) {
    const res = await postFind(code, { location, ...place, comment: `Gefunden in ${location}`, finderEmail: 'finder@example.org' });
    expect(res.status).toBe(201);
    await env.DB.prepare('UPDATE stones SET last_position_at = last_position_at - 86400000 WHERE code = ?').bind(code).run();
  }
  const view = await (await call(`/api/stones/${code}`)).json<StoneView>();
  const ids = view.finds.map((find) => find.id);
  return { code, adminToken, ids, stoneId: view.id };
}

const report = (code: string, findId: string, body: Record<string, unknown>) =>
  postJson(`/api/stones/${code}/finds/${findId}/report`, body, { 'cf-connecting-ip': clientAddress() });

async function operator() {
  const id = await insertOperator(`moderator-${crypto.randomUUID()}@example.org`);
  return { id, token: await issueOperatorToken(env, { id, email: 'moderator@example.org' }) };
}

const list = (token: string, query = '') => call(`/api/admin/reports${query}`, { headers: bearer(token) });
const act = (token: string, findId: string, action: string) =>
  call(`/api/admin/reports/${findId}`, {
    method: 'POST',
    headers: { ...bearer(token), 'content-type': 'application/json' },
    body: JSON.stringify({ action }),
  });

/** Moves a find's reports back in time, so the list's order is the test's and not the clock's. */
const reportedAgo = (findId: string, minutes: number) =>
  env.DB.prepare('UPDATE find_reports SET created_at = created_at - ? WHERE find_id = ?')
    .bind(minutes * 60_000, findId)
    .run();

/** Gives a find a photo with bytes in R2, as the finders' photos store it. */
async function addFindPhoto(findId: string, stoneId: string, status = 'pending') {
  const key = `${crypto.randomUUID()}.jpg`;
  await env.PHOTOS.put(key, new Uint8Array([0xff, 0xd8, 0xff, 0xd9]), { httpMetadata: { contentType: 'image/jpeg' } });
  await env.DB.prepare('INSERT INTO find_photos (find_id, stone_id, r2_key, content_type, size_bytes, status) VALUES (?, ?, ?, ?, ?, ?)')
    .bind(findId, stoneId, key, 'image/jpeg', 4, status)
    .run();
  return key;
}

const openReports = async (findId: string) =>
  (await env.DB.prepare('SELECT count(*) AS n FROM find_reports WHERE find_id = ? AND resolved_at IS NULL')
    .bind(findId)
    .first<number>('n')) ?? 0;

const resolutions = async (findId: string) =>
  (
    await env.DB.prepare('SELECT resolution, resolved_by FROM find_reports WHERE find_id = ? ORDER BY id')
      .bind(findId)
      .all<{ resolution: string; resolved_by: string }>()
  ).results;

describe('GET /api/admin/reports', () => {
  it('lists open reports per find, longest waiting first, with the stone, the find, reasons, notes and times, and no e-mail address', async () => {
    const { token } = await operator();
    const first = await stoneWithFinds('Opas Bergstein');
    const second = await stoneWithFinds();
    const [older = '', newer = ''] = [second.ids[2], first.ids[0]];
    for (const reason of ['spam', 'spam', 'offensive'])
      expect((await report(code(older, first, second), older, { reason })).status).toBe(202);
    expect((await report(first.code, newer, { reason: 'personal', note: 'Ein voller Name im Kommentar' })).status).toBe(202);
    await addFindPhoto(older, second.stoneId, 'approved');
    await reportedAgo(older, 10);

    const res = await list(token);
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(res.headers.get('x-total-count')).toBe('2');
    const rows = await res.json<ReportedFind[]>();
    expect(rows.map((row) => row.find.id)).toEqual([older, newer]);
    expect(rows[0]).toMatchObject({
      stone: { code: second.code, title: 'Omas Gartenstein' },
      find: {
        id: older,
        location: 'München',
        comment: 'Gefunden in München',
        hidden: false,
        photo: { status: 'approved', url: `/api/admin/finds/${older}/photo` },
      },
      reasons: [
        { reason: 'spam', count: 2 },
        { reason: 'offensive', count: 1 },
      ],
      notes: [],
      reportCount: 3,
    });
    expect(Date.parse(rows[0]?.firstReportedAt ?? '')).toBeLessThanOrEqual(Date.parse(rows[0]?.lastReportedAt ?? ''));
    expect(Date.parse(rows[0]?.lastReportedAt ?? '')).toBeLessThan(Date.parse(rows[1]?.firstReportedAt ?? ''));
    expect(rows[1]).toMatchObject({
      stone: { code: first.code, title: 'Opas Bergstein' },
      find: { location: 'Berlin', photo: null },
      reasons: [{ reason: 'personal', count: 1 }],
      notes: [{ note: 'Ein voller Name im Kommentar' }],
      reportCount: 1,
    });
    // Neither the creator's nor the finders' addresses, nor the reporters' hashes.
    const text = JSON.stringify(rows);
    expect(text).not.toContain('@');
    expect(text).not.toContain('client');
  });

  it('pages the list (X-Total-Count the whole number) and refuses a page that is not one', async () => {
    const { token } = await operator();
    const { code, ids } = await stoneWithFinds();
    for (const [i, id] of ids.entries()) {
      expect((await report(code, id, { reason: 'wrong' })).status).toBe(202);
      await reportedAgo(id, 10 - i);
    }
    const page = async (query: string) => {
      const res = await list(token, query);
      expect(res.headers.get('x-total-count')).toBe('3');
      return (await res.json<ReportedFind[]>()).map((row) => row.find.id);
    };
    expect(await page('?pageSize=2')).toEqual(ids.slice(0, 2));
    expect(await page('?pageSize=2&page=2')).toEqual(ids.slice(2));
    expect(await page('?pageSize=2&page=3')).toEqual([]);
    await expectApiError(await list(token, '?page=0'), 400, 'VALIDATION_ERROR');
    await expectApiError(await list(token, '?pageSize=101'), 400, 'VALIDATION_ERROR');
  });
});

/** The test's own: which stone's find it is (the finds' ids are unique across stones). */
function code(findId: string, ...stones: Array<{ code: string; ids: string[] }>): string {
  return stones.find((stone) => stone.ids.includes(findId))?.code ?? '';
}

describe('POST /api/admin/reports/{findId}', () => {
  it('hides the find: the journey is recomputed, every open report resolved by the operator, the list empty', async () => {
    const operatorOne = await operator();
    const { code, ids } = await stoneWithFinds();
    const hamburg = ids[1] ?? '';
    expect((await report(code, hamburg, { reason: 'wrong', note: 'Der Stein war nie dort' })).status).toBe(202);
    expect((await report(code, hamburg, { reason: 'spam' })).status).toBe(202);

    const res = await act(operatorOne.token, hamburg, 'hide');
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ resolved: true, action: 'hide' });
    const stone = await (await call(`/api/stones/${code}`)).json<StoneView>();
    expect(stone.finds.map((find) => find.location)).toEqual(['Berlin', 'München']);
    expect(stone.totalDistance).toBeCloseTo(haversineKm(BERLIN, MUNICH), 6);
    expect(await resolutions(hamburg)).toEqual([
      { resolution: 'hidden', resolved_by: operatorOne.id },
      { resolution: 'hidden', resolved_by: operatorOne.id },
    ]);
    expect(await (await list(operatorOne.token)).json()).toEqual([]);
    // Nothing is open any more: a second action finds nothing to resolve.
    await expectApiError(await act(operatorOne.token, hamburg, 'dismiss'), 404, 'FIND_NOT_FOUND');
    // A hidden find can no longer be reported.
    await expectApiError(await report(code, hamburg, { reason: 'spam' }), 404, 'FIND_NOT_FOUND');
  });

  it('resolves the reports of a find its owner hid meanwhile, leaving the journey as it is', async () => {
    const { token, id } = await operator();
    const { code, adminToken, ids } = await stoneWithFinds();
    const hamburg = ids[1] ?? '';
    expect((await report(code, hamburg, { reason: 'offensive' })).status).toBe(202);
    const hidden = await call(`/api/admin/stones/${adminToken}/finds/${hamburg}`, {
      method: 'PATCH',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ hidden: true }),
    });
    expect(hidden.status).toBe(200);
    expect((await act(token, hamburg, 'hide')).status).toBe(200);
    expect(await resolutions(hamburg)).toEqual([{ resolution: 'hidden', resolved_by: id }]);
  });

  it("removes the find's photo: its bytes leave R2, the photo is rejected, the find stays, the reports are resolved", async () => {
    const { token, id } = await operator();
    const { code, ids, stoneId } = await stoneWithFinds();
    const berlin = ids[0] ?? '';
    const key = await addFindPhoto(berlin, stoneId, 'approved');
    expect((await report(code, berlin, { reason: 'personal', note: 'Ein Gesicht auf dem Foto' })).status).toBe(202);

    // The operator looks at the photo first: with their token only, and nothing keeps a copy.
    const photo = await call(`/api/admin/finds/${berlin}/photo`, { headers: bearer(token) });
    expect(photo.status).toBe(200);
    expect(photo.headers.get('content-type')).toBe('image/jpeg');
    expect(photo.headers.get('cache-control')).toBe('no-store');
    expect(new Uint8Array(await photo.arrayBuffer())).toEqual(new Uint8Array([0xff, 0xd8, 0xff, 0xd9]));

    expect((await act(token, berlin, 'remove-photo')).status).toBe(200);
    expect(await env.PHOTOS.head(key)).toBeNull();
    const row = await env.DB.prepare('SELECT status, r2_key FROM find_photos WHERE find_id = ?').bind(berlin).first();
    expect(row).toEqual({ status: 'rejected', r2_key: null });
    expect(await resolutions(berlin)).toEqual([{ resolution: 'photo-removed', resolved_by: id }]);
    const stone = await (await call(`/api/stones/${code}`)).json<StoneView>();
    expect(stone.finds.map((find) => find.location)).toEqual(['Berlin', 'Hamburg', 'München']);
    await expectApiError(await call(`/api/admin/finds/${berlin}/photo`, { headers: bearer(token) }), 404, 'NOT_FOUND');
  });

  it('refuses to remove a photo the find does not have, with 409 and nothing resolved', async () => {
    const { token } = await operator();
    const { code, ids } = await stoneWithFinds();
    expect((await report(code, ids[0] ?? '', { reason: 'spam' })).status).toBe(202);
    await expectApiError(await act(token, ids[0] ?? '', 'remove-photo'), 409, 'NO_PHOTO');
    expect(await openReports(ids[0] ?? '')).toBe(1);
  });

  it('dismisses the reports and changes nothing else', async () => {
    const { token, id } = await operator();
    const { code, ids, stoneId } = await stoneWithFinds();
    const munich = ids[2] ?? '';
    const key = await addFindPhoto(munich, stoneId, 'approved');
    expect((await report(code, munich, { reason: 'other', note: 'Sieht komisch aus' })).status).toBe(202);
    const before = await (await call(`/api/stones/${code}`)).json<StoneView>();
    expect((await act(token, munich, 'dismiss')).status).toBe(200);
    expect(await (await call(`/api/stones/${code}`)).json<StoneView>()).toEqual(before);
    expect(await env.PHOTOS.head(key)).not.toBeNull();
    expect(await resolutions(munich)).toEqual([{ resolution: 'dismissed', resolved_by: id }]);
  });

  it('refuses an unknown action with 400 and a find without open reports with 404, changing nothing', async () => {
    const { token } = await operator();
    const { code, ids } = await stoneWithFinds();
    expect((await report(code, ids[0] ?? '', { reason: 'spam' })).status).toBe(202);
    await expectApiError(await act(token, ids[0] ?? '', 'delete'), 400, 'VALIDATION_ERROR');
    await expectApiError(await act(token, ids[1] ?? '', 'hide'), 404, 'FIND_NOT_FOUND');
    await expectApiError(await act(token, 'kein_fund', 'hide'), 404, 'FIND_NOT_FOUND');
    expect(await openReports(ids[0] ?? '')).toBe(1);
    expect((await (await call(`/api/stones/${code}`)).json<StoneView>()).finds).toHaveLength(3);
  });

  it("renews the stone's edge cache scope: the next reader no longer sees the hidden find", async () => {
    const { token } = await operator();
    const { code, ids } = await stoneWithFinds();
    const cachingEnv = { ...env, EDGE_CACHE_SECONDS: '60' };
    const context = { waitUntil() {}, passThroughOnException() {}, props: {} } as unknown as ExecutionContext;
    const fetchCached = (path: string, init: RequestInit = {}) => {
      const headers = new Headers(init.headers);
      headers.set('cf-connecting-ip', clientAddress());
      return app.fetch(new Request(`${ORIGIN}${path}`, { ...init, headers }), cachingEnv, context);
    };
    await (await fetchCached(`/api/stones/${code}`)).text();
    expect((await fetchCached(`/api/stones/${code}`)).headers.get(CACHE_STATUS_HEADER)).toBe('hit');
    expect((await report(code, ids[1] ?? '', { reason: 'spam' })).status).toBe(202);
    const hidden = await fetchCached(`/api/admin/reports/${ids[1]}`, {
      method: 'POST',
      headers: { ...bearer(token), 'content-type': 'application/json' },
      body: JSON.stringify({ action: 'hide' }),
    });
    expect(hidden.status).toBe(200);
    const fresh = await fetchCached(`/api/stones/${code}`);
    expect(fresh.headers.get(CACHE_STATUS_HEADER)).toBe('miss');
    expect((await fresh.json<StoneView>()).finds.map((find) => find.location)).toEqual(['Berlin', 'München']);
  });
});

describe('a reported stone deleted by the operator', () => {
  it("takes its finds' reports with it, and leaves nothing in the moderation list", async () => {
    const { token } = await operator();
    const { code, ids, stoneId } = await stoneWithFinds();
    expect((await report(code, ids[0] ?? '', { reason: 'spam' })).status).toBe(202);
    expect((await call(`/api/admin/stones/${stoneId}`, { method: 'DELETE', headers: bearer(token) })).status).toBe(200);
    expect(await env.DB.prepare('SELECT count(*) AS n FROM find_reports').first<number>('n')).toBe(0);
    expect(await (await list(token)).json()).toEqual([]);
  });
});

describe('the operator routes of reports', () => {
  it('answer nobody without an operator token: not the public, not a stone owner with their token, not a forged token', async () => {
    const { code, adminToken, ids, stoneId } = await stoneWithFinds();
    await addFindPhoto(ids[0] ?? '', stoneId);
    expect((await report(code, ids[0] ?? '', { reason: 'spam' })).status).toBe(202);
    const routes: Array<[string, RequestInit]> = [
      ['/api/admin/reports', {}],
      [`/api/admin/finds/${ids[0]}/photo`, {}],
      [`/api/admin/reports/${ids[0]}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"action":"hide"}' }],
    ];
    for (const [path, init] of routes) {
      for (const authorization of [undefined, `Bearer ${adminToken}`, adminToken, 'Bearer eyJhbGciOiJub25lIn0.e30.']) {
        const headers = new Headers(init.headers);
        if (authorization) headers.set('authorization', authorization);
        await expectApiError(await call(path, { ...init, headers }), 401);
      }
    }
    expect(await openReports(ids[0] ?? '')).toBe(1);
    expect((await (await call(`/api/stones/${code}`)).json<StoneView>()).finds).toHaveLength(3);
  });
});
