/**
 * Moderation sticks: a find the operator hid (on their own, or resolving reports) cannot be shown or accepted again
 * by its owner, whose view says who hid it; only the operator shows it again.
 */
import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import type { OperatorStoneView } from '../../src/shared/operator-types';
import type { OwnerFindView, OwnerStoneView, StoneView } from '../../src/shared/types';
import { call, clientAddress, createStone, expectApiError, postFind, postJson } from '../support/factory';
import { operatorToken } from '../support/operator';

const json = (method: string, body: unknown, headers: Record<string, string> = {}) => ({
  method,
  headers: { 'content-type': 'application/json', ...headers },
  body: JSON.stringify(body),
});

/** A stone with two finds a day apart, a finder and its id, and an operator's token. */
async function stoneWithFinds() {
  const { code, adminToken } = await createStone({ title: 'Moderiert', creatorEmail: 'moderiert@example.org' });
  for (const [location, latitude, longitude] of [
    ['Berlin', 52.52, 13.405],
    ['Hamburg', 53.55, 9.99],
  ] as const) {
    expect((await postFind(code, { location, latitude, longitude, comment: 'Mein voller Name' })).status).toBe(201);
    await env.DB.prepare('UPDATE stones SET last_position_at = last_position_at - 86400000 WHERE code = ?').bind(code).run();
  }
  const view = await (await call(`/api/stones/${code}`)).json<StoneView>();
  const authorization = `Bearer ${await operatorToken(`moderator-${crypto.randomUUID()}@example.org`)}`;
  return { code, adminToken, stoneId: view.id, ids: view.finds.map((find) => find.id), authorization };
}

const ownerPatch = (token: string, findId: string, body: unknown, language = 'de') =>
  call(`/api/admin/stones/${token}/finds/${findId}`, json('PATCH', body, { 'accept-language': language }));

const operatorPatch = (authorization: string, stoneId: string, findId: string, body: unknown) =>
  call(`/api/admin/stones/id/${stoneId}/finds/${findId}`, json('PATCH', body, { authorization }));

const ownerFind = async (token: string, findId: string) =>
  (await (await call(`/api/admin/stones/${token}`)).json<OwnerStoneView>()).finds.find((find) => find.id === findId) as OwnerFindView;

/** What a refused owner request must leave as it was: the owner's view, the public finds, the stone's counters. */
async function state(code: string, token: string) {
  const owner = await (await call(`/api/admin/stones/${token}`)).json<OwnerStoneView>();
  const counters = await env.DB.prepare('SELECT total_distance_km, hidden_find_count FROM stones WHERE code = ?').bind(code).first();
  const photos = await env.DB.prepare('SELECT find_id, status FROM find_photos ORDER BY find_id').all();
  return { finds: owner.finds, findCount: owner.findCount, counters, photos: photos.results };
}

/** The owner tries to show (and to accept) the operator's hidden find: 409 in the one error shape, nothing changes. */
async function ownerIsRefused(code: string, token: string, findId: string) {
  const before = await state(code, token);
  const german = await expectApiError(await ownerPatch(token, findId, { hidden: false }), 409, 'HIDDEN_BY_OPERATOR');
  expect(german.message).toBe('Diesen Fund hat der Betreiber ausgeblendet. Nur der Betreiber kann ihn wieder zeigen.');
  const english = await expectApiError(await ownerPatch(token, findId, { hidden: false }, 'en'), 409, 'HIDDEN_BY_OPERATOR');
  expect(english.message).toBe('The operator hid this find. Only the operator can show it again.');
  await expectApiError(await ownerPatch(token, findId, { accept: true }), 409, 'HIDDEN_BY_OPERATOR');
  // Hiding it again is no change at all, and leaves it the operator's.
  expect((await ownerPatch(token, findId, { hidden: true })).status).toBe(200);
  expect(await state(code, token)).toEqual(before);
  expect(await ownerFind(token, findId)).toMatchObject({ hidden: true, hiddenBy: 'operator' });
}

