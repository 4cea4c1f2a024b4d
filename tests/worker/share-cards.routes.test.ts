import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { GENERIC_SHARE_IMAGE_PATH } from '../../src/shared/share-image';
import type { CollectionView, StoneView } from '../../src/shared/types';
import { getDb } from '../../src/worker/db/client';
import { renderStoneShare } from '../../src/worker/share/job';
import { readStoneCard, setStoneCard } from '../../src/worker/share/queries';
import { SUPERSEDED_CARD_DAYS, sweepOldCards } from '../../src/worker/share/storage';
import { collectionBody } from '../support/collections';
import { call, ORIGIN } from '../support/factory';
import { cardKeys, deliver, sharing, targets } from '../support/share-queue';

const stoneJson = async (code: string) => (await call(`/api/stones/${code}`)).json<StoneView>();

async function createdStoneWithToken(share: ReturnType<typeof sharing>) {
  const res = await share.post('/api/stones', { creatorEmail: 'card@example.org', title: 'Omas Karte' });
  expect(res.status).toBe(201);
  return res.json<{ code: string; adminToken: string }>();
}

const createdStone = async (share: ReturnType<typeof sharing>) => (await createdStoneWithToken(share)).code;

describe('share cards', () => {
  it('are asked for when a stone is created, rendered by the queue job, stored in R2 and named in the stone JSON', async () => {
    const share = sharing();
    const code = await createdStone(share);
    const messages = share.take();
    expect(targets(messages)).toEqual([{ share: 'stone', code }]);
    expect((await stoneJson(code)).shareImage).toBe(`${ORIGIN}${GENERIC_SHARE_IMAGE_PATH}`);

    const result = await deliver(messages);
    expect(result.explicitAcks).toHaveLength(1);
    const { shareImage } = await stoneJson(code);
    const match = shareImage.match(new RegExp(`^${ORIGIN}/share/stone/${code}/([0-9a-f]{16})\\.png$`));
    expect(match).not.toBeNull();
    expect(await cardKeys(`share/stone/${code}/`)).toEqual([`share/stone/${code}/${match?.[1]}.png`]);

    const res = await call(new URL(shareImage).pathname);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/png');
    // Revalidated with the ETag: a card can be erased (a hidden find, a deleted photo), and then no cache may keep it.
    expect(res.headers.get('cache-control')).toBe('public, no-cache');
    expect(res.headers.get('etag')).toMatch(/^"[^"]+"$/);
    expect(res.headers.get('content-security-policy')).toBe("default-src 'none'; sandbox");
    expect(res.headers.get('cross-origin-resource-policy')).toBe('cross-origin');
    // Some link previewers ask with HEAD first.
    const head = await call(new URL(shareImage).pathname, { method: 'HEAD' });
    expect([head.status, head.headers.get('content-type')]).toEqual([200, 'image/png']);
    const png = new Uint8Array(await res.arrayBuffer());
    const header = new DataView(png.buffer, 16, 8);
    expect([...png.slice(1, 4)].map((b) => String.fromCharCode(b)).join('')).toBe('PNG');
    expect([header.getUint32(0), header.getUint32(4)]).toEqual([1200, 630]);
  });

  it('get a new address after a counted find, which the page head names, and the old one keeps answering', async () => {
    const share = sharing();
    const code = await createdStone(share);
    await deliver(share.take());
    const before = (await stoneJson(code)).shareImage;

    const find = await share.post(`/api/stones/${code}/finds`, { location: 'Hamburg', latitude: 53.55, longitude: 9.99 });
    expect(find.status).toBe(201);
    const messages = share.take();
    expect(targets(messages)).toEqual([{ share: 'stone', code }]);
    await deliver(messages);

    const after = (await stoneJson(code)).shareImage;
    expect(after).not.toBe(before);
    const page = await (await call(`/${code}`)).text();
    expect(page).toContain(`<meta property="og:image" content="${after}"/>`);
    expect(page).toContain('<meta property="og:image:width" content="1200"/>');
    expect(page).toContain('<meta property="og:image:height" content="630"/>');
    expect(page).toContain('<meta name="twitter:card" content="summary_large_image"/>');
    expect(page).toMatch(/<meta property="og:image:alt" content="Omas Karte – [^"]+"\/>/);
    expect((await call(new URL(after).pathname)).status).toBe(200);
    // Links shared before the find keep their card for the grace period.
    expect((await call(new URL(before).pathname)).status).toBe(200);
  });

  it('replaced by a newer card stay for the grace period, then the job removes them', async () => {
    const share = sharing();
    const code = await createdStone(share);
    await deliver(share.take());
    const before = new URL((await stoneJson(code)).shareImage).pathname.slice(1);
    await share.post(`/api/stones/${code}/finds`, { location: 'Bremen', latitude: 53.08, longitude: 8.8 });
    await deliver(share.take());
    const current = new URL((await stoneJson(code)).shareImage).pathname.slice(1);
    const prefix = `share/stone/${code}/`;
    const day = 86_400_000;
    await sweepOldCards(env.PHOTOS, prefix, current, new Date(Date.now() + (SUPERSEDED_CARD_DAYS - 1) * day));
    expect(await cardKeys(prefix)).toEqual([before, current].sort());
    await sweepOldCards(env.PHOTOS, prefix, current, new Date(Date.now() + (SUPERSEDED_CARD_DAYS + 1) * day));
    expect(await cardKeys(prefix)).toEqual([current]);
  });

  it("follow the owner's title change, asked for by the owner link's write", async () => {
    const share = sharing();
    const { code, adminToken } = await createdStoneWithToken(share);
    await deliver(share.take());
    const before = (await stoneJson(code)).shareImage;
    const res = await share.patch(`/api/admin/stones/${adminToken}`, { title: 'Opas Karte' });
    expect(res.status).toBe(200);
    const messages = share.take();
    expect(targets(messages)).toEqual([{ share: 'stone', code }]);
    await deliver(messages);
    expect((await stoneJson(code)).shareImage).not.toBe(before);
  });

  it('are not asked for by a write that fails', async () => {
    const share = sharing();
    const code = await createdStone(share);
    share.take();
    const res = await share.post(`/api/stones/${code}/finds`, { location: '' });
    expect(res.status).toBe(400);
    expect(targets(share.take())).toEqual([]);
  });

  it('are not rendered again when nothing they show changed', async () => {
    const share = sharing();
    const code = await createdStone(share);
    await deliver(share.take());
    const objects = await cardKeys(`share/stone/${code}/`);
    // A write that changes nothing on the card (the owner's find mails switched off) asks, and the job does nothing.
    expect((await renderStoneShare(env, code)).outcome).toBe('unchanged');
    await deliver([{ share: 'stone', code }]);
    expect(await cardKeys(`share/stone/${code}/`)).toEqual(objects);
  });

  it('never let an older render overwrite a newer card', async () => {
    const share = sharing();
    const code = await createdStone(share);
    const db = getDb(env.DB);
    const old = await readStoneCard(db, code);
    if (!old) throw new Error('stone not read');
    await share.post(`/api/stones/${code}/finds`, { location: 'Kiel', latitude: 54.32, longitude: 10.13 });
    await deliver(share.take());
    const current = (await stoneJson(code)).shareImage;
    // A render that read the stone before the find finishes only now: its guarded write finds another state.
    expect(await setStoneCard(db, old.stone.id, '0123456789abcdef', old.stone.state, new Date())).toBe(false);
    expect((await stoneJson(code)).shareImage).toBe(current);
  });

  it('answer 404 for any address that is not a stored card', async () => {
    const share = sharing();
    const code = await createdStone(share);
    await deliver(share.take());
    for (const path of [
      `/share/stone/${code}/0000000000000000.png`,
      `/share/stone/${code.toLowerCase()}/0000000000000000.png`,
      `/share/stone/${code}/not-a-version.png`,
      `/share/stone/${code}/${'a'.repeat(16)}.jpg`,
      '/share/stone/../../photos.png',
      '/share/collection/abcdefghij/0000000000000000.png',
      '/share/collection/UPPERCASE1/0000000000000000.png',
    ]) {
      expect((await call(path)).status, path).toBe(404);
    }
  });

  it('of a memorial collection are rendered on creation and after a find on any of its stones', async () => {
    const share = sharing();
    const res = await share.post('/api/collections', collectionBody({ count: 2 }));
    expect(res.status).toBe(201);
    const created = await res.json<{ id: string; stones: Array<{ code: string }> }>();
    const messages = share.take();
    // The collection's own card; its stones' first cards come from the cron's catch-up (share-coalescing tests).
    expect(targets(messages)).toEqual([{ share: 'collection', id: created.id }]);
    await deliver(messages);
    const readCollection = async () => (await call(`/api/collections/${created.id}`)).json<CollectionView>();
    const first = (await readCollection()).shareImage;
    expect(first).toMatch(new RegExp(`^${ORIGIN}/share/collection/${created.id}/[0-9a-f]{16}\\.png$`));
    expect((await call(new URL(first).pathname)).headers.get('content-type')).toBe('image/png');
    expect(await (await call(`/sammlung/${created.id}`)).text()).toContain(`<meta property="og:image" content="${first}"/>`);

    const code = created.stones[1]?.code ?? '';
    await share.post(`/api/stones/${code}/finds`, { location: 'Wien', latitude: 48.21, longitude: 16.37 });
    await deliver(share.take());
    expect((await readCollection()).shareImage).not.toBe(first);
  });

  it('that fail to render come back later through the queue, and the find that asked for them stands', async () => {
    const share = sharing();
    const code = await createdStone(share);
    const messages = share.take();
    const failing = {
      head: async () => null,
      put: async () => {
        throw new Error('R2 unavailable');
      },
    } as unknown as R2Bucket;
    const result = await deliver(messages, { PHOTOS: failing });
    expect(result.retryMessages).toHaveLength(1);
    expect((await stoneJson(code)).shareImage).toBe(`${ORIGIN}${GENERIC_SHARE_IMAGE_PATH}`);
    // The retry, with R2 back, renders it.
    await deliver(messages);
    expect((await stoneJson(code)).shareImage).toMatch(/\/share\/stone\//);
  });

  it('share the mail queue without the mail consumer touching them', async () => {
    const result = await deliver([{ share: 'stone', code: 'FFF-FFF-FFF' }]);
    // An unknown stone: nothing to render, acknowledged once, never retried.
    expect(result.explicitAcks).toHaveLength(1);
    expect(result.retryMessages).toHaveLength(0);
  });
});
