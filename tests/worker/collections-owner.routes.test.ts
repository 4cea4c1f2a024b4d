/**
 * A memorial collection's owner side, `/api/admin/collections/{ownerToken}`: the collection as its owner
 * manages it, every stone with its own owner link, title and dedication, more stones up to 50; and "send me my
 * owner link" on the collection's page.
 */
import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import type { OwnerCollectionView } from '../../src/shared/types';
import { deriveStoneToken, randomToken, sha256Hex } from '../../src/worker/lib/crypto';
import { createCollection, readCollection, readOwnerCollection, rowCount, siteStoneCount } from '../support/collections';
import { call, expectApiError, ORIGIN, postJson } from '../support/factory';
import { outbox } from '../support/mail';

const patch = (token: string, body: unknown) =>
  call(`/api/admin/collections/${token}`, { method: 'PATCH', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
const addStones = (token: string, body: unknown) => postJson(`/api/admin/collections/${token}/stones`, body);

/** A further owner link, as one a mail carries (mail/tokens.ts stores its hash in collection_owner_tokens). */
async function mailedToken(collectionId: string): Promise<string> {
  const token = randomToken();
  await env.DB.prepare('INSERT INTO collection_owner_tokens (token_hash, collection_id) VALUES (?, ?)')
    .bind(await sha256Hex(token), collectionId)
    .run();
  return token;
}

describe('GET /api/admin/collections/{ownerToken}', () => {
  it('answers the public view plus the creator’s address, every stone’s owner link and QR code, and the followers', async () => {
    const created = await createCollection({ count: 2 });
    await env.DB.prepare(
      "INSERT INTO collection_subscriptions (id, collection_id, email, confirmed_at) VALUES ('sub-1', ?, 'fan@example.org', 1), ('sub-2', ?, 'other@example.org', NULL)",
    )
      .bind(created.id, created.id)
      .run();
    const res = await call(`/api/admin/collections/${created.adminToken}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(res.headers.get('referrer-policy')).toBe('no-referrer');
    const view = await res.json<OwnerCollectionView>();
    expect(view).toMatchObject({ id: created.id, title: 'Für Oma Lisbeth', creatorEmail: 'lisbeth-family@example.org', followerCount: 2 });
    expect(view.followers.map((f) => [f.id, f.confirmed]).sort()).toEqual([
      ['sub-1', true],
      ['sub-2', false],
    ]);
    expect(JSON.stringify(view.followers)).not.toContain('@');
    expect(view.stones.map((s) => [s.code, s.adminToken, s.adminUrl, s.qrCodeUrl])).toEqual(
      created.stones.map((s) => [s.code, s.adminToken, `/admin/stone/${s.adminToken}`, `${ORIGIN}/api/stones/${s.code}/qr.svg`]),
    );
  });

  it.each(['x'.repeat(43), 'short', 'with space in it and more text'])('answers 404 for the token %j', async (token) => {
    await expectApiError(await call(`/api/admin/collections/${encodeURIComponent(token)}`), 404, 'NOT_FOUND');
  });

  it('opens with a mailed owner link, whose derived stone links open the stones’ owner pages; a second read writes nothing', async () => {
    const created = await createCollection({ count: 2 });
    const token = await mailedToken(created.id);
    const ownerTokensBefore = await rowCount('owner_tokens');
    const view = await readOwnerCollection(token);
    const ids = await env.DB.prepare('SELECT id FROM stones WHERE collection_id = ? ORDER BY created_at')
      .bind(created.id)
      .all<{ id: string }>();
    for (const [i, stone] of view.stones.entries()) {
      expect(stone.adminToken).toBe(await deriveStoneToken(token, ids.results[i]?.id ?? ''));
      expect(stone.adminToken).not.toBe(created.stones[i]?.adminToken);
      expect((await call(`/api/admin/stones/${stone.adminToken}`)).status).toBe(200);
    }
    expect(await rowCount('owner_tokens')).toBe(ownerTokensBefore + 2);
    await readOwnerCollection(token);
    await readOwnerCollection(created.adminToken);
    expect(await rowCount('owner_tokens')).toBe(ownerTokensBefore + 2);
  });
});

describe('PATCH /api/admin/collections/{ownerToken}', () => {
  it('changes the title and the dedication, and clears the dedication with an empty one', async () => {
    const created = await createCollection();
    const res = await patch(created.adminToken, { title: ' Für Opa Heinz ', dedication: 'In Liebe' });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ title: 'Für Opa Heinz', dedication: 'In Liebe', creatorEmail: 'lisbeth-family@example.org' });
    expect(await readCollection(created.id)).toMatchObject({ title: 'Für Opa Heinz', dedication: 'In Liebe' });
    expect((await (await patch(created.adminToken, { dedication: '' })).json<OwnerCollectionView>()).dedication).toBeNull();
    expect((await (await patch(created.adminToken, { dedication: 'Wieder da' })).json<OwnerCollectionView>()).dedication).toBe('Wieder da');
    expect((await (await patch(created.adminToken, { dedication: null })).json<OwnerCollectionView>()).dedication).toBeNull();
  });

  it.each([
    { name: 'nothing to change', body: {} },
    { name: 'an empty title', body: { title: ' ' } },
    { name: 'a title over 120 characters', body: { title: 'x'.repeat(121) } },
    { name: 'a dedication over 280 characters', body: { dedication: 'x'.repeat(281) } },
    { name: 'a dedication that is no text', body: { dedication: 5 } },
  ])('answers 400 for $name and changes nothing', async ({ body }) => {
    const created = await createCollection({ dedication: 'Bleibt' });
    await expectApiError(await patch(created.adminToken, body), 400);
    expect(await readCollection(created.id)).toMatchObject({ title: 'Für Oma Lisbeth', dedication: 'Bleibt' });
  });

  it('answers 404 to a wrong token and changes nothing', async () => {
    const created = await createCollection();
    await expectApiError(await patch(randomToken(), { title: 'Fremd' }), 404, 'NOT_FOUND');
    expect((await readCollection(created.id)).title).toBe('Für Oma Lisbeth');
  });
});

describe('POST /api/admin/collections/{ownerToken}/stones', () => {
  it('adds stones numbered on from the last, counts them in the site totals and answers their owner links', async () => {
    const created = await createCollection({ count: 3 });
    const before = await siteStoneCount();
    const res = await addStones(created.adminToken, { count: 2, titles: ['', 'Der Nachzügler'] });
    expect(res.status).toBe(201);
    expect(res.headers.get('cache-control')).toBe('no-store');
    const { stones } = await res.json<{ stones: Array<{ code: string; url: string; qrCodeUrl: string; adminToken: string }> }>();
    expect(stones).toHaveLength(2);
    for (const stone of stones) {
      expect(stone.url).toBe(`${ORIGIN}/${stone.code}`);
      expect((await call(`/api/admin/stones/${stone.adminToken}`)).status).toBe(200);
    }
    const view = await readCollection(created.id);
    expect(view.stones.map((s) => s.title)).toEqual([
      'Für Oma Lisbeth #1',
      'Für Oma Lisbeth #2',
      'Für Oma Lisbeth #3',
      'Für Oma Lisbeth #4',
      'Der Nachzügler',
    ]);
    expect(await siteStoneCount()).toBe(before + 2);
    expect(await env.DB.prepare('SELECT stone_seq FROM collections WHERE id = ?').bind(created.id).first('stone_seq')).toBe(5);
    // No creation mail for stones added later.
    expect((await outbox()).map((row) => row.kind)).toEqual(['collection-created']);
  });

  it('fills the collection up to 50 and answers 422 COLLECTION_FULL beyond, writing nothing', async () => {
    const created = await createCollection({ count: 45 });
    const before = await rowCount('stones');
    const full = await expectApiError(await addStones(created.adminToken, { count: 6 }), 422, 'COLLECTION_FULL');
    expect(full.message).toBe('A collection holds at most 50 stones: there is room for 5 more.');
    expect(await rowCount('stones')).toBe(before);
    expect((await addStones(created.adminToken, { count: 5 })).status).toBe(201);
    await expectApiError(await addStones(created.adminToken, { count: 1 }), 422, 'COLLECTION_FULL');
    expect((await readCollection(created.id)).stones).toHaveLength(50);
  });

  it('lets two adds at the same moment take the collection only up to 50 (the database decides the last one)', async () => {
    const created = await createCollection({ count: 10 });
    const answers = await Promise.all([addStones(created.adminToken, { count: 30 }), addStones(created.adminToken, { count: 30 })]);
    expect(answers.map((res) => res.status).sort()).toEqual([201, 422]);
    expect((await readCollection(created.id)).stones).toHaveLength(40);
  });

  it.each([{ body: {} }, { body: { count: 0 } }, { body: { count: 51 } }, { body: { count: 1, titles: ['a', 'b'] } }])(
    'answers 400 VALIDATION_ERROR for $body and writes nothing',
    async ({ body }) => {
      const created = await createCollection({ count: 1 });
      await expectApiError(await addStones(created.adminToken, body), 400, 'VALIDATION_ERROR');
      expect((await readCollection(created.id)).stones).toHaveLength(1);
    },
  );

  it('answers 404 to a wrong token', async () => {
    await expectApiError(await addStones(randomToken(), { count: 1 }), 404, 'NOT_FOUND');
    expect(await rowCount('stones')).toBe(0);
  });
});

describe('POST /api/collections/{id}/owner-link', () => {
  it('mails a new owner link to the creator’s address only (any case), at most once an hour, and always answers 202', async () => {
    const created = await createCollection();
    const ask = (email: string) => postJson(`/api/collections/${created.id}/owner-link`, { email }, { 'accept-language': 'de-DE' });
    for (const email of ['someone-else@example.org', 'Lisbeth-Family@Example.org', 'lisbeth-family@example.org']) {
      const res = await ask(email);
      expect(res.status).toBe(202);
      expect(await res.json()).toEqual({ accepted: true });
    }
    const rows = (await outbox()).filter((row) => row.kind === 'collection-owner-link');
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      recipient: 'lisbeth-family@example.org',
      subject: 'Dein Admin-Link für die Sammlung „Für Oma Lisbeth“',
    });
    expect(JSON.parse(rows[0]?.payload ?? '{}')).toEqual({
      kind: 'collection-owner-link',
      collectionId: created.id,
      title: 'Für Oma Lisbeth',
    });
  });

  it('answers 202 and writes nothing for a collection that does not exist, 404 for an id that cannot be one', async () => {
    expect((await postJson('/api/collections/abcdefghjk/owner-link', { email: 'a@example.org' })).status).toBe(202);
    await expectApiError(await postJson('/api/collections/not-an-id/owner-link', { email: 'a@example.org' }), 404, 'COLLECTION_NOT_FOUND');
    await expectApiError(await postJson('/api/collections/abcdefghjk/owner-link', { email: 'kein-at' }), 400, 'VALIDATION_ERROR');
    expect(await rowCount('email_outbox')).toBe(0);
  });
});
