/**
 * What a write changed (lib/changes.ts): every write endpoint declares its change or why nothing public changes, and
 * the share cards a write asks for follow from that one answer (the edge cache's renewals from the same answer are
 * edge-cache.routes.test.ts's).
 */
import { describe, expect, inject, it } from 'vitest';
import type { CollectionView, CreatedCollection, StoneView } from '../../src/shared/types';
import { type Endpoint, endpoints } from '../../src/worker/endpoints';
import { NAMING_PARAM } from '../../src/worker/lib/addresses';
import { operatorOnly } from '../../src/worker/lib/routing';
import { collectionBody } from '../support/collections';
import { call, createStone } from '../support/factory';
import { operatorToken } from '../support/operator';
import { deliver, sharing, targets } from '../support/share-queue';

/** The parameters of a path (`code`, `adminToken`, `findId`). */
const paramsOf = (path: string) => [...path.matchAll(/:(\w+)/g)].map((m) => m[1] ?? '');

/**
 * What is wrong with the write endpoints' declarations: a write that states no change, a reason that says nothing,
 * or a change named by a parameter its path does not have (or, for `route`, a path that names the stone itself).
 */
function undeclaredChanges(table: readonly Endpoint[]): string[] {
  return table.flatMap((endpoint) => {
    if (endpoint.method === 'GET') return [];
    const label = `${endpoint.method} ${endpoint.path}`;
    const params = paramsOf(endpoint.path);
    const changes = (endpoint as { changes?: Endpoint['changes'] }).changes;
    if (changes === undefined) return [`${label}: states no change`];
    if (changes === 'blog') return [];
    if ('nothing' in changes) return changes.nothing.trim().length >= 10 ? [] : [`${label}: no reason why nothing changes`];
    if ('collection' in changes) return params.includes(NAMING_PARAM.ownerToken) ? [] : [`${label}: no owner token in its path`];
    if (changes.stone === 'route') {
      const named = Object.values(NAMING_PARAM).some((param) => params.includes(param));
      return named ? [`${label}: its path names the stone, the route need not`] : [];
    }
    return params.includes(NAMING_PARAM[changes.stone]) ? [] : [`${label}: no :${NAMING_PARAM[changes.stone]} in its path`];
  });
}

const json = async <T>(path: string) => (await call(path)).json<T>();
const stoneCard = async (code: string) => (await json<StoneView>(`/api/stones/${code}`)).shareImage;
const collectionCard = async (id: string) => (await json<CollectionView>(`/api/collections/${id}`)).shareImage;

/** A memorial collection of two stones, each card rendered, and a find on its first stone (the cards follow it). */
async function collectionWithCards(share: ReturnType<typeof sharing>) {
  const res = await share.post('/api/collections', collectionBody({ count: 2 }));
  expect(res.status).toBe(201);
  const created = await res.json<CreatedCollection>();
  const [first, second] = created.stones;
  if (!first || !second) throw new Error('two stones expected');
  await deliver([...share.take(), { share: 'stone', code: first.code }, { share: 'stone', code: second.code }]);
  const find = await share.post(`/api/stones/${first.code}/finds`, { location: 'Lübeck', latitude: 53.87, longitude: 10.69 });
  expect(find.status).toBe(201);
  await deliver(share.take());
  return { created, first, second, findId: (await find.json<{ find: { id: string } }>()).find.id };
}

describe('every write endpoint', () => {
  it('states what it changes, or why nothing the public sees changes', () => {
    const writes = endpoints.filter((endpoint) => endpoint.method !== 'GET');
    expect(writes.length).toBeGreaterThan(30);
    expect(undeclaredChanges(endpoints)).toEqual([]);
    // A stone named by `:id` is the operator's (a blog article's or a mail's `:id` names no stone).
    for (const e of writes)
      if (typeof e.changes === 'object' && 'stone' in e.changes && e.changes.stone === 'id')
        expect(operatorOnly(e.path), e.path).toBe(true);
  });

  it('the check names a write route that states nothing, or names its change by a parameter it lacks', () => {
    const forgotten = { method: 'POST', path: '/api/stones/:code/photos' } as unknown as Endpoint;
    const wrongName: Endpoint = { method: 'PATCH', path: '/api/collections/:id', changes: { collection: 'ownerToken' } };
    const noReason: Endpoint = { method: 'POST', path: '/api/stones/:code/likes', changes: { nothing: ' ' } };
    const namedTwice: Endpoint = { method: 'POST', path: '/api/stones/:code/x', changes: { stone: 'route' } };
    expect(undeclaredChanges([...endpoints, forgotten, wrongName, noReason, namedTwice])).toEqual([
      'POST /api/stones/:code/photos: states no change',
      'PATCH /api/collections/:id: no owner token in its path',
      'POST /api/stones/:code/likes: no reason why nothing changes',
      'POST /api/stones/:code/x: its path names the stone, the route need not',
    ]);
  });
});