describe('a find the operator hid', () => {
  it('through the stone’s find PATCH cannot be shown again by its owner; the operator can, and then the owner moderates it again', async () => {
    const { code, adminToken, stoneId, ids, authorization } = await stoneWithFinds();
    const [berlin = '', hamburg = ''] = ids;
    expect(await ownerFind(adminToken, hamburg)).toMatchObject({ hidden: false, hiddenBy: null });
    const hidden = await operatorPatch(authorization, stoneId, hamburg, { hidden: true });
    expect(hidden.status).toBe(200);
    // The operator's view says who hid it too.
    expect((await hidden.json<OperatorStoneView>()).finds.find((find) => find.id === hamburg)).toMatchObject({ hiddenBy: 'operator' });
    await ownerIsRefused(code, adminToken, hamburg);
    expect((await (await call(`/api/stones/${code}`)).json<StoneView>()).finds.map((find) => find.id)).toEqual([berlin]);

    expect((await operatorPatch(authorization, stoneId, hamburg, { hidden: false })).status).toBe(200);
    expect(await ownerFind(adminToken, hamburg)).toMatchObject({ hidden: false, hiddenBy: null });
    expect((await ownerPatch(adminToken, hamburg, { hidden: true })).status).toBe(200);
    expect(await ownerFind(adminToken, hamburg)).toMatchObject({ hidden: true, hiddenBy: 'owner' });
    expect((await ownerPatch(adminToken, hamburg, { hidden: false })).status).toBe(200);
    expect(await ownerFind(adminToken, hamburg)).toMatchObject({ hidden: false, hiddenBy: null });
  });

  it('when resolving reports cannot be shown again by its owner', async () => {
    const { code, adminToken, ids, authorization } = await stoneWithFinds();
    const [berlin = ''] = ids;
    expect((await postJson(`/api/stones/${code}/finds/${berlin}/report`, { reason: 'personal' })).status).toBe(202);
    const resolved = await call(`/api/admin/reports/${berlin}`, json('POST', { action: 'hide' }, { authorization }));
    expect(resolved.status).toBe(200);
    await ownerIsRefused(code, adminToken, berlin);
  });

  it('that its owner had hidden since the report becomes the operator’s when the operator resolves the report by hiding it', async () => {
    const { code, adminToken, ids, authorization } = await stoneWithFinds();
    const [, hamburg = ''] = ids;
    expect((await postJson(`/api/stones/${code}/finds/${hamburg}/report`, { reason: 'personal' })).status).toBe(202);
    expect((await ownerPatch(adminToken, hamburg, { hidden: true })).status).toBe(200);
    expect(await ownerFind(adminToken, hamburg)).toMatchObject({ hidden: true, hiddenBy: 'owner' });
    const before = await (await call(`/api/stones/${code}`)).json<StoneView>();
    expect((await call(`/api/admin/reports/${hamburg}`, json('POST', { action: 'hide' }, { authorization }))).status).toBe(200);
    expect(await env.DB.prepare('SELECT resolution FROM find_reports WHERE find_id = ?').bind(hamburg).first('resolution')).toBe('hidden');
    // Nothing public changed: only who hid it.
    const after = await (await call(`/api/stones/${code}`)).json<StoneView>();
    expect([after.findCount, after.totalDistance]).toEqual([before.findCount, before.totalDistance]);
    await ownerIsRefused(code, adminToken, hamburg);
  });

  it('stays hidden with its waiting photo undecided when the owner asks to show it and decide the photo in one request', async () => {
    const { code, adminToken, stoneId, ids, authorization } = await stoneWithFinds();
    const [berlin = ''] = ids;
    await env.DB.prepare(
      "INSERT INTO find_photos (find_id, stone_id, r2_key, content_type, size_bytes, status) VALUES (?, ?, ?, 'image/jpeg', 4, 'pending')",
    )
      .bind(berlin, stoneId, `finds/${crypto.randomUUID()}.jpg`)
      .run();
    expect((await operatorPatch(authorization, stoneId, berlin, { hidden: true })).status).toBe(200);
    await expectApiError(await ownerPatch(adminToken, berlin, { hidden: false, photo: 'approved' }), 409, 'HIDDEN_BY_OPERATOR');
    expect(await ownerFind(adminToken, berlin)).toMatchObject({ hidden: true, hiddenBy: 'operator', photo: { status: 'pending' } });
    expect((await (await call(`/api/stones/${code}`)).json<StoneView>()).finds.map((find) => find.id)).not.toContain(berlin);
  });

  it('that was flagged cannot be accepted by its owner; the operator may accept it', async () => {
    const { code, adminToken, stoneId, authorization } = await stoneWithFinds();
    const finder = clientAddress();
    // The same client twice within the hour: the second find is flagged as a repeat.
    for (let i = 0; i < 2; i++)
      expect((await postFind(code, { location: 'Kiel', latitude: 54.32, longitude: 10.13 }, { 'cf-connecting-ip': finder })).status).toBe(
        201,
      );
    const flagged = (await (await call(`/api/admin/stones/${adminToken}`)).json<OwnerStoneView>()).finds.find((f) => f.flag === 'repeat');
    const id = flagged?.id ?? '';
    expect((await operatorPatch(authorization, stoneId, id, { hidden: true })).status).toBe(200);
    await expectApiError(await ownerPatch(adminToken, id, { accept: true }), 409, 'HIDDEN_BY_OPERATOR');
    expect(await ownerFind(adminToken, id)).toMatchObject({ flagAccepted: false, hiddenBy: 'operator' });
    expect((await operatorPatch(authorization, stoneId, id, { accept: true })).status).toBe(200);
    expect(await ownerFind(adminToken, id)).toMatchObject({ flagAccepted: true, hidden: true, hiddenBy: 'operator' });
  });
});

describe('a find its owner hid', () => {
  it('is the owner’s to show again, and says so in the owner’s view', async () => {
    const { code, adminToken, ids } = await stoneWithFinds();
    const [berlin = ''] = ids;
    expect((await ownerPatch(adminToken, berlin, { hidden: true })).status).toBe(200);
    expect(await ownerFind(adminToken, berlin)).toMatchObject({ hidden: true, hiddenBy: 'owner' });
    expect((await ownerPatch(adminToken, berlin, { hidden: false })).status).toBe(200);
    expect(await ownerFind(adminToken, berlin)).toMatchObject({ hidden: false, hiddenBy: null });
    // The public view has no such field.
    const [publicFind] = (await (await call(`/api/stones/${code}`)).json<StoneView>()).finds;
    expect(publicFind).not.toHaveProperty('hiddenBy');
    expect(publicFind).not.toHaveProperty('hidden');
  });
});
