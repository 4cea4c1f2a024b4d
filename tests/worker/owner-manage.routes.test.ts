import { createExecutionContext, env, waitOnExecutionContext } from 'cloudflare:test';
import { describe, expect, inject, it } from 'vitest';
import { randomCode } from '../../src/shared/code';
import { haversineKm, journeyKm } from '../../src/shared/geo';
import type { OwnerStoneView, Statistics, StoneView } from '../../src/shared/types';
import worker from '../../src/worker/index';
import {
  call,
  clientAddress,
  createStone,
  expectApiError,
  insertStone,
  ORIGIN,
  postFind,
  postFindADayLater,
  snapshot,
} from '../support/factory';
import { outbox } from '../support/mail';

const BERLIN = { latitude: 52.52, longitude: 13.405 };
const MUNICH = { latitude: 48.1351, longitude: 11.582 };
const HAMBURG = { latitude: 53.5511, longitude: 9.9937 };
const TINY_PNG = Uint8Array.from(
  atob('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg=='),
  (c) => c.charCodeAt(0),
);

const send = (method: string, path: string, body: unknown) =>
  call(path, { method, headers: { 'content-type': 'application/json', 'accept-language': 'de-DE' }, body: JSON.stringify(body) });
const ownerRead = async (token: string) => (await call(`/api/admin/stones/${token}`)).json<OwnerStoneView>();
const publicRead = async (code: string) => (await call(`/api/stones/${code}`)).json<StoneView>();

async function stoneWith(fields: { hasPhotos?: boolean; hasStory?: boolean; story?: string } = {}) {
  return insertStone({ code: randomCode((bytes) => crypto.getRandomValues(bytes)), title: 'Verwalteter Stein', ...fields });
}

async function upload(token: string) {
  const form = new FormData();
  form.append('photo', new File([TINY_PNG], 'p.png', { type: 'image/png' }));
  const res = await call(`/api/admin/stones/${token}/photos`, { method: 'POST', body: form });
  expect(res.status).toBe(201);
  return (await res.json<{ photos: string[] }>()).photos;
}

