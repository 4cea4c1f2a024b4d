import type Stripe from 'stripe';
import { CURRENCY, type Discount } from '../../shared/pricing';
import { featureOff } from '../settings/worker';

/** What the app needs of a PaymentIntent. */
export interface Intent {
  id: string;
  status: string;
  amountCents: number;
  currency: string;
  orderId: string | null;
}

/** A promotion code as far as the price is concerned, with what makes it unusable. */
export interface Promotion {
  id: string;
  code: string;
  discount: Discount | null;
  /** Why it cannot be used now (inactive, expired, used up, another currency, a minimum not met), or null. */
  unusable: string | null;
  /** For limits we count ourselves: PaymentIntents do not redeem promotion codes at Stripe. */
  maxRedemptions: number | null;
  timesRedeemed: number;
  minimumAmountCents: number | null;
}

export interface Payments {
  createIntent(input: { amountCents: number; orderId: string; description: string }): Promise<{ id: string; clientSecret: string }>;
  /** The intent, or null when Stripe does not know it. */
  retrieveIntent(id: string): Promise<Intent | null>;
  /** A promotion code by what the buyer typed (case-insensitive at Stripe), or null. */
  findPromotion(code: string): Promise<Promotion | null>;
  getPromotion(id: string): Promise<Promotion | null>;
  /** The verified event of a webhook request; throws when the signature does not fit. */
  verifyWebhook(payload: string, signature: string): Promise<Stripe.Event>;
}

type StripeSdk = typeof Stripe;

/**
 * The SDK is loaded on the first call that needs Stripe: it is the Worker's largest module, and evaluating it at
 * load would cost every request's isolate start (the startup budget, scripts/deploy/budgets.ts) for the few that pay.
 */
let sdk: Promise<StripeSdk> | undefined;
const loadSdk = () => (sdk ??= import('stripe').then((module) => module.default));

function toPromotion(promotion: Stripe.PromotionCode, now: number): Promotion {
  const coupon = typeof promotion.promotion.coupon === 'object' ? promotion.promotion.coupon : null;
  const discount: Discount | null = coupon?.percent_off
    ? { percentOff: coupon.percent_off }
    : coupon?.amount_off && coupon.currency === CURRENCY
      ? { amountOffCents: coupon.amount_off }
      : null;
  const limit = (max: number | null, used: number) => max !== null && used >= max;
  let unusable: string | null = null;
  if (!promotion.active || !coupon?.valid) unusable = 'inactive';
  else if ((promotion.expires_at && promotion.expires_at * 1000 <= now) || (coupon.redeem_by && coupon.redeem_by * 1000 <= now))
    unusable = 'expired';
  else if (limit(promotion.max_redemptions, promotion.times_redeemed) || limit(coupon.max_redemptions, coupon.times_redeemed))
    unusable = 'used-up';
  else if (!discount) unusable = 'currency';
  else if (promotion.restrictions.minimum_amount_currency && promotion.restrictions.minimum_amount_currency !== CURRENCY)
    unusable = 'currency';
  return {
    id: promotion.id,
    code: promotion.code,
    discount,
    unusable,
    maxRedemptions: promotion.max_redemptions,
    timesRedeemed: promotion.times_redeemed,
    minimumAmountCents: promotion.restrictions.minimum_amount,
  };
}

/**
 * Stripe through its SDK with the fetch HTTP client (Workers have no Node http). `apiBase` (STRIPE_API_BASE)
 * points it at a fake or stripe-mock on 127.0.0.1 for tests.
 */
export function stripePayments(secretKey: string, webhookSecret: string | undefined, apiBase?: string): Payments {
  const base = apiBase ? new URL(apiBase) : null;
  let client: Promise<{ Sdk: StripeSdk; stripe: Stripe }> | undefined;
  const connect = () =>
    (client ??= loadSdk().then((Sdk) => ({
      Sdk,
      stripe: new Sdk(secretKey, {
        httpClient: Sdk.createFetchHttpClient(),
        maxNetworkRetries: 2,
        timeout: 10_000,
        ...(base
          ? {
              host: base.hostname,
              port: Number(base.port || (base.protocol === 'https:' ? 443 : 80)),
              protocol: base.protocol.replace(':', '') as 'http' | 'https',
            }
          : {}),
      }),
    })));
  /** The call's answer, or null when Stripe answers that it does not know the object (404). */
  const unlessMissing = async <T>(call: (stripe: Stripe) => Promise<T>): Promise<T | null> => {
    const { Sdk, stripe } = await connect();
    try {
      return await call(stripe);
    } catch (error) {
      if (error instanceof Sdk.errors.StripeInvalidRequestError && error.statusCode === 404) return null;
      throw error;
    }
  };
  return {
    async createIntent({ amountCents, orderId, description }) {
      const { stripe } = await connect();
      const intent = await stripe.paymentIntents.create(
        { amount: amountCents, currency: CURRENCY, description, metadata: { orderId }, automatic_payment_methods: { enabled: true } },
        // A retried request (network, double click) makes no second intent for the same order.
        { idempotencyKey: `order-${orderId}` },
      );
      if (!intent.client_secret) throw new Error('PaymentIntent without client secret');
      return { id: intent.id, clientSecret: intent.client_secret };
    },
    async retrieveIntent(id) {
      const intent = await unlessMissing((stripe) => stripe.paymentIntents.retrieve(id));
      if (!intent) return null;
      return {
        id: intent.id,
        status: intent.status,
        amountCents: intent.amount,
        currency: intent.currency,
        orderId: intent.metadata.orderId ?? null,
      };
    },
    async findPromotion(code) {
      const { stripe } = await connect();
      const list = await stripe.promotionCodes.list({ code, limit: 1, expand: ['data.promotion.coupon'] });
      const promotion = list.data[0];
      return promotion ? toPromotion(promotion, Date.now()) : null;
    },
    async getPromotion(id) {
      const promotion = await unlessMissing((stripe) => stripe.promotionCodes.retrieve(id, { expand: ['promotion.coupon'] }));
      return promotion ? toPromotion(promotion, Date.now()) : null;
    },
    async verifyWebhook(payload, signature) {
      if (!webhookSecret) throw new Error('STRIPE_WEBHOOK_SECRET is not configured');
      const { Sdk, stripe } = await connect();
      return stripe.webhooks.constructEventAsync(payload, signature, webhookSecret, undefined, Sdk.createSubtleCryptoProvider());
    },
  };
}

/**
 * Whether paid stones can be sold: both keys are there and, in a deployment, the configuration check found
 * nothing against them (a missing webhook secret, test keys in production: settings/checks.ts).
 */
export function paymentsAvailable(env: Env): boolean {
  return Boolean(env.STRIPE_SECRET_KEY && env.STRIPE_PUBLISHABLE_KEY) && !featureOff(env, 'payments');
}

/**
 * Stripe whenever a secret key is set, for checking payments already made (a buyer who paid gets the stone even
 * when selling has been switched off since, settings/checks.ts); null without a key.
 */
export function stripeFromEnv(env: Env): Payments | null {
  if (!env.STRIPE_SECRET_KEY) return null;
  return stripePayments(env.STRIPE_SECRET_KEY, env.STRIPE_WEBHOOK_SECRET, env.STRIPE_API_BASE || undefined);
}

/** Stripe when paid stones can be sold; null otherwise (paid features then answer 503, free creation works). */
export function paymentsFromEnv(env: Env): Payments | null {
  return featureOff(env, 'payments') ? null : stripeFromEnv(env);
}
