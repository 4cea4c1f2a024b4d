/**
 * Share cards that show something since erased (share/erase.ts): a hidden find, a deleted photo. Every version
 * stored before the erasure answers 404 at once (not after the week of grace an ordinary change gives), its object
 * is deleted, and the job renders a new card from what is left.
 */
import { env } from 'cloudflare:test';
import jpeg from 'jpeg-js';
import { describe, expect, it } from 'vitest';
import { GENERIC_SHARE_IMAGE_PATH } from '../../src/shared/share-image';
import type { CollectionView, OwnerStoneView, StoneView } from '../../src/shared/types';
import { renderStoneShare } from '../../src/worker/share/job';
import { collectionBody } from '../support/collections';
import { call, callWith, ORIGIN } from '../support/factory';
import { operatorToken } from '../support/operator';
import { cardKeys, deliver, sharing, targets } from '../support/share-queue';

const shareOn = { SHARE_IMAGES: 'on' } as const;

const cardOf = async (code: string) => new URL((await (await call(`/api/stones/${code}`)).json<StoneView>()).shareImage).pathname;
const collectionCardOf = async (id: string) =>
  new URL((await (await call(`/api/collections/${id}`)).json<CollectionView>()).shareImage).pathname;
const status = async (path: string) => (await call(path)).status;

/** A stone with a card rendered after each of its finds: the card versions, oldest first. */
async function stoneWithCards(share: ReturnType<typeof sharing>, places: Array<[string, number, number]>) {
  const created = await share.post('/api/stones', { creatorEmail: 'karten@example.org', title: 'Kartenstein' });
  expect(created.status).toBe(201);
  const { code, adminToken } = await created.json<{ code: string; adminToken: string }>();
  await deliver(share.take(), shareOn);
  const cards = [await cardOf(code)];
  const findIds: string[] = [];
  for (const [location, latitude, longitude] of places) {
    const res = await share.post(`/api/stones/${code}/finds`, { location, latitude, longitude });
    expect(res.status).toBe(201);
    findIds.push((await res.json<{ find: { id: string } }>()).find.id);
    await deliver(share.take(), shareOn);
    cards.push(await cardOf(code));
  }
  expect(new Set(cards).size).toBe(cards.length);
  for (const card of cards) expect(await status(card), card).toBe(200);
  return { code, adminToken, cards, findIds };
}

/** An owner's photo as phones take them (a real JPEG the card draws), of one colour. */
function photo(): File {
  const width = 64;
  const height = 48;
  const data = new Uint8Array(width * height * 4).fill(200);
  return new File([new Uint8Array(jpeg.encode({ width, height, data }, 85).data)], 'foto.jpg', { type: 'image/jpeg' });
}

