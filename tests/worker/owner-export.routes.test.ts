/**
 * The owner's copy of their data: `GET /api/admin/stones/{ownerToken}/export` and
 * `GET /api/admin/collections/{ownerToken}/export` answer a JSON attachment, never kept by a cache, with everything
 * the owner page shows and what lies behind it, and not one finder's or subscriber's address.
 */
import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { randomCode } from '../../src/shared/code';
import { randomToken, sha256Hex } from '../../src/worker/lib/crypto';
import { createCollection } from '../support/collections';
import { call, expectApiError, insertFind, insertStone, ORIGIN } from '../support/factory';
import { TINY_JPEG } from '../support/images';

const DAY_MS = 24 * 60 * 60 * 1000;
const newCode = () => randomCode((bytes) => crypto.getRandomValues(bytes));
/** Every e-mail address in a text. */
const addressesIn = (text: string) => [...new Set(text.match(/[\w.+'-]+@[\w-]+(\.[\w-]+)+/g) ?? [])];

interface ExportedFind {
  number: number;
  location: string;
  comment: string;
  hidden: boolean;
  hiddenBy: string | null;
  finderPhoto: { status: string; url: string | null } | null;
}

interface ExportedStone {
  code: string;
  title: string;
  story: string | null;
  creatorEmail: string;
  status: string;
  totalDistanceKm: number;
  findCount: number;
  settings: { mailOnEveryFind: boolean; language: string; memorialDay: string | null; memorialLetter: boolean };
  features: { photos: boolean; story: boolean; paid: boolean };
  photos: string[];
  finds: ExportedFind[];
  subscriptions: { confirmed: number; unconfirmed: number };
  collection: { id: string; title: string; url: string } | null;
}

/** A finder's photo as stored for `findId`: a row in the state given, its bytes in R2 while kept. */
async function finderPhoto(stoneId: string, findId: string, status: 'pending' | 'approved' | 'rejected') {
  const key = status === 'rejected' ? null : `finds/${crypto.randomUUID()}.jpg`;
  if (key) await env.PHOTOS.put(key, TINY_JPEG, { httpMetadata: { contentType: 'image/jpeg' } });
  await env.DB.prepare(
    "INSERT INTO find_photos (find_id, stone_id, r2_key, content_type, size_bytes, status) VALUES (?, ?, ?, 'image/jpeg', ?, ?)",
  )
    .bind(findId, stoneId, key, TINY_JPEG.length, status)
    .run();
}

async function subscribe(
  table: 'subscriptions' | 'collection_subscriptions',
  column: string,
  id: string,
  email: string,
  confirmed: boolean,
) {
  await env.DB.prepare(`INSERT INTO ${table} (id, ${column}, email, confirmed_at) VALUES (?, ?, ?, ?)`)
    .bind(crypto.randomUUID(), id, email, confirmed ? Date.now() : null)
    .run();
}

async function exportedStone() {
  const creatorEmail = 'owner-export@example.org';
  const stone = await insertStone({
    code: newCode(),
    title: 'Omas Ostseestein',
    story: 'Von Kiel in die Welt.',
    creatorEmail,
    locale: 'en',
    hasPhotos: true,
    hasStory: true,
    isPaid: true,
    notifyOnFind: false,
    findSeq: 4,
    hiddenFindCount: 1,
    totalDistanceKm: 12.5,
  });
  await env.DB.prepare(
    "INSERT INTO photos (id, stone_id, r2_key, content_type, size_bytes) VALUES (?, ?, 'stones/export/a.jpg', 'image/jpeg', 10)",
  )
    .bind(crypto.randomUUID(), stone.id)
    .run();
  const ids = [1, 2, 3, 4].map(() => crypto.randomUUID());
  await insertFind(stone.id, { id: ids[0], seq: 1, location: 'Kiel', comment: 'Am Hafen', finderEmail: 'finder-one@example.org' });
  await insertFind(stone.id, {
    id: ids[1],
    seq: 2,
    location: 'Privatweg 3',
    hidden: true,
    hiddenBy: 'operator',
    finderEmail: 'finder-two@example.org',
  });
  await insertFind(stone.id, { id: ids[2], seq: 3, location: 'Lübeck', finderEmail: 'finder-three@example.org', precision: 'town' });
  await insertFind(stone.id, { id: ids[3], seq: 4, location: 'Hamburg', flag: 'speed' });
  await finderPhoto(stone.id, ids[2] ?? '', 'pending');
  await finderPhoto(stone.id, ids[3] ?? '', 'rejected');
  await subscribe('subscriptions', 'stone_id', stone.id, 'reader-one@example.org', true);
  await subscribe('subscriptions', 'stone_id', stone.id, 'reader-two@example.org', true);
  await subscribe('subscriptions', 'stone_id', stone.id, 'reader-three@example.org', false);
  return { ...stone, creatorEmail, findIds: ids };
}

describe('GET /api/admin/stones/{ownerToken}/export', () => {
  it('answers a JSON attachment, never cached, with the stone, every find as the owner sees it, photos and counts', async () => {
    const stone = await exportedStone();
    const goal = await call(`/api/admin/stones/${stone.adminToken}`, {
      method: 'PATCH',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ goal: { country: 'DK', note: 'nach Skagen' } }),
    });
    expect(goal.status).toBe(200);
    const res = await call(`/api/admin/stones/${stone.adminToken}/export`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
    expect(res.headers.get('content-disposition')).toBe(`attachment; filename="reisestein-${stone.code}.json"`);
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(res.headers.get('referrer-policy')).toBe('no-referrer');
    const text = await res.text();
    const body = JSON.parse(text) as { kind: string; format: number; site: string; generatedAt: string; stone: ExportedStone };
    expect(body).toMatchObject({ kind: 'stone', format: 1, site: ORIGIN });
    expect(Math.abs(Date.parse(body.generatedAt) - Date.now())).toBeLessThan(60_000);
    expect(body.stone).toMatchObject({
      code: stone.code,
      title: 'Omas Ostseestein',
      story: 'Von Kiel in die Welt.',
      creatorEmail: stone.creatorEmail,
      status: 'travelling',
      totalDistanceKm: 12.5,
      findCount: 3,
      settings: { mailOnEveryFind: false, language: 'en', memorialDay: null, memorialLetter: true },
      features: { photos: true, story: true, paid: true },
      photos: [`${ORIGIN}/photos/stones/export/a.jpg`],
      subscriptions: { confirmed: 2, unconfirmed: 1 },
      collection: null,
      goal: { name: null, country: 'DK', latitude: null, longitude: null, note: 'nach Skagen', reachedAt: null },
    });
    expect(body.stone.finds.map((f) => [f.number, f.location, f.hidden, f.hiddenBy])).toEqual([
      [1, 'Kiel', false, null],
      [2, 'Privatweg 3', true, 'operator'],
      [3, 'Lübeck', false, null],
      [4, 'Hamburg', false, null],
    ]);
    expect(body.stone.finds[0]?.comment).toBe('Am Hafen');
    const photoUrl = `${ORIGIN}/api/admin/stones/${stone.adminToken}/finds/${stone.findIds[2]}/photo`;
    expect(body.stone.finds.map((f) => f.finderPhoto)).toEqual([
      null,
      null,
      { status: 'pending', url: photoUrl },
      { status: 'rejected', url: null },
    ]);
    const photo = await call(new URL(photoUrl).pathname);
    expect(photo.status).toBe(200);
    expect(new Uint8Array(await photo.arrayBuffer())).toEqual(TINY_JPEG);
    // The owner's own address, and no other: not a finder's, not a subscriber's.
    expect(addressesIn(text)).toEqual([stone.creatorEmail]);
  });

  it('gives a finder’s photo the address of the link it was asked with', async () => {
    const stone = await exportedStone();
    const mailed = randomToken();
    await env.DB.prepare('INSERT INTO owner_tokens (token_hash, stone_id, expires_at) VALUES (?, ?, ?)')
      .bind(await sha256Hex(mailed), stone.id, Date.now() + DAY_MS)
      .run();
    const body = await (await call(`/api/admin/stones/${mailed}/export`)).json<{ stone: ExportedStone }>();
    expect(body.stone.finds[2]?.finderPhoto?.url).toBe(`${ORIGIN}/api/admin/stones/${mailed}/finds/${stone.findIds[2]}/photo`);
  });

  it('answers an unknown or expired link 404 in the one error shape', async () => {
    const stone = await exportedStone();
    const expired = randomToken();
    await env.DB.prepare('INSERT INTO owner_tokens (token_hash, stone_id, created_at, expires_at) VALUES (?, ?, ?, ?)')
      .bind(await sha256Hex(expired), stone.id, Date.now() - 31 * DAY_MS, Date.now() - DAY_MS)
      .run();
    for (const token of [randomToken(), expired, 'kurz'])
      await expectApiError(await call(`/api/admin/stones/${token}/export`), 404, 'NOT_FOUND');
  });
});

describe('GET /api/admin/collections/{ownerToken}/export', () => {
  it('answers the collection and each of its stones the same way, with its followers counted and no one else’s address', async () => {
    const created = await createCollection({ title: 'Für Opa Heinz', dedication: 'In Liebe', creatorEmail: 'heinz-family@example.org' });
    const { results } = await env.DB.prepare('SELECT id, code FROM stones WHERE collection_id = ? ORDER BY created_at')
      .bind(created.id)
      .all<{ id: string; code: string }>();
    const [first] = results;
    const findId = crypto.randomUUID();
    await insertFind(first?.id ?? '', { id: findId, seq: 1, location: 'Bremen', finderEmail: 'collection-finder@example.org' });
    await finderPhoto(first?.id ?? '', findId, 'pending');
    await subscribe('collection_subscriptions', 'collection_id', created.id, 'follower-one@example.org', true);
    await subscribe('collection_subscriptions', 'collection_id', created.id, 'follower-two@example.org', false);
    await subscribe('subscriptions', 'stone_id', first?.id ?? '', 'stone-reader@example.org', true);
    // Asked through a mailed collection link: its stones' links derive from it.
    const mailed = randomToken();
    await env.DB.prepare('INSERT INTO collection_owner_tokens (token_hash, collection_id, expires_at) VALUES (?, ?, ?)')
      .bind(await sha256Hex(mailed), created.id, Date.now() + DAY_MS)
      .run();

    const res = await call(`/api/admin/collections/${mailed}/export`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-disposition')).toBe(`attachment; filename="reisestein-sammlung-${created.id}.json"`);
    expect(res.headers.get('cache-control')).toBe('no-store');
    const text = await res.text();
    const body = JSON.parse(text) as {
      kind: string;
      collection: { id: string; title: string; dedication: string; creatorEmail: string; followers: object; stones: ExportedStone[] };
    };
    expect(body.kind).toBe('collection');
    expect(body.collection).toMatchObject({
      id: created.id,
      title: 'Für Opa Heinz',
      dedication: 'In Liebe',
      creatorEmail: 'heinz-family@example.org',
      followers: { confirmed: 1, unconfirmed: 1 },
    });
    expect(body.collection.stones.map((s) => s.code)).toEqual(results.map((s) => s.code));
    const [stone] = body.collection.stones;
    expect(stone).toMatchObject({
      subscriptions: { confirmed: 1, unconfirmed: 0 },
      collection: { id: created.id, title: 'Für Opa Heinz' },
    });
    expect(stone?.finds.map((f) => f.location)).toEqual(['Bremen']);
    // The finder's photo by the stone's own link, derived from the link asked with: it opens.
    const url = stone?.finds[0]?.finderPhoto?.url ?? '';
    expect(url).toMatch(new RegExp(`^${ORIGIN}/api/admin/stones/[\\w-]{43}/finds/${findId}/photo$`));
    expect((await call(new URL(url).pathname)).status).toBe(200);
    expect(addressesIn(text)).toEqual(['heinz-family@example.org']);
  });

  it('answers an unknown or expired link 404 in the one error shape', async () => {
    const created = await createCollection();
    const expired = randomToken();
    await env.DB.prepare('INSERT INTO collection_owner_tokens (token_hash, collection_id, expires_at) VALUES (?, ?, ?)')
      .bind(await sha256Hex(expired), created.id, Date.now() - 1)
      .run();
    for (const token of [randomToken(), expired])
      await expectApiError(await call(`/api/admin/collections/${token}/export`), 404, 'NOT_FOUND');
  });
});
