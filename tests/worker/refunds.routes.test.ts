/**
 * Money that comes back: Stripe's signed `charge.refunded` and `charge.dispute.*` events on the webhook, against
 * the fake on 127.0.0.1. The order records the refund or the dispute, the buyer gets one mail in their language, and
 * the stone keeps what was paid for (decision record 036).
 */
import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import type { OperatorStoneRow, OperatorStoneView } from '../../src/shared/operator-types';
import type { MailJob } from '../../src/worker/mail/jobs';
import { renderMail } from '../../src/worker/mail/render';
import { createStone } from '../support/factory';
import { outbox } from '../support/mail';
import { operatorToken } from '../support/operator';
import { callStripe, pay, succeeded, webhook } from '../support/stripe';

const stoneData = { creatorEmail: 'buyer@example.org', title: 'Omas Meerstein', story: 'Sie wollte immer ans Meer.' };

/** A paid stone (photos and story, 10 €) made by Stripe's webhook, in the buyer's language. */
async function paidStone(language = 'de-DE') {
  const body = { amount: 10, features: { photos: true, story: true }, stripePromotionCodeId: null, stoneData };
  const res = await callStripe('/api/create-payment-intent', {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'accept-language': language },
    body: JSON.stringify(body),
  });
  expect(res.status).toBe(201);
  const { paymentIntentId = '', adminToken } = await res.json<{ paymentIntentId?: string; adminToken: string }>();
  const order = await env.DB.prepare('SELECT id FROM orders WHERE payment_intent_id = ?').bind(paymentIntentId).first<{ id: string }>();
  await pay(paymentIntentId);
  expect((await webhook(succeeded({ id: paymentIntentId, amount: 1000, orderId: order?.id ?? '' }))).status).toBe(200);
  return { paymentIntentId, adminToken, orderId: order?.id ?? '' };
}

const event = (type: string, object: Record<string, unknown>) => ({
  id: `evt_${crypto.randomUUID().replaceAll('-', '')}`,
  object: 'event',
  type,
  data: { object },
});
const refund = (paymentIntentId: string, refunded: number, full: boolean) =>
  event('charge.refunded', {
    id: 'ch_1',
    object: 'charge',
    payment_intent: paymentIntentId,
    amount: 1000,
    amount_refunded: refunded,
    refunded: full,
    currency: 'eur',
  });
const dispute = (type: string, paymentIntentId: string, status: string) =>
  event(type, {
    id: 'dp_1',
    object: 'dispute',
    payment_intent: paymentIntentId,
    amount: 1000,
    status,
    reason: 'fraudulent',
    currency: 'eur',
  });

const orderOf = (id: string) =>
  env.DB.prepare('SELECT refunded_cents, refunded_at, disputed_at, dispute_status FROM orders WHERE id = ?')
    .bind(id)
    .first<{ refunded_cents: number; refunded_at: number | null; disputed_at: number | null; dispute_status: string | null }>();
const paymentMails = async () => (await outbox()).filter((mail) => mail.kind === 'payment');

describe('a refund', () => {
  it('is recorded on its order, mailed to the buyer once per new total, and takes nothing from the stone', async () => {
    const { paymentIntentId, adminToken, orderId } = await paidStone();
    expect((await webhook(refund(paymentIntentId, 500, false))).status).toBe(200);
    expect(await orderOf(orderId)).toMatchObject({ refunded_cents: 500, refunded_at: expect.any(Number) });
    // The same refund delivered again, as Stripe may: nothing more.
    expect((await webhook(refund(paymentIntentId, 500, false))).status).toBe(200);
    expect((await paymentMails()).map((mail) => mail.subject)).toEqual(['Erstattung für deinen Stein „Omas Meerstein“']);
    // The rest refunded: a second mail, the order's total follows Stripe's.
    await webhook(refund(paymentIntentId, 1000, true));
    expect((await orderOf(orderId))?.refunded_cents).toBe(1000);
    const mails = await paymentMails();
    expect(mails).toHaveLength(2);
    expect(mails.map((mail) => mail.recipient)).toEqual(['buyer@example.org', 'buyer@example.org']);
    // The stone keeps its story and its photos feature.
    const owner = await (await callStripe(`/api/admin/stones/${adminToken}`)).json<{
      story: string;
      hasPhotos: boolean;
      hasStory: boolean;
    }>();
    expect(owner).toMatchObject({ story: stoneData.story, hasPhotos: true, hasStory: true });
  });

  it('of a payment the site does not know changes nothing and is still answered 200 (Stripe stops sending it)', async () => {
    const before = (await paymentMails()).length;
    expect((await webhook(refund('pi_unknown', 1000, true))).status).toBe(200);
    expect((await paymentMails()).length).toBe(before);
  });
});

