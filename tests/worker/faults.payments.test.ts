/**
 * Faults of Stripe's delivery: a webhook delivered again, or several times at once, makes one stone (or one
 * upgrade) and one mail.
 */
import { env } from 'cloudflare:test';
import Stripe from 'stripe';
import { afterEach, describe, expect, inject, it, vi } from 'vitest';
import { callWith, countRows, insertStone } from '../support/factory';
import { newCode, postJsonWith, siteTotals } from '../support/faults';
import { deliver, devMails, outbox } from '../support/mail';

afterEach(() => {
  vi.restoreAllMocks();
});

const WEBHOOK_SECRET = 'whsec_test_secret';
const stripeVars = () => ({
  STRIPE_SECRET_KEY: 'sk_test_fake',
  STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
  STRIPE_API_BASE: inject('fakeServicesUrl'),
});

async function order(body: Record<string, unknown>): Promise<{ paymentIntentId: string; adminToken?: string }> {
  const res = await postJsonWith(stripeVars(), '/api/create-payment-intent', { stripePromotionCodeId: null, ...body });
  expect(res.status).toBe(201);
  return res.json();
}

async function pay(paymentIntentId: string) {
  const res = await fetch(`${inject('fakeServicesUrl')}/fake-stripe/pay/${paymentIntentId}`, { method: 'POST', body: '' });
  expect(res.status).toBe(200);
}

async function succeededEvent(paymentIntentId: string, amount: number) {
  const row = await env.DB.prepare('SELECT id FROM orders WHERE payment_intent_id = ?').bind(paymentIntentId).first<{ id: string }>();
  return JSON.stringify({
    id: `evt_${crypto.randomUUID().replaceAll('-', '')}`,
    object: 'event',
    type: 'payment_intent.succeeded',
    data: {
      object: {
        id: paymentIntentId,
        object: 'payment_intent',
        amount,
        currency: 'eur',
        status: 'succeeded',
        metadata: { orderId: row?.id ?? '' },
      },
    },
  });
}

async function deliverWebhook(payload: string): Promise<Response> {
  const signature = await Stripe.webhooks.generateTestHeaderStringAsync({
    payload,
    secret: WEBHOOK_SECRET,
    cryptoProvider: Stripe.createSubtleCryptoProvider(),
  });
  return callWith(stripeVars(), '/api/webhooks/stripe', {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'stripe-signature': signature },
    body: payload,
  });
}

const buyer = () => ({ creatorEmail: `buyer-${crypto.randomUUID()}@example.org`, title: 'Bezahlt', story: 'Lang' });

describe('a Stripe webhook delivered three times', () => {
  it.each(['one after another', 'at the same time'])('makes one stone and one mail when the event arrives %s', async (how) => {
    const stoneData = buyer();
    const { paymentIntentId } = await order({ amount: 10, features: { photos: true, story: true }, stoneData });
    await pay(paymentIntentId);
    const payload = await succeededEvent(paymentIntentId, 1000);
    const answers =
      how === 'at the same time'
        ? await Promise.all([1, 2, 3].map(() => deliverWebhook(payload)))
        : [await deliverWebhook(payload), await deliverWebhook(payload), await deliverWebhook(payload)];
    for (const res of answers) {
      expect(res.status).toBe(200);
      expect(await res.json()).toEqual({ received: true });
    }
    expect(await countRows('stones')).toBe(1);
    expect(await siteTotals()).toMatchObject({ stone_count: 1, premium_count: 1 });
    const mails = await outbox();
    expect(mails.map((row) => [row.kind, row.recipient])).toEqual([['stone-created', stoneData.creatorEmail]]);
    await deliver(mails.map((row) => row.id));
    expect((await devMails()).filter((mail) => mail.to === stoneData.creatorEmail)).toHaveLength(1);
    expect(await env.DB.prepare('SELECT count(*) AS n FROM payment_events').first('n')).toBe(1);
  });

  it('upgrades a stone once when the upgrade’s event arrives three times at once', async () => {
    const stone = await insertStone({ code: newCode(), title: 'Alt' });
    const { paymentIntentId } = await order({ amount: 5, features: { photos: true, story: false }, upgradeToken: stone.adminToken });
    await pay(paymentIntentId);
    const payload = await succeededEvent(paymentIntentId, 500);
    const before = await siteTotals();
    const answers = await Promise.all([1, 2, 3].map(() => deliverWebhook(payload)));
    for (const res of answers) expect(res.status).toBe(200);
    expect(await env.DB.prepare('SELECT has_photos, is_paid FROM stones WHERE id = ?').bind(stone.id).first()).toEqual({
      has_photos: 1,
      is_paid: 1,
    });
    expect(await siteTotals()).toEqual({ ...before, premium_count: (before?.premium_count ?? 0) + 1 });
    expect(await countRows('stones')).toBe(1);
    expect(await countRows('email_outbox')).toBe(0);
  });
});