describe('PATCH /api/admin/stones/{ownerToken}', () => {
  it('saves the title and, with the story feature, the story', async () => {
    const { adminToken, code } = await stoneWith({ hasStory: true, story: 'alt' });
    const res = await send('PATCH', `/api/admin/stones/${adminToken}`, { title: '  Neuer Name ', story: 'Neue Geschichte' });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ title: 'Neuer Name', story: 'Neue Geschichte' });
    expect(await publicRead(code)).toMatchObject({ title: 'Neuer Name', story: 'Neue Geschichte' });
  });

  it('refuses a story for a stone without the story feature, and changes nothing', async () => {
    const { adminToken } = await stoneWith();
    const before = await snapshot();
    await expectApiError(
      await send('PATCH', `/api/admin/stones/${adminToken}`, { title: 'X', story: 'Geschichte' }),
      402,
      'FEATURE_REQUIRED',
    );
    expect(await snapshot()).toEqual(before);
  });

  it.each([
    ['an empty body', {}, 'VALIDATION_ERROR'],
    ['an empty title', { title: '  ' }, 'VALIDATION_ERROR'],
    ['a title of 129 characters', { title: 'x'.repeat(129) }, 'VALIDATION_ERROR'],
    ['notifyOnFind as text', { notifyOnFind: 'false' }, 'VALIDATION_ERROR'],
  ])('refuses %s with 400', async (_, body, code) => {
    const { adminToken } = await stoneWith();
    await expectApiError(await send('PATCH', `/api/admin/stones/${adminToken}`, body), 400, code);
  });

  it('answers 404 for a wrong token and changes nothing', async () => {
    await stoneWith();
    const before = await snapshot();
    await expectApiError(await send('PATCH', `/api/admin/stones/${'x'.repeat(43)}`, { title: 'Gekapert' }), 404, 'NOT_FOUND');
    expect(await snapshot()).toEqual(before);
  });

  it('turns the owner’s find mails off and on, and the mail pipeline follows', async () => {
    const { adminToken, code } = await createStone({ creatorEmail: 'owner@example.org' });
    expect(await (await send('PATCH', `/api/admin/stones/${adminToken}`, { notifyOnFind: false })).json()).toMatchObject({
      notifyOnFind: false,
    });
    expect((await postFind(code, { location: 'Still' })).status).toBe(201);
    expect((await outbox()).filter((row) => row.kind === 'find-owner')).toEqual([]);

    await send('PATCH', `/api/admin/stones/${adminToken}`, { notifyOnFind: true });
    expect((await postFind(code, { location: 'Laut' })).status).toBe(201);
    expect((await outbox()).filter((row) => row.kind === 'find-owner').map((row) => row.recipient)).toEqual(['owner@example.org']);
  });

  it('marks the stone missing and travelling again; each change dates from now, the same state again changes nothing', async () => {
    const longAgo = new Date('2024-01-02T03:04:05.000Z');
    const { adminToken, code } = await insertStone({ code: randomCode((bytes) => crypto.getRandomValues(bytes)), statusSince: longAgo });
    const before = Date.now();
    const missing = await send('PATCH', `/api/admin/stones/${adminToken}`, { status: 'missing' });
    expect(missing.status).toBe(200);
    const view = await missing.json<OwnerStoneView>();
    expect(view.status).toBe('missing');
    const since = Date.parse(view.statusSince);
    expect(since).toBeGreaterThanOrEqual(before);
    expect(await publicRead(code)).toMatchObject({ status: 'missing', statusSince: view.statusSince });

    const again = await (await send('PATCH', `/api/admin/stones/${adminToken}`, { status: 'missing' })).json<OwnerStoneView>();
    expect(again).toMatchObject({ status: 'missing', statusSince: view.statusSince });

    const travelling = await (await send('PATCH', `/api/admin/stones/${adminToken}`, { status: 'travelling' })).json<OwnerStoneView>();
    expect(travelling.status).toBe('travelling');
    expect(Date.parse(travelling.statusSince)).toBeGreaterThanOrEqual(since);
    expect(travelling.statusSince).not.toBe(longAgo.toISOString());
  });

  it.each(['resting', 'lost', '', 1, null])(
    'refuses the state %j with 400 and a message in the request’s language, and changes nothing',
    async (status) => {
      const { adminToken } = await stoneWith();
      const before = await snapshot();
      const error = await expectApiError(await send('PATCH', `/api/admin/stones/${adminToken}`, { status }), 400, 'VALIDATION_ERROR');
      expect(JSON.stringify(error)).toContain('status muss missing oder travelling sein');
      expect(await snapshot()).toEqual(before);
    },
  );
});

describe('DELETE /api/admin/stones/{ownerToken}/photos', () => {
  it('removes the row and the object: the photo’s address then answers 404', async () => {
    const { adminToken } = await stoneWith({ hasPhotos: true });
    const [photo] = await upload(adminToken);
    const res = await send('DELETE', `/api/admin/stones/${adminToken}/photos`, { photoUrl: photo });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ photos: [] });
    expect((await call(new URL(photo ?? '').pathname)).status).toBe(404);
    expect((await env.PHOTOS.list()).objects).toEqual([]);
  });

  it('cannot reach another stone’s photo', async () => {
    const mine = await stoneWith({ hasPhotos: true });
    const theirs = await stoneWith({ hasPhotos: true });
    const [photo] = await upload(theirs.adminToken);
    await expectApiError(await send('DELETE', `/api/admin/stones/${mine.adminToken}/photos`, { photoUrl: photo }), 404, 'PHOTO_NOT_FOUND');
    expect((await call(new URL(photo ?? '').pathname)).status).toBe(200);
    expect((await ownerRead(theirs.adminToken)).photos).toEqual([photo]);
  });

  it.each(['https://evil.example/photos/../../etc', '', 'not a url'])('answers 404 for %j', async (photoUrl) => {
    const { adminToken } = await stoneWith({ hasPhotos: true });
    await expectApiError(await send('DELETE', `/api/admin/stones/${adminToken}/photos`, { photoUrl }), 404, 'PHOTO_NOT_FOUND');
  });
});

