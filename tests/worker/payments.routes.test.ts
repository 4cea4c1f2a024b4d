import { env } from 'cloudflare:test';
import { afterEach, describe, expect, inject, it, vi } from 'vitest';
import { sha256Hex } from '../../src/worker/lib/crypto';
import { countRows, expectApiError, snapshot } from '../support/factory';
import { outbox } from '../support/mail';
import { callStripe, pay, postStripe, succeeded, webhook } from '../support/stripe';

const stoneData = { creatorEmail: 'buyer@example.org', title: 'Bezahlter Stein', story: 'Eine lange Geschichte' };
const both = { photos: true, story: true };

interface IntentAnswer {
  clientSecret: string | null;
  paymentIntentId?: string;
  amount: number;
  adminToken: string;
  code?: string;
}

async function order(body: Record<string, unknown> = {}): Promise<IntentAnswer> {
  const res = await postStripe('/api/create-payment-intent', {
    amount: 10,
    features: both,
    stripePromotionCodeId: null,
    stoneData,
    ...body,
  });
  expect(res.status).toBe(201);
  return res.json<IntentAnswer>();
}

const returnToSuccess = (paymentIntentId: string, vars?: Partial<Env>) =>
  postStripe('/api/stones', { isPaid: true, paymentIntentId, features: both, ...stoneData, title: 'Anderer Titel aus dem Browser' }, vars);

