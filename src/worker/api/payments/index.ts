import type { Context } from 'hono';
import { Hono } from 'hono';
import { ownerLocale } from '../../../shared/i18n/locale';
import { discountedCents, priceCents, toCents, toEuros } from '../../../shared/pricing';
import { createPaymentIntentSchema, promoCodeSchema } from '../../../shared/schemas/payment';
import { getDb } from '../../db/client';
import { changed } from '../../lib/changes';
import { randomToken, sha256Hex } from '../../lib/crypto';
import { ApiError } from '../../lib/errors';
import { log } from '../../lib/logger';
import { enforceRateLimits } from '../../lib/rate-limit';
import { parseInput, readJsonObject, readLimitedText } from '../../lib/validate';
import { queueMails } from '../../mail/outbox';
import { botCheckFromEnv } from '../../services/bot-check';
import { type Payments, type Promotion, paymentsFromEnv, stripeFromEnv } from '../../services/payments';
import { queueShareCards } from '../../share/storage';
import type { AppEnv } from '../../types';
import { ownedStone } from '../owner/queries';
import { publishStatistics } from '../statistics/queries';
import type { CreatedStone } from '../stones/queries';
import {
  attachIntent,
  firstDelivery,
  isDeletedStoneOrder,
  localRedemptions,
  type Order,
  orderOfIntent,
  recordOrder,
  stoneForOrder,
} from './queries';
import { isPaymentChange, recordPaymentChange } from './refunds';

/** Stripe, or a 503 that says paid features are not set up (free creation never needs it). */
export function requirePayments(env: Env): Payments {
  const payments = paymentsFromEnv(env);
  if (!payments) throw new ApiError(503, 'PAYMENTS_UNAVAILABLE', 'server-owner.api.paymentsUnavailable');
  return payments;
}

/** Stripe for checking a payment already made (services/payments.ts stripeFromEnv), or 503 without a key. */
function paymentsForPaidOrders(env: Env): Payments {
  const stripe = stripeFromEnv(env);
  if (!stripe) throw new ApiError(503, 'PAYMENTS_UNAVAILABLE', 'server-owner.api.paymentsUnavailable');
  return stripe;
}

/** Why a promotion cannot be used for this amount, or null when it can. */
async function promotionProblem(c: Context<AppEnv>, promotion: Promotion | null, amountCents: number): Promise<string | null> {
  if (!promotion) return 'unknown';
  if (promotion.unusable) return promotion.unusable;
  if (promotion.minimumAmountCents !== null && amountCents < promotion.minimumAmountCents) return 'minimum';
  if (promotion.maxRedemptions !== null) {
    const used = Math.max(promotion.timesRedeemed, await localRedemptions(getDb(c.env.DB), promotion.id));
    if (used >= promotion.maxRedemptions) return 'used-up';
  }
  return null;
}

/** A stone just made from an order: its mail goes out and the totals are published. */
async function announce(c: Context<AppEnv>, created: CreatedStone | null): Promise<void> {
  if (!created) return;
  c.executionCtx.waitUntil(queueMails(c.env.EMAIL_QUEUE, created.mailIds));
  c.executionCtx.waitUntil(queueShareCards(c.env, [{ share: 'stone', code: created.code }]));
  await publishStatistics(c.env.CACHE, created.totals);
}

/** Creates the stone of a paid order after checking, at Stripe, that its PaymentIntent succeeded for it. */
export async function paidStone(
  c: Context<AppEnv>,
  paymentIntentId: string,
): Promise<{ code: string; created: boolean; upgraded: boolean }> {
  const db = getDb(c.env.DB);
  const order = await orderOfIntent(db, paymentIntentId);
  if (!order) throw new ApiError(404, 'PAYMENT_UNKNOWN', 'server-owner.api.paymentUnknown');
  if (!order.stoneId) {
    const intent = await paymentsForPaidOrders(c.env).retrieveIntent(paymentIntentId);
    if (!intent || !paidInFull(order, intent)) throw new ApiError(402, 'PAYMENT_NOT_COMPLETED', 'server-owner.api.paymentNotCompleted');
  }
  const { code, created, upgraded } = await stoneForOrder(db, order);
  await announce(c, created);
  if (upgraded) changed(c, { stone: code });
  return { code, created: created !== null, upgraded: upgraded === true };
}

