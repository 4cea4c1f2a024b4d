import { createExecutionContext, env, waitOnExecutionContext } from 'cloudflare:test';
import Stripe from 'stripe';
import { expect, inject } from 'vitest';
import worker from '../../src/worker/index';
import { clientAddress, ORIGIN } from './factory';

/** Paying through Stripe's fake on 127.0.0.1 (tests/support/fake-services.ts): the real SDK talks to it over HTTP. */

export const WEBHOOK_SECRET = 'whsec_test_secret';

export const stripeVars = () => ({
  STRIPE_SECRET_KEY: 'sk_test_fake',
  STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
  STRIPE_API_BASE: inject('fakeServicesUrl'),
});

/** The Worker configured with Stripe pointed at the fake. */
export async function callStripe(path: string, init: RequestInit = {}, vars: Partial<Env> = stripeVars()): Promise<Response> {
  const headers = new Headers(init.headers);
  if (!headers.has('cf-connecting-ip')) headers.set('cf-connecting-ip', clientAddress());
  const ctx = createExecutionContext();
  const res = await worker.fetch(new Request(`${ORIGIN}${path}`, { ...init, headers }), { ...env, ...vars }, ctx);
  await waitOnExecutionContext(ctx);
  return res;
}

export const postStripe = (path: string, body: unknown, vars?: Partial<Env>) =>
  callStripe(path, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) }, vars);

/** The buyer pays (what Stripe.js and the bank do in the browser). */
export async function pay(paymentIntentId: string, changes?: Record<string, unknown>) {
  const url = `${inject('fakeServicesUrl')}/fake-stripe/${changes ? 'set' : 'pay'}/${paymentIntentId}`;
  const res = await fetch(url, { method: 'POST', body: changes ? JSON.stringify(changes) : '' });
  expect(res.status).toBe(200);
}

export async function webhook(event: Record<string, unknown>, secret = WEBHOOK_SECRET): Promise<Response> {
  const payload = JSON.stringify(event);
  const signature = await Stripe.webhooks.generateTestHeaderStringAsync({
    payload,
    secret,
    cryptoProvider: Stripe.createSubtleCryptoProvider(),
  });
  return callStripe('/api/webhooks/stripe', {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'stripe-signature': signature },
    body: payload,
  });
}

/** Stripe's event for a PaymentIntent that succeeded. */
export const succeeded = (
  intent: { id: string; amount: number; orderId: string },
  eventId = `evt_${crypto.randomUUID().replaceAll('-', '')}`,
) => ({
  id: eventId,
  object: 'event',
  type: 'payment_intent.succeeded',
  data: {
    object: {
      id: intent.id,
      object: 'payment_intent',
      amount: intent.amount,
      currency: 'eur',
      status: 'succeeded',
      metadata: { orderId: intent.orderId },
    },
  },
});
