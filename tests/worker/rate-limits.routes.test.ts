import { beforeEach, describe, expect, it } from 'vitest';
import { RATE_LIMITS } from '../../src/worker/lib/rate-limit';
import { collectionBody, createCollection } from '../support/collections';
import { callWith, clientAddress, createStone, expectApiError, type FindBody, snapshot } from '../support/factory';
import { heldRateLimits } from '../support/rate-limits';

const BERLIN = { latitude: 52.52, longitude: 13.405 };
const FAR_AWAY = { latitude: -33.87, longitude: 151.21 };

/** Sends `count` requests one after the other from one client and returns their statuses. */
async function burst(count: number, send: (i: number) => Promise<Response>): Promise<number[]> {
  const statuses: number[] = [];
  for (let i = 0; i < count; i++) statuses.push((await send(i)).status);
  return statuses;
}

/** The limits of the request under test: one window per test (tests/support/rate-limits.ts), so no test waits for one. */
let limits = heldRateLimits();

const call = (path: string, init: RequestInit = {}) => callWith(limits, path, init);
const postJson = (path: string, body: unknown, headers: Record<string, string> = {}) =>
  call(path, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) });
const postFind = (code: string, body: FindBody, headers: Record<string, string> = {}) =>
  postJson(`/api/stones/${code}/finds`, body, headers);