describe('the share cards a write asks for', () => {
  it("resolving a report by hiding the find: the stone's card, and the job renders it and its collection's", async () => {
    const share = sharing();
    const { created, first, findId } = await collectionWithCards(share);
    const [stoneBefore, collectionBefore] = [await stoneCard(first.code), await collectionCard(created.id)];
    expect((await share.post(`/api/stones/${first.code}/finds/${findId}/report`, { reason: 'personal' })).status).toBe(202);
    // A report changes nothing the public sees: no card is asked for.
    expect(targets(share.take())).toEqual([]);

    const operator = { authorization: `Bearer ${await operatorToken()}` };
    expect((await share.post(`/api/admin/reports/${findId}`, { action: 'hide' }, operator)).status).toBe(200);
    const messages = share.take();
    expect(targets(messages)).toEqual([{ share: 'stone', code: first.code }]);
    await deliver(messages);
    const [stoneAfter, collectionAfter] = [await stoneCard(first.code), await collectionCard(created.id)];
    expect(stoneAfter).not.toBe(stoneBefore);
    expect(collectionAfter).not.toBe(collectionBefore);
    for (const card of [stoneAfter, collectionAfter]) expect((await call(new URL(card).pathname)).status, card).toBe(200);
  });

  it("a collection's own change: its card only; deleting one of its stones: the collection's; deleting it: none", async () => {
    const share = sharing();
    const { created, first, second } = await collectionWithCards(share);
    expect((await share.patch(`/api/admin/collections/${created.adminToken}`, { title: 'Für Opa' })).status).toBe(200);
    const retitled = share.take();
    expect(targets(retitled)).toEqual([{ share: 'collection', id: created.id }]);
    // Delivered: a card whose message is still on its way is not asked for again (share/storage.ts).
    await deliver(retitled);

    expect((await share.delete(`/api/admin/stones/${second.adminToken}`)).status).toBe(200);
    const left = share.take();
    expect(targets(left)).toEqual([{ share: 'collection', id: created.id }]);
    await deliver(left);

    expect((await share.delete(`/api/admin/collections/${created.adminToken}`)).status).toBe(200);
    expect(targets(share.take())).toEqual([]);
    expect((await call(`/api/stones/${first.code}`)).status).toBe(404);
  });

  it("an owner's edit of a stone: its card (the job renders its collection's after it)", async () => {
    const share = sharing();
    const { first } = await collectionWithCards(share);
    expect((await share.patch(`/api/admin/stones/${first.adminToken}`, { title: 'Umbenannt' })).status).toBe(200);
    expect(targets(share.take())).toEqual([{ share: 'stone', code: first.code }]);
  });

  it('a paid upgrade of a stone: its card (its page shows the story), asked for once the payment is confirmed', async () => {
    const { adminToken, code } = await createStone();
    const share = sharing({
      STRIPE_SECRET_KEY: 'sk_test_fake',
      STRIPE_API_BASE: inject('fakeServicesUrl'),
      STRIPE_WEBHOOK_SECRET: 'whsec_x',
    });
    const order = await share.post('/api/create-payment-intent', {
      amount: 5,
      features: { photos: false, story: true },
      upgradeToken: adminToken,
    });
    expect(order.status).toBe(201);
    const { paymentIntentId } = await order.json<{ paymentIntentId: string }>();
    expect(targets(share.take())).toEqual([]);
    await fetch(`${inject('fakeServicesUrl')}/fake-stripe/pay/${paymentIntentId}`, { method: 'POST' });
    const granted = await share.post('/api/stones', { isPaid: true, paymentIntentId });
    expect(await granted.json()).toEqual({ code, isPaid: true, upgraded: true });
    expect(targets(share.take())).toEqual([{ share: 'stone', code }]);
  });
});