describe('PATCH /api/admin/stones/{ownerToken}/finds/{findId}', () => {
  async function journeyStone() {
    const stone = await createStone();
    for (const [location, position] of [
      ['Berlin', BERLIN],
      ['München', MUNICH],
      ['Hamburg', HAMBURG],
    ] as const) {
      expect((await postFindADayLater(stone.code, { location, ...position })).status).toBe(201);
    }
    return stone;
  }

  it('hides a find from the public stone, its count and its distance, and shows it again', async () => {
    const { code, adminToken } = await journeyStone();
    const munich = (await ownerRead(adminToken)).finds[1];
    const full = haversineKm(BERLIN, MUNICH) + haversineKm(MUNICH, HAMBURG);
    const stats = async () => (await call('/api/statistics')).json<Statistics>();

    const hidden = await send('PATCH', `/api/admin/stones/${adminToken}/finds/${munich?.id}`, { hidden: true });
    expect(hidden.status).toBe(200);
    const publicView = await publicRead(code);
    expect(publicView.finds.map((find) => find.location)).toEqual(['Berlin', 'Hamburg']);
    expect(publicView.findCount).toBe(2);
    expect(publicView.totalDistance).toBeCloseTo(haversineKm(BERLIN, HAMBURG), 9);
    expect((await ownerRead(adminToken)).finds.map((find) => [find.location, find.hidden])).toEqual([
      ['Berlin', false],
      ['München', true],
      ['Hamburg', false],
    ]);
    expect(await stats()).toMatchObject({ findCount: 2 });
    expect((await stats()).totalDistance).toBeCloseTo(haversineKm(BERLIN, HAMBURG), 9);

    await send('PATCH', `/api/admin/stones/${adminToken}/finds/${munich?.id}`, { hidden: false });
    expect((await publicRead(code)).totalDistance).toBeCloseTo(full, 9);
    expect((await stats()).totalDistance).toBeCloseTo(full, 9);
  });

  it('starts the next leg from the last visible find', async () => {
    const { code, adminToken } = await journeyStone();
    const hamburg = (await ownerRead(adminToken)).finds[2];
    await send('PATCH', `/api/admin/stones/${adminToken}/finds/${hamburg?.id}`, { hidden: true });
    expect((await postFindADayLater(code, { location: 'Berlin wieder', ...BERLIN })).status).toBe(201);
    const view = await publicRead(code);
    expect(view.totalDistance).toBeCloseTo(2 * haversineKm(BERLIN, MUNICH), 9);
  });

  it('keeps the distance equal to a recomputation when finds arrive while one is hidden', async () => {
    const { code, adminToken } = await journeyStone();
    const munich = (await ownerRead(adminToken)).finds[1];
    await env.DB.prepare('UPDATE stones SET last_position_at = last_position_at - 86400000 WHERE code = ?').bind(code).run();
    await Promise.all([
      send('PATCH', `/api/admin/stones/${adminToken}/finds/${munich?.id}`, { hidden: true }),
      ...Array.from({ length: 8 }, (_, i) => postFind(code, { location: `Ort ${i}`, latitude: 47 + i, longitude: 8 + i })),
    ]);
    const owner = await ownerRead(adminToken);
    const shown = owner.finds.filter((find) => !find.hidden);
    // Eight places at once: the first is a plausible leg a day after Hamburg, the others are flagged and wait.
    const counted = shown.filter((find) => find.flag === null || find.flagAccepted);
    expect(counted.length).toBeGreaterThanOrEqual(3);
    expect((await publicRead(code)).totalDistance).toBeCloseTo(journeyKm(counted), 6);
    expect(shown).toHaveLength(10);
    // The site totals moved with every change: only this stone exists, so they are its counted journey.
    const totals = await env.DB.prepare('SELECT find_count, total_distance_km FROM site_totals').first<{
      find_count: number;
      total_distance_km: number;
    }>();
    expect(totals?.find_count).toBe(10);
    expect(totals?.total_distance_km).toBeCloseTo(journeyKm(counted), 6);
  });

  it('cannot reach another stone’s find, and refuses a wrong token', async () => {
    const mine = await journeyStone();
    const theirs = await journeyStone();
    const theirFind = (await ownerRead(theirs.adminToken)).finds[0];
    const before = await snapshot();
    await expectApiError(
      await send('PATCH', `/api/admin/stones/${mine.adminToken}/finds/${theirFind?.id}`, { hidden: true }),
      404,
      'FIND_NOT_FOUND',
    );
    await expectApiError(
      await send('PATCH', `/api/admin/stones/${'y'.repeat(43)}/finds/${theirFind?.id}`, { hidden: true }),
      404,
      'NOT_FOUND',
    );
    expect(await snapshot()).toEqual(before);
  });
});