describe('share cards that show something since erased', () => {
  it('answer 404 at once for every version stored before a hidden find, and a new card renders from what is left', async () => {
    const share = sharing();
    const { code, adminToken, cards, findIds } = await stoneWithCards(share, [
      ['Hamburg', 53.55, 9.99],
      ['Bremen', 53.08, 8.8],
    ]);
    const hide = await share.patch(`/api/admin/stones/${adminToken}/finds/${findIds[1]}`, { hidden: true });
    expect(hide.status).toBe(200);
    const messages = share.take();
    expect(targets(messages)).toEqual([{ share: 'stone', code }]);

    for (const card of cards) expect(await status(card), card).toBe(404);
    expect(await cardKeys(`share/stone/${code}/`)).toEqual([]);
    expect(await cardOf(code)).toBe(GENERIC_SHARE_IMAGE_PATH);

    await deliver(messages, shareOn);
    const renewed = await cardOf(code);
    // The card shows what the one before the hidden find showed: the same address, drawn again after the erasure.
    expect(renewed).toBe(cards[1]);
    expect(await status(renewed)).toBe(200);
    expect(await status(cards[2] ?? '')).toBe(404);
    expect(await cardKeys(`share/stone/${code}/`)).toEqual([renewed.slice(1)]);
  });

  it('keep the grace for a change that erases nothing: showing the find again leaves the card before it answering', async () => {
    const share = sharing();
    const { code, adminToken, findIds } = await stoneWithCards(share, [['Hamburg', 53.55, 9.99]]);
    await share.patch(`/api/admin/stones/${adminToken}/finds/${findIds[0]}`, { hidden: true });
    await deliver(share.take(), shareOn);
    const hidden = await cardOf(code);
    await share.patch(`/api/admin/stones/${adminToken}/finds/${findIds[0]}`, { hidden: false });
    await deliver(share.take(), shareOn);
    expect(await cardOf(code)).not.toBe(hidden);
    expect(await status(hidden)).toBe(200);
  });

  it('of a memorial collection go too when a find on one of its stones is hidden (its map drew the find)', async () => {
    const share = sharing();
    const created = await share.post('/api/collections', collectionBody({ count: 2 }));
    const collection = await created.json<{ id: string; stones: Array<{ code: string; adminToken: string }> }>();
    const stone = collection.stones[0];
    if (!stone) throw new Error('no stone');
    const find = await share.post(`/api/stones/${stone.code}/finds`, { location: 'Wien', latitude: 48.21, longitude: 16.37 });
    const findId = (await find.json<{ find: { id: string } }>()).find.id;
    await deliver(share.take(), shareOn);
    const card = await collectionCardOf(collection.id);
    expect(await status(card)).toBe(200);

    expect((await share.patch(`/api/admin/stones/${stone.adminToken}/finds/${findId}`, { hidden: true })).status).toBe(200);
    expect(await status(card)).toBe(404);
    expect(await cardKeys(`share/collection/${collection.id}/`)).toEqual([]);
    // The stone's card is asked for; the job renders its collection's after it.
    await deliver(share.take(), shareOn);
    const renewed = await collectionCardOf(collection.id);
    expect(renewed).toMatch(new RegExp(`^/share/collection/${collection.id}/`));
    expect(await status(renewed)).toBe(200);
  });

  it('answer 404 for every version that may show a deleted photo, and so does the photo', async () => {
    const share = sharing();
    const created = await share.post('/api/stones', { creatorEmail: 'foto@example.org', title: 'Fotostein' });
    const { code, adminToken } = await created.json<{ code: string; adminToken: string }>();
    await env.DB.prepare('UPDATE stones SET has_photos = 1, is_paid = 1 WHERE code = ?').bind(code).run();
    const form = new FormData();
    form.append('photo', photo());
    form.append('photo', photo());
    const uploaded = await callWith(share.vars, `/api/admin/stones/${adminToken}/photos`, { method: 'POST', body: form });
    expect(uploaded.status).toBe(201);
    const [first, second] = (await uploaded.json<{ photos: string[] }>()).photos;
    share.take();
    await deliver([{ share: 'stone', code }], shareOn);
    const card = await cardOf(code);
    expect(await status(card)).toBe(200);

    // The second photo: the card shows the first, but an earlier version may have shown this one.
    expect((await share.delete(`/api/admin/stones/${adminToken}/photos`, { photoUrl: second })).status).toBe(200);
    expect(await status(card)).toBe(404);
    expect(await status(new URL(second ?? '').pathname)).toBe(404);
    expect(await status(new URL(first ?? '').pathname)).toBe(200);
    await deliver(share.take(), shareOn);
    const renewed = await cardOf(code);
    expect(await status(renewed)).toBe(200);

    const operator = { authorization: `Bearer ${await operatorToken()}` };
    const id = await env.DB.prepare('SELECT id FROM stones WHERE code = ?').bind(code).first<string>('id');
    expect((await share.delete(`/api/admin/stones/id/${id}/photos`, { photoUrl: first }, operator)).status).toBe(200);
    expect(await status(renewed)).toBe(404);
    expect(await cardKeys(`share/stone/${code}/`)).toEqual([]);
  });

  it('are asked for again when the operator hides a reported find, and the ones before answer 404', async () => {
    const share = sharing();
    const { code, cards, findIds } = await stoneWithCards(share, [['Kiel', 54.32, 10.13]]);
    const findId = findIds[0] ?? '';
    expect((await share.post(`/api/stones/${code}/finds/${findId}/report`, { reason: 'personal' })).status).toBe(202);
    const operator = { authorization: `Bearer ${await operatorToken()}` };
    const resolved = await share.post(`/api/admin/reports/${findId}`, { action: 'hide' }, operator);
    expect(resolved.status).toBe(200);
    expect(targets(share.take())).toEqual([{ share: 'stone', code }]);
    for (const card of cards) expect(await status(card), card).toBe(404);
    await deliver([{ share: 'stone', code }], shareOn);
    expect(await cardOf(code)).toBe(cards[0]);
    expect(await status(cards[0] ?? '')).toBe(200);
  });

  it('are not served when R2 refuses to delete them, and the next render removes them', async () => {
    const share = sharing();
    const { code, adminToken, cards, findIds } = await stoneWithCards(share, [['Rostock', 54.09, 12.13]]);
    const refusing = new Proxy(env.PHOTOS, {
      get(target, name) {
        if (name === 'delete')
          return async () => {
            throw new Error('R2 unavailable');
          };
        const value = Reflect.get(target, name);
        return typeof value === 'function' ? value.bind(target) : value;
      },
    });
    const hide = await callWith({ ...share.vars, PHOTOS: refusing }, `/api/admin/stones/${adminToken}/finds/${findIds[0]}`, {
      method: 'PATCH',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ hidden: true }),
    });
    expect(hide.status).toBe(200);
    expect(await cardKeys(`share/stone/${code}/`)).toHaveLength(2);
    for (const card of cards) expect(await status(card), card).toBe(404);
    await deliver(share.take(), shareOn);
    expect(await cardOf(code)).toBe(cards[0]);
    expect(await cardKeys(`share/stone/${code}/`)).toEqual([(cards[0] ?? '').slice(1)]);
  });

  it('that a render stored after an erasure it did not see are deleted, never served', async () => {
    const share = sharing();
    const { code, adminToken, findIds } = await stoneWithCards(share, [['Lübeck', 53.87, 10.69]]);
    await share.post(`/api/stones/${code}/finds`, { location: 'Schwerin', latitude: 53.63, longitude: 11.41 });
    share.take();
    let stored = '';
    // The render has read the stone with both finds; the owner hides one before the render stores its card.
    const racing = new Proxy(env.PHOTOS, {
      get(target, name) {
        if (name === 'put')
          return async (key: string, value: ArrayBuffer, options: R2PutOptions) => {
            const hide = await call(`/api/admin/stones/${adminToken}/finds/${findIds[0]}`, {
              method: 'PATCH',
              headers: { 'content-type': 'application/json' },
              body: JSON.stringify({ hidden: true }),
            });
            expect(hide.status).toBe(200);
            stored = key;
            return target.put(key, value, options);
          };
        const value = Reflect.get(target, name);
        return typeof value === 'function' ? value.bind(target) : value;
      },
    });
    expect((await renderStoneShare({ ...env, ...shareOn, PHOTOS: racing }, code)).outcome).toBe('superseded');
    expect(stored).toMatch(new RegExp(`^share/stone/${code}/`));
    expect(await env.PHOTOS.head(stored)).toBeNull();
    expect(await status(`/${stored}`)).toBe(404);
    const owner = await (await call(`/api/admin/stones/${adminToken}`)).json<OwnerStoneView>();
    expect(owner.shareImage).toBe(`${ORIGIN}${GENERIC_SHARE_IMAGE_PATH}`);
  });
});
