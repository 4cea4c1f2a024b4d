import * as v from 'valibot';
import { email, plainText } from './common';
import { MAX_STORY_LENGTH } from './limits';
import { says } from './says';
import { stoneTitle } from './stone';

const euros = v.pipe(
  v.number('server-owner.amount.invalid'),
  v.finite('server-owner.amount.invalid'),
  v.minValue(0, 'server-owner.amount.invalid'),
  v.maxValue(1000, 'server-owner.amount.invalid'),
);

export const featuresSchema = v.object({
  photos: v.optional(v.boolean('server-owner.features.invalid'), false),
  story: v.optional(v.boolean('server-owner.features.invalid'), false),
});

/** Stripe object ids: a prefix, an underscore and letters/digits. */
const stripeId = (prefix: string) =>
  v.pipe(v.string('server-owner.stripeId.invalid'), v.regex(new RegExp(`^${prefix}_[A-Za-z0-9]{1,250}$`), 'server-owner.stripeId.invalid'));

/** The stone a buyer is paying for, recorded with the order before any money moves. */
export const stoneDataSchema = v.object({
  creatorEmail: email,
  title: stoneTitle,
  story: v.pipe(
    v.optional(v.nullable(v.string(says('stone-fields.story.invalid'))), ''),
    v.transform((s) => (s ?? '').trim()),
    v.maxLength(MAX_STORY_LENGTH, says('stone-fields.story.tooLong')),
    plainText,
  ),
});

/**
 * `POST /api/create-payment-intent`, plus either the new stone's data (so the order is recorded before
 * any money moves) or, for an owner buying a feature for an existing stone, its owner token.
 */
export const createPaymentIntentSchema = v.pipe(
  v.object({
    amount: euros,
    features: featuresSchema,
    stripePromotionCodeId: v.optional(v.nullable(stripeId('promo')), null),
    stoneData: v.optional(stoneDataSchema),
    upgradeToken: v.optional(
      v.pipe(v.string('server-owner.token.invalid'), v.regex(/^[A-Za-z0-9_-]{20,200}$/, 'server-owner.token.invalid')),
    ),
  }),
  v.check((input) => input.features.photos || input.features.story, 'server-owner.features.none'),
  v.check((input) => (input.stoneData === undefined) !== (input.upgradeToken === undefined), 'server-owner.order.stoneOrUpgrade'),
  v.check((input) => input.features.story || !input.stoneData?.story, 'server-owner.story.withoutFeature'),
);

/** `POST /api/validate-promo-code`. */
export const promoCodeSchema = v.object({
  promoCode: v.pipe(
    v.string('server-owner.promo.invalid'),
    v.trim(),
    v.nonEmpty('server-owner.promo.invalid'),
    v.maxLength(100, 'server-owner.promo.invalid'),
  ),
  amount: euros,
});

/** `POST /api/stones` after payment: the intent decides; the stone's data comes from the recorded order. */
export const paidStoneSchema = v.object({
  isPaid: v.literal(true, 'server-owner.payment.invalid'),
  paymentIntentId: stripeId('pi'),
});
