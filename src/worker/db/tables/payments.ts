import { index, integer, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';
import { OWNER_LOCALES } from '../../../shared/i18n/locale';
import { createdAt } from './created-at';

/**
 * A paid stone's order, recorded before any money moves: what was bought, for how much, and the stone's data.
 * The stone is created from this row (never from what the browser sends after paying) once Stripe says the
 * PaymentIntent succeeded, by whichever comes first: the buyer's return to /success or the webhook.
 */
export const orders = sqliteTable(
  'orders',
  {
    id: text('id').primaryKey(),
    paymentIntentId: text('payment_intent_id'),
    amountCents: integer('amount_cents').notNull(),
    currency: text('currency').notNull().default('eur'),
    hasPhotos: integer('has_photos', { mode: 'boolean' }).notNull(),
    hasStory: integer('has_story', { mode: 'boolean' }).notNull(),
    creatorEmail: text('creator_email').notNull(),
    title: text('title').notNull(),
    story: text('story'),
    locale: text('locale', { enum: OWNER_LOCALES }).notNull(),
    /** SHA-256 of the owner token handed to the buyer when the order was made; the stone gets it. */
    ownerTokenHash: text('owner_token_hash').notNull(),
    promotionCodeId: text('promotion_code_id'),
    /** An owner buying a feature for an existing stone: that stone (the order's stone data is a copy of it). */
    upgradeStoneId: text('upgrade_stone_id'),
    /** Set when the stone exists (or, for an upgrade, when the feature was granted). */
    stoneId: text('stone_id'),
    /** Refunded so far (the charge's `amount_refunded` at Stripe), and when a refund was first seen. */
    refundedCents: integer('refunded_cents').notNull().default(0),
    refundedAt: integer('refunded_at', { mode: 'timestamp_ms' }),
    /** A dispute (chargeback) of the payment: when it was opened, and Stripe's status of it. */
    disputedAt: integer('disputed_at', { mode: 'timestamp_ms' }),
    disputeStatus: text('dispute_status'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('orders_payment_intent_unique').on(t.paymentIntentId),
    uniqueIndex('orders_owner_token_hash_unique').on(t.ownerTokenHash),
    index('orders_promotion_idx').on(t.promotionCodeId, t.stoneId),
    // The operator's table and a stone's payments read a stone's orders by the stone.
    index('orders_stone_idx').on(t.stoneId),
  ],
);

/** Payment-provider events already handled (webhooks are delivered at least once). */
export const paymentEvents = sqliteTable('payment_events', {
  id: text('id').primaryKey(),
  type: text('type').notNull(),
  createdAt: createdAt(),
});