describe('abuse limits on public writes', () => {
  beforeEach(() => {
    limits = heldRateLimits();
  });

  it('refuses finds on one stone above the per-stone limit with 429, Retry-After and nothing written', async () => {
    const { code } = await createStone();
    const client = clientAddress();
    const { limit, period } = RATE_LIMITS.stoneWrites;
    // Alternating far-apart positions: the distance inflation the limit exists to stop.
    const statuses = await burst(limit, (i) =>
      postFind(code, { location: `Ort ${i}`, ...(i % 2 ? FAR_AWAY : BERLIN) }, { 'cf-connecting-ip': client }),
    );
    expect(statuses).toEqual(Array(limit).fill(201));

    const before = await snapshot();
    const refused = await postFind(code, { location: 'Noch einmal', ...FAR_AWAY }, { 'cf-connecting-ip': client });
    await expectApiError(refused, 429, 'RATE_LIMITED');
    expect(refused.headers.get('retry-after')).toBe(String(period));
    expect(await snapshot()).toEqual(before);
  });

  it('counts another client, and the same client on another stone, apart', async () => {
    const first = await createStone();
    const second = await createStone();
    const client = clientAddress();
    const { limit } = RATE_LIMITS.stoneWrites;
    const statuses = await burst(limit + 1, (i) => postFind(first.code, { location: `Ort ${i}` }, { 'cf-connecting-ip': client }));
    expect(statuses.at(-1)).toBe(429);

    expect((await postFind(first.code, { location: 'Jemand anderes' }, { 'cf-connecting-ip': clientAddress() })).status).toBe(201);
    expect((await postFind(second.code, { location: 'Anderer Stein' }, { 'cf-connecting-ip': client })).status).toBe(201);
  });

  it('counts finds and subscriptions on one stone apart, so logging a find never blocks subscribing', async () => {
    const { code } = await createStone();
    const client = clientAddress();
    await burst(RATE_LIMITS.stoneWrites.limit, (i) => postFind(code, { location: `Ort ${i}` }, { 'cf-connecting-ip': client }));
    expect((await postFind(code, { location: 'Zu viel' }, { 'cf-connecting-ip': client })).status).toBe(429);
    const res = await postJson(`/api/stones/${code}/notifications`, { email: 'fan@example.org' }, { 'cf-connecting-ip': client });
    expect(res.status).toBe(201);
  });

  it('refuses subscriptions to one stone above the per-stone limit', async () => {
    const { code } = await createStone();
    const client = clientAddress();
    const { limit } = RATE_LIMITS.stoneWrites;
    const statuses = await burst(limit + 1, (i) =>
      postJson(`/api/stones/${code}/notifications`, { email: `fan${i}@example.org` }, { 'cf-connecting-ip': client }),
    );
    expect(statuses).toEqual([...Array(limit).fill(201), 429]);
  });

  it('limits one client across many stones (a script walking the codes)', async () => {
    const client = clientAddress();
    const { limit } = RATE_LIMITS.clientWrites;
    const stones = await Promise.all(Array.from({ length: limit + 1 }, () => createStone()));
    const statuses = await burst(limit + 1, (i) =>
      postFind(stones[i]?.code ?? '', { location: 'Unterwegs' }, { 'cf-connecting-ip': client }),
    );
    expect(statuses).toEqual([...Array(limit).fill(201), 429]);
  });

  it('refuses stone creation above the per-client limit and writes nothing', async () => {
    const client = clientAddress();
    const { limit } = RATE_LIMITS.createStone;
    const create = () => postJson('/api/stones', { creatorEmail: 'c@example.org', title: 'Stein' }, { 'cf-connecting-ip': client });
    expect(await burst(limit, create)).toEqual(Array(limit).fill(201));
    const before = await snapshot();
    await expectApiError(await create(), 429, 'RATE_LIMITED');
    expect(await snapshot()).toEqual(before);
    expect(
      (await postJson('/api/stones', { creatorEmail: 'c@example.org', title: 'Stein' }, { 'cf-connecting-ip': clientAddress() })).status,
    ).toBe(201);
  });

  it('counts a memorial collection as ONE creation, however many stones it has, sharing the stones’ limit', async () => {
    const client = clientAddress();
    const { limit } = RATE_LIMITS.createStone;
    const collection = () => postJson('/api/collections', collectionBody({ count: 50 }), { 'cf-connecting-ip': client });
    // 50 stones each, and still one creation each: the limit is about creations, not stones.
    expect(await burst(limit - 1, collection)).toEqual(Array(limit - 1).fill(201));
    expect((await postJson('/api/stones', { creatorEmail: 'c@example.org', title: 'Stein' }, { 'cf-connecting-ip': client })).status).toBe(
      201,
    );
    const before = await snapshot();
    await expectApiError(await collection(), 429, 'RATE_LIMITED');
    expect(await snapshot()).toEqual(before);
  });

  it('limits a collection owner’s writes per client, and the owner-link mail per collection', async () => {
    const created = await createCollection();
    const client = clientAddress();
    const { limit } = RATE_LIMITS.clientWrites;
    const edit = (i: number) =>
      call(`/api/admin/collections/${created.adminToken}`, {
        method: 'PATCH',
        headers: { 'content-type': 'application/json', 'cf-connecting-ip': client },
        body: JSON.stringify({ dedication: `Fassung ${i}` }),
      });
    expect(await burst(limit + 1, edit)).toEqual([...Array(limit).fill(200), 429]);
    const addMore = await postJson(`/api/admin/collections/${created.adminToken}/stones`, { count: 1 }, { 'cf-connecting-ip': client });
    await expectApiError(addMore, 429, 'RATE_LIMITED');
    // Ending every owner link is an owner's write too: refused, it ends none and mails nothing.
    const before = await snapshot();
    const revoke = await call(`/api/admin/collections/${created.adminToken}/revoke-links`, {
      method: 'POST',
      headers: { 'cf-connecting-ip': client },
    });
    await expectApiError(revoke, 429, 'RATE_LIMITED');
    expect(await snapshot()).toEqual(before);
    expect((await call(`/api/admin/collections/${created.adminToken}`)).status).toBe(200);

    const asker = clientAddress();
    const ask = () =>
      postJson(`/api/collections/${created.id}/owner-link`, { email: 'lisbeth-family@example.org' }, { 'cf-connecting-ip': asker });
    const stoneLimit = RATE_LIMITS.stoneWrites.limit;
    expect(await burst(stoneLimit + 1, ask)).toEqual([...Array(stoneLimit).fill(202), 429]);
  });

  it('limits a stone owner’s writes per client, ending every owner link included', async () => {
    const { adminToken } = await createStone();
    const client = clientAddress();
    const { limit } = RATE_LIMITS.clientWrites;
    const edit = (i: number) =>
      call(`/api/admin/stones/${adminToken}`, {
        method: 'PATCH',
        headers: { 'content-type': 'application/json', 'cf-connecting-ip': client },
        body: JSON.stringify({ title: `Fassung ${i}` }),
      });
    expect(await burst(limit, edit)).toEqual(Array(limit).fill(200));
    const before = await snapshot();
    const revoke = await call(`/api/admin/stones/${adminToken}/revoke-links`, { method: 'POST', headers: { 'cf-connecting-ip': client } });
    await expectApiError(revoke, 429, 'RATE_LIMITED');
    expect(await snapshot()).toEqual(before);
    expect((await call(`/api/admin/stones/${adminToken}`)).status).toBe(200);
  });

  it('counts an IPv6 client per /64, so rotating the interface part gains nothing', async () => {
    const { code } = await createStone();
    const { limit } = RATE_LIMITS.stoneWrites;
    const statuses = await burst(limit + 1, (i) =>
      postFind(code, { location: `Ort ${i}` }, { 'cf-connecting-ip': `2001:db8:aa:bb::${i + 1}` }),
    );
    expect(statuses).toEqual([...Array(limit).fill(201), 429]);
  });

  it('says in the request language how long to wait', async () => {
    const { code } = await createStone();
    const client = clientAddress();
    await burst(RATE_LIMITS.stoneWrites.limit, (i) => postFind(code, { location: `Ort ${i}` }, { 'cf-connecting-ip': client }));
    const res = await call(`/api/stones/${code}/finds`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'cf-connecting-ip': client, 'accept-language': 'de-DE' },
      body: JSON.stringify({ location: 'Ort' }),
    });
    const error = await expectApiError(res, 429, 'RATE_LIMITED');
    expect(error.message).toBe('Zu viele Anfragen. Bitte warte 60 Sekunden und versuche es dann erneut.');
  });
});

describe('the real Workers Rate Limiting binding (as miniflare runs it)', () => {
  it('refuses a burst on one stone with 429 and writes nothing for the refused finds, whenever its window ends', async () => {
    const { code } = await createStone();
    const client = clientAddress();
    const { limit, period } = RATE_LIMITS.stoneWrites;
    // The binding counts in fixed windows of the wall clock. A burst far shorter than one window spans at most two
    // of them, so 2 × limit + 1 requests meet the limit whenever the window ends: no waiting for a fresh one.
    const started = Date.now();
    const statuses = await burst(2 * limit + 1, (i) =>
      callWith({}, `/api/stones/${code}/finds`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'cf-connecting-ip': client },
        body: JSON.stringify({ location: `Ort ${i}` }),
      }),
    );
    expect(Date.now() - started).toBeLessThan(period * 1000);
    expect(statuses).toContain(429);
    expect(statuses.filter((status) => status === 201).length).toBeLessThanOrEqual(2 * limit);
    const stone = (await (await callWith({}, `/api/stones/${code}`)).json()) as { finds: unknown[] };
    expect(stone.finds).toHaveLength(statuses.filter((status) => status === 201).length);
  });
});