function paidInFull(order: Order, intent: { status: string; currency: string; amountCents: number; orderId: string | null }): boolean {
  return (
    intent.status === 'succeeded' &&
    intent.currency === order.currency &&
    intent.amountCents === order.amountCents &&
    intent.orderId === order.id
  );
}

/** Largest webhook body Stripe sends for the events we take. */
const MAX_WEBHOOK_BYTES = 512 * 1024;

/** `/api`: promotion codes, PaymentIntents and Stripe's webhook. */
export const payments = new Hono<AppEnv>()
  .post('/validate-promo-code', async (c) => {
    await enforceRateLimits(c, [{ name: 'clientWrites' }]);
    const input = parseInput(promoCodeSchema, await readJsonObject(c.req.raw));
    const amountCents = toCents(input.amount);
    const promotion = await requirePayments(c.env).findPromotion(input.promoCode);
    if (!promotion?.discount || (await promotionProblem(c, promotion, amountCents))) {
      return c.json({ valid: false, discount: 0, finalAmount: input.amount, stripePromotionCodeId: null });
    }
    const finalCents = discountedCents(amountCents, promotion.discount);
    return c.json({
      valid: true,
      discount: toEuros(amountCents - finalCents),
      finalAmount: toEuros(finalCents),
      stripePromotionCodeId: promotion.id,
    });
  })
  .post('/create-payment-intent', async (c) => {
    await enforceRateLimits(c, [{ name: 'createStone' }]);
    const stripe = requirePayments(c.env);
    const body = await readJsonObject(c.req.raw);
    const input = parseInput(createPaymentIntentSchema, body);
    const baseCents = priceCents(input.features);
    let finalCents = baseCents;
    if (input.stripePromotionCodeId) {
      const promotion = await stripe.getPromotion(input.stripePromotionCodeId);
      if (!promotion?.discount || (await promotionProblem(c, promotion, baseCents)))
        throw new ApiError(400, 'PROMO_INVALID', 'server-owner.api.promoInvalid');
      finalCents = discountedCents(baseCents, promotion.discount);
    }
    // The server prices the order; the browser's amount is only compared, so a changed page cannot pay less.
    if (toCents(input.amount) !== finalCents) {
      throw new ApiError(409, 'AMOUNT_MISMATCH', { id: 'server-owner.api.amountMismatch', values: { amount: toEuros(finalCents) } });
    }
    if (finalCents === 0) {
      // Nothing to pay stands between a script and a stone here: the bot check does.
      const token = typeof body.recaptchaToken === 'string' ? body.recaptchaToken : '';
      const check = await botCheckFromEnv(c.env).verify(token, 'create_stone', c.req.header('cf-connecting-ip'));
      if (!check.ok)
        throw new ApiError(
          check.unavailable ? 503 : 400,
          check.unavailable ? 'BOT_CHECK_UNAVAILABLE' : 'RECAPTCHA_FAILED',
          check.unavailable ? 'server-owner.api.botCheckUnavailable' : 'server-owner.api.recaptchaFailed',
        );
    }
    const db = getDb(c.env.DB);
    const upgrade = input.upgradeToken ? await ownedStone(db, input.upgradeToken) : null;
    if (input.upgradeToken && !upgrade) throw new ApiError(404, 'NOT_FOUND', 'server-owner.api.ownerNotFound');
    if (upgrade && ((input.features.photos && upgrade.hasPhotos) || (input.features.story && upgrade.hasStory))) {
      throw new ApiError(409, 'FEATURE_OWNED', 'server-owner.api.featureOwned');
    }
    // A new stone's owner token is made here and given to the buyer once; an upgrade's stone has its own already.
    const ownerToken = upgrade ? null : randomToken();
    const order = {
      id: crypto.randomUUID(),
      amountCents: finalCents,
      hasPhotos: input.features.photos,
      hasStory: input.features.story,
      creatorEmail: upgrade?.creatorEmail ?? input.stoneData?.creatorEmail ?? '',
      title: upgrade?.title ?? input.stoneData?.title ?? '',
      story: input.features.story && input.stoneData ? input.stoneData.story : null,
      locale: ownerLocale(c.get('locale')),
      ownerTokenHash: await sha256Hex(ownerToken ?? randomToken()),
      promotionCodeId: input.stripePromotionCodeId,
      upgradeStoneId: upgrade?.id ?? null,
    };
    await recordOrder(db, order);
    const headers = { 'Cache-Control': 'no-store' };
    if (finalCents === 0) {
      // A 100 % code: the server has validated it again above, so the stone is made now, without a payment.
      const { code, created, upgraded } = await stoneForOrder(db, {
        ...order,
        paymentIntentId: null,
        currency: 'eur',
        stoneId: null,
        refundedCents: 0,
        refundedAt: null,
        disputedAt: null,
        disputeStatus: null,
        createdAt: new Date(),
      });
      await announce(c, created);
      if (upgraded) changed(c, { stone: code });
      return c.json({ clientSecret: null, amount: 0, code, ...(ownerToken ? { adminToken: ownerToken } : {}) }, 201, headers);
    }
    const intent = await stripe.createIntent({
      amountCents: finalCents,
      orderId: order.id,
      // What was bought, not the stone's title (often a person's name): Stripe keeps its records beyond a deletion here.
      description: `${c.env.PRODUCT_NAME}: ${[order.hasPhotos ? 'Fotos' : '', order.hasStory ? 'Geschichte' : ''].filter(Boolean).join(' + ')}`,
    });
    await attachIntent(db, order.id, intent.id);
    return c.json(
      {
        clientSecret: intent.clientSecret,
        paymentIntentId: intent.id,
        amount: toEuros(finalCents),
        ...(ownerToken ? { adminToken: ownerToken } : {}),
      },
      201,
      headers,
    );
  })
  .post('/webhooks/stripe', async (c) => {
    if (c.env.STRIPE_SECRET_KEY && !c.env.STRIPE_WEBHOOK_SECRET) {
      // Not a bad signature: this installation cannot check any. 503 makes Stripe deliver the event again later
      // (for up to three days), so nothing is lost once the secret is set.
      log.error('stripe webhook refused: STRIPE_WEBHOOK_SECRET is not set');
      throw new ApiError(503, 'WEBHOOK_UNAVAILABLE', 'server-owner.api.webhookUnavailable', undefined, { 'Retry-After': '3600' });
    }
    const stripe = paymentsForPaidOrders(c.env);
    const signature = c.req.header('stripe-signature');
    if (!signature) throw new ApiError(400, 'WEBHOOK_SIGNATURE', 'server-owner.api.webhookSignature');
    const payload = await readLimitedText(c.req.raw, MAX_WEBHOOK_BYTES);
    let event: Awaited<ReturnType<Payments['verifyWebhook']>>;
    try {
      event = await stripe.verifyWebhook(payload, signature);
    } catch (error) {
      log.warn('stripe webhook refused', { error: String(error) });
      throw new ApiError(400, 'WEBHOOK_SIGNATURE', 'server-owner.api.webhookSignature');
    }
    const db = getDb(c.env.DB);
    if (event.type === 'payment_intent.succeeded') {
      const intent = event.data.object;
      const order = await orderOfIntent(db, intent.id);
      const facts = {
        status: intent.status,
        currency: intent.currency,
        amountCents: intent.amount,
        orderId: intent.metadata.orderId ?? null,
      };
      if (order && isDeletedStoneOrder(order)) {
        // A late or repeated event for a stone deleted since: the order keeps its bookkeeping, nothing is made.
        log.info('stripe payment of a deleted stone', { paymentIntentId: intent.id });
      } else if (order && paidInFull(order, facts)) {
        // The buyer may have closed the tab after paying: the stone is made here if it was not made on return.
        const { code, created, upgraded } = await stoneForOrder(db, order);
        await announce(c, created);
        if (upgraded) changed(c, { stone: code });
      } else {
        log.warn('stripe payment without a matching order', { paymentIntentId: intent.id });
      }
    }
    if (isPaymentChange(event.type)) {
      const mailIds = await recordPaymentChange(db, event as Parameters<typeof recordPaymentChange>[1]);
      c.executionCtx.waitUntil(queueMails(c.env.EMAIL_QUEUE, mailIds));
    }
    // Recorded after handling: an event that failed halfway is handled again when Stripe delivers it again.
    await firstDelivery(db, event.id, event.type);
    return c.json({ received: true });
  });