describe('buying a missing feature later', () => {
  const stripeVars = () => ({
    STRIPE_SECRET_KEY: 'sk_test_fake',
    STRIPE_API_BASE: inject('fakeServicesUrl'),
    STRIPE_WEBHOOK_SECRET: 'whsec_x',
  });
  async function stripeCall(path: string, body: unknown) {
    const ctx = createExecutionContext();
    const res = await worker.fetch(
      new Request(`${ORIGIN}${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'cf-connecting-ip': clientAddress() },
        body: JSON.stringify(body),
      }),
      { ...env, ...stripeVars() },
      ctx,
    );
    await waitOnExecutionContext(ctx);
    return res;
  }
  const pay = (id: string) => fetch(`${inject('fakeServicesUrl')}/fake-stripe/pay/${id}`, { method: 'POST' });

  it('grants a story to a free stone only after the payment, once, and counts it among the premium stones once', async () => {
    const { adminToken, code } = await createStone();
    const order = await stripeCall('/api/create-payment-intent', {
      amount: 5,
      features: { photos: false, story: true },
      upgradeToken: adminToken,
    });
    expect(order.status).toBe(201);
    const { paymentIntentId, adminToken: newToken } = await order.json<{ paymentIntentId: string; adminToken?: string }>();
    expect(newToken).toBeUndefined();

    await expectApiError(await stripeCall('/api/stones', { isPaid: true, paymentIntentId }), 402, 'PAYMENT_NOT_COMPLETED');
    expect((await ownerRead(adminToken)).hasStory).toBe(false);

    await pay(paymentIntentId);
    const granted = await stripeCall('/api/stones', { isPaid: true, paymentIntentId });
    expect(await granted.json()).toEqual({ code, isPaid: true, upgraded: true });
    expect((await stripeCall('/api/stones', { isPaid: true, paymentIntentId })).status).toBe(200);
    expect(await ownerRead(adminToken)).toMatchObject({ hasStory: true, hasPhotos: false, isPaid: true });
    expect(await env.DB.prepare('SELECT count(*) AS n FROM stones').first('n')).toBe(1);
    // It became a premium stone once, however often its return was reported.
    expect(await env.DB.prepare('SELECT premium_count FROM site_totals WHERE id = 1').first('premium_count')).toBe(1);
  });

  it('refuses to sell a feature the stone has, and an upgrade for an unknown owner link', async () => {
    const { adminToken } = await stoneWith({ hasPhotos: true });
    await expectApiError(
      await stripeCall('/api/create-payment-intent', { amount: 5, features: { photos: true, story: false }, upgradeToken: adminToken }),
      409,
      'FEATURE_OWNED',
    );
    await expectApiError(
      await stripeCall('/api/create-payment-intent', { amount: 5, features: { photos: true, story: false }, upgradeToken: 'z'.repeat(43) }),
      404,
      'NOT_FOUND',
    );
  });
});