async function orderRow(paymentIntentId: string) {
  return env.DB.prepare('SELECT id, amount_cents, stone_id, owner_token_hash FROM orders WHERE payment_intent_id = ?')
    .bind(paymentIntentId)
    .first<{ id: string; amount_cents: number; stone_id: string | null; owner_token_hash: string }>();
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe('POST /api/validate-promo-code', () => {
  it.each([
    ['ZEHN', 10, { valid: true, discount: 1, finalAmount: 9, stripePromotionCodeId: 'promo_ten' }],
    ['zehn', 5, { valid: true, discount: 0.5, finalAmount: 4.5, stripePromotionCodeId: 'promo_ten' }],
    ['FUENF', 10, { valid: true, discount: 5, finalAmount: 5, stripePromotionCodeId: 'promo_fiveoff' }],
    ['FUENF', 5, { valid: true, discount: 5, finalAmount: 0, stripePromotionCodeId: 'promo_fiveoff' }],
    ['GRATIS', 10, { valid: true, discount: 10, finalAmount: 0, stripePromotionCodeId: 'promo_free' }],
  ])('takes %s off %d €', async (promoCode, amount, expected) => {
    const res = await postStripe('/api/validate-promo-code', { promoCode, amount });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual(expected);
  });

  it.each(['ABGELAUFEN', 'VERBRAUCHT', 'DOLLAR', 'AUS', 'GIBTESNICHT'])(
    'says %s is not valid (expired, used up, other currency, inactive, unknown)',
    async (promoCode) => {
      const res = await postStripe('/api/validate-promo-code', { promoCode, amount: 10 });
      expect(await res.json()).toEqual({ valid: false, discount: 0, finalAmount: 10, stripePromotionCodeId: null });
    },
  );
});

describe('POST /api/create-payment-intent', () => {
  it('records the order with the server’s price and a hashed owner token, and answers the client secret', async () => {
    const answer = await order();
    expect(answer).toMatchObject({
      clientSecret: expect.stringMatching(/^pi_\w+_secret_/),
      amount: 10,
      adminToken: expect.stringMatching(/^[\w-]{43}$/),
    });
    const row = await orderRow(answer.paymentIntentId ?? '');
    expect(row).toMatchObject({ amount_cents: 1000, stone_id: null, owner_token_hash: await sha256Hex(answer.adminToken) });
    expect(await countRows('stones')).toBe(0);
    // Stripe is told what was bought, never the stone's title (often a person's name) nor its story.
    const intent = await fetch(`${inject('fakeServicesUrl')}/v1/payment_intents/${answer.paymentIntentId}`, {
      headers: { authorization: 'Bearer sk_test_fake' },
    });
    const { description, metadata } = await intent.json<{ description: string; metadata: Record<string, string> }>();
    expect(description).toBe('Reisesteine: Fotos + Geschichte');
    expect(JSON.stringify(metadata)).not.toContain(stoneData.title);
  });

  it.each([
    [
      'one feature for the price of two',
      { amount: 10, features: { photos: true, story: false }, stoneData: { ...stoneData, story: '' } },
      5,
    ],
    ['two features for the price of one', { amount: 5, features: both, stoneData }, 10],
    ['nothing at all', { amount: 0, features: both, stoneData }, 10],
  ])('refuses %s with 409 and records nothing', async (_, body, expectedAmount) => {
    const before = await snapshot();
    const res = await postStripe('/api/create-payment-intent', { stripePromotionCodeId: null, ...body });
    const error = await expectApiError(res, 409, 'AMOUNT_MISMATCH');
    expect(error.message).toContain(`(${expectedAmount} €)`);
    expect(await snapshot()).toEqual(before);
    expect(await env.DB.prepare('SELECT count(*) AS n FROM orders').first('n')).toBe(0);
  });

  it('prices a promotion on the server and refuses an expired one', async () => {
    expect((await order({ amount: 9, stripePromotionCodeId: 'promo_ten' })).amount).toBe(9);
    const expired = await postStripe('/api/create-payment-intent', {
      amount: 5,
      features: both,
      stripePromotionCodeId: 'promo_expired',
      stoneData,
    });
    await expectApiError(expired, 400, 'PROMO_INVALID');
  });

  it('creates the stone at once for a 100 % code, without a payment, with a working owner link, counted as premium', async () => {
    const answer = await order({ amount: 0, stripePromotionCodeId: 'promo_free' });
    expect(answer).toMatchObject({ clientSecret: null, amount: 0, code: expect.stringMatching(/^[0-9A-F]{3}-[0-9A-F]{3}-[0-9A-F]{3}$/) });
    const owner = await callStripe(`/api/admin/stones/${answer.adminToken}`);
    expect(await owner.json()).toMatchObject({
      code: answer.code,
      hasPhotos: true,
      hasStory: true,
      isPaid: true,
      story: 'Eine lange Geschichte',
    });
    expect(await env.DB.prepare('SELECT stone_count, premium_count FROM site_totals WHERE id = 1').first()).toEqual({
      stone_count: 1,
      premium_count: 1,
    });
  });

  it('answers 503 with a clear code when Stripe is not configured, while free creation works', async () => {
    const res = await postStripe(
      '/api/create-payment-intent',
      { amount: 10, features: both, stripePromotionCodeId: null, stoneData },
      { STRIPE_SECRET_KEY: undefined },
    );
    await expectApiError(res, 503, 'PAYMENTS_UNAVAILABLE');
    const free = await postStripe('/api/stones', { creatorEmail: 'free@example.org', title: 'Gratis' }, { STRIPE_SECRET_KEY: undefined });
    expect(free.status).toBe(201);
  });
});

describe('POST /api/stones after payment', () => {
  it('creates nothing before the payment succeeded, then the stone from the recorded order, once', async () => {
    const answer = await order();
    const intentId = answer.paymentIntentId ?? '';
    const before = await snapshot();
    await expectApiError(await returnToSuccess(intentId), 402, 'PAYMENT_NOT_COMPLETED');
    expect(await snapshot()).toEqual(before);

    await pay(intentId);
    const created = await returnToSuccess(intentId);
    expect(created.status).toBe(201);
    const { code } = await created.json<{ code: string }>();
    // The order's data, not what the browser sent after paying.
    const owner = await callStripe(`/api/admin/stones/${answer.adminToken}`);
    expect(await owner.json()).toMatchObject({ code, title: 'Bezahlter Stein', isPaid: true, hasPhotos: true, hasStory: true });

    const replay = await returnToSuccess(intentId);
    expect(replay.status).toBe(200);
    expect(await replay.json()).toEqual({ code, isPaid: true });
    expect(await countRows('stones')).toBe(1);
    expect((await outbox()).filter((row) => row.kind === 'stone-created')).toHaveLength(1);
  });

  it.each([
    ['an unknown intent', 'pi_doesnotexist123', 404, 'PAYMENT_UNKNOWN'],
    ['an intent id that is not one', 'cs_test_123', 400, 'VALIDATION_ERROR'],
  ])('refuses %s and writes nothing', async (_, intentId, status, code) => {
    const before = await snapshot();
    await expectApiError(await returnToSuccess(intentId), status, code);
    expect(await snapshot()).toEqual(before);
  });

  it.each([
    ['for less than the order', { status: 'succeeded', amount: 100 }],
    ['in another currency', { status: 'succeeded', currency: 'usd' }],
    ['for another order', { status: 'succeeded', metadata: { orderId: 'someone-else' } }],
    ['still processing', { status: 'processing' }],
  ])('refuses an intent paid %s', async (_, changes) => {
    const answer = await order();
    await pay(answer.paymentIntentId ?? '', changes);
    await expectApiError(await returnToSuccess(answer.paymentIntentId ?? ''), 402, 'PAYMENT_NOT_COMPLETED');
    expect(await countRows('stones')).toBe(0);
  });
});

describe('POST /api/webhooks/stripe', () => {
  it('creates the stone of a paid order when the buyer never comes back, and the return then finds it', async () => {
    const answer = await order();
    const intentId = answer.paymentIntentId ?? '';
    const row = await orderRow(intentId);
    await pay(intentId);
    const res = await webhook(succeeded({ id: intentId, amount: 1000, orderId: row?.id ?? '' }));
    expect(res.status).toBe(200);
    expect(await countRows('stones')).toBe(1);
    expect((await outbox()).filter((mail) => mail.kind === 'stone-created').map((mail) => mail.recipient)).toEqual(['buyer@example.org']);

    const back = await returnToSuccess(intentId);
    expect(back.status).toBe(200);
    expect((await callStripe(`/api/admin/stones/${answer.adminToken}`)).status).toBe(200);
  });

  it('makes one stone when the return and the webhook arrive at the same time, and one for a repeated event', async () => {
    const answer = await order();
    const intentId = answer.paymentIntentId ?? '';
    const row = await orderRow(intentId);
    await pay(intentId);
    const event = succeeded({ id: intentId, amount: 1000, orderId: row?.id ?? '' });
    const [back, hook] = await Promise.all([returnToSuccess(intentId), webhook(event)]);
    expect(hook.status).toBe(200);
    // Whichever came first made the stone; the buyer's page gets its code either way.
    const { code } = await back.json<{ code: string }>();
    expect(await (await callStripe(`/api/admin/stones/${answer.adminToken}`)).json()).toMatchObject({ code });
    expect((await webhook(event)).status).toBe(200);
    expect(await countRows('stones')).toBe(1);
    expect((await outbox()).filter((mail) => mail.kind === 'stone-created')).toHaveLength(1);
  });

  it.each([
    ['a wrong signature', 'whsec_someone_else'],
    ['no signature at all', null],
  ])('refuses %s with 400 and writes nothing', async (_, secret) => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    const answer = await order();
    const row = await orderRow(answer.paymentIntentId ?? '');
    const event = succeeded({ id: answer.paymentIntentId ?? '', amount: 1000, orderId: row?.id ?? '' });
    const before = await snapshot();
    const res = secret
      ? await webhook(event, secret)
      : await callStripe('/api/webhooks/stripe', {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify(event),
        });
    await expectApiError(res, 400, 'WEBHOOK_SIGNATURE');
    expect(await snapshot()).toEqual(before);
  });
});

describe('the cron', () => {
  it('deletes orders that never became a stone after 30 days, and keeps the ones that did', async () => {
    const open = await order();
    const done = await order();
    await pay(done.paymentIntentId ?? '');
    expect((await returnToSuccess(done.paymentIntentId ?? '')).status).toBe(201);
    const { runCron } = await import('../../src/worker/jobs/cron');
    await runCron(env, new Date(Date.now() + 30 * 24 * 60 * 60 * 1000 + 60_000));
    expect(await orderRow(open.paymentIntentId ?? '')).toBeNull();
    expect(await orderRow(done.paymentIntentId ?? '')).toMatchObject({ stone_id: expect.any(String) });
  });
});