describe('a dispute', () => {
  it('is recorded with its status, the buyer hears when it opens, its end is recorded only', async () => {
    const { paymentIntentId, orderId } = await paidStone('en-GB');
    await webhook(dispute('charge.dispute.created', paymentIntentId, 'needs_response'));
    expect(await orderOf(orderId)).toMatchObject({ disputed_at: expect.any(Number), dispute_status: 'needs_response' });
    await webhook(dispute('charge.dispute.closed', paymentIntentId, 'lost'));
    expect((await orderOf(orderId))?.dispute_status).toBe('lost');
    const mails = (await paymentMails()).filter((mail) => mail.locale === 'en');
    expect(mails.map((mail) => mail.subject)).toEqual(['The payment for your stone “Omas Meerstein” was disputed']);
  });
});

describe('the operator', () => {
  const asOperator = async <T>(path: string, token: string) => {
    const res = await callStripe(path, { headers: { authorization: `Bearer ${token}` } });
    expect(res.status, await res.clone().text()).toBe(200);
    return res.json<T>();
  };

  it("sees a refund and a dispute in the stone table and the stone's payments, and nothing on a stone without them", async () => {
    const { paymentIntentId, orderId } = await paidStone();
    const free = await createStone({ title: 'Opas Wanderstein' });
    await webhook(refund(paymentIntentId, 300, false));
    await webhook(dispute('charge.dispute.created', paymentIntentId, 'needs_response'));
    const stoneId =
      (await env.DB.prepare('SELECT stone_id FROM orders WHERE id = ?').bind(orderId).first<{ stone_id: string }>())?.stone_id ?? '';
    const token = await operatorToken();
    const rows = await asOperator<OperatorStoneRow[]>('/api/admin/stones', token);
    expect(rows.find((row) => row.id === stoneId)).toMatchObject({ refunded: true, disputed: true, isPaid: true });
    expect(rows.find((row) => row.code === free.code)).toMatchObject({ refunded: false, disputed: false });
    const view = await asOperator<OperatorStoneView>(`/api/admin/stones/id/${stoneId}`, token);
    expect(view.payments).toEqual([
      {
        orderId,
        paymentIntentId,
        upgrade: false,
        hasPhotos: true,
        hasStory: true,
        amountCents: 1000,
        currency: 'eur',
        paidAt: expect.any(String),
        refundedCents: 300,
        refundedAt: expect.any(String),
        disputedAt: expect.any(String),
        disputeStatus: 'needs_response',
      },
    ]);
    const freeRow = rows.find((row) => row.code === free.code);
    expect((await asOperator<OperatorStoneView>(`/api/admin/stones/id/${freeRow?.id}`, token)).payments).toEqual([]);
  });
});

describe('the payment mail', () => {
  it('says what happened, that the stone keeps everything, in German and English', () => {
    const job: MailJob = {
      kind: 'payment',
      event: 'refunded',
      orderId: 'o1',
      code: 'A1B-2C3-D4E',
      title: 'Omas Meerstein',
      amountCents: 1000,
      currency: 'eur',
      full: true,
    };
    const de = renderMail(job, 'de', { stone: 'https://reisesteine.de/A1B-2C3-D4E' }, 'Reisesteine');
    expect(de.text).toMatch(/ganz erstattet \(10,00\s€\)/);
    expect(de.text).toContain('Fotos und Geschichte bleiben auf dem Stein');
    const en = renderMail({ ...job, event: 'disputed', full: false }, 'en', { stone: 'https://reisesteine.de/A1B-2C3-D4E' }, 'Reisesteine');
    expect(en.subject).toBe('The payment for your stone “Omas Meerstein” was disputed');
    expect(en.text).toContain('€10.00');
    expect(en.text).toContain('https://reisesteine.de/A1B-2C3-D4E');
  });
});
