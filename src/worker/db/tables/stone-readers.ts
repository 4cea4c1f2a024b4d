import { sql } from 'drizzle-orm';
import { index, integer, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';
import { LOCALES } from '../../../shared/i18n/locale';
import { FREQUENCIES } from '../../../shared/schemas/notify';
import { collections } from './collections';
import { createdAt } from './created-at';
import { stoneIdColumn, stones } from './stones';

// Who hears of a stone besides the finders: its followers, and the owner links mailed after its creation.

/**
 * An e-mail address that wants news of a stone, confirmed by a double opt-in link (mail_tokens). Unconfirmed
 * addresses are deleted after a week; unsubscribing deletes the row.
 */
export const subscriptions = sqliteTable(
  'subscriptions',
  {
    id: text('id').primaryKey(),
    stoneId: stoneIdColumn(),
    email: text('email').notNull(),
    /** The subscriber's language (any of LOCALES: the one they used when subscribing), for their mails. */
    locale: text('locale', { enum: LOCALES }).notNull().default('de'),
    confirmedAt: integer('confirmed_at', { mode: 'timestamp_ms' }),
    /** A mail per find, or a daily or weekly letter (the preferences page of its mails' link). */
    frequency: text('frequency', { enum: FREQUENCIES }).notNull().default('instant'),
    /** The follower asked for the stone's letter of the year (off unless they did; only with a memorial day). */
    memorialLetter: integer('memorial_letter', { mode: 'boolean' }).notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('subscriptions_stone_email_unique').on(t.stoneId, t.email),
    index('subscriptions_unconfirmed_idx').on(t.confirmedAt, t.createdAt),
  ],
);

/**
 * Further owner links of a stone (SHA-256 of the token), made when one is mailed: the creation mail and "send
 * me my owner link". The first token stays in stones.owner_token_hash; every one of them opens the owner page.
 */
export const ownerTokens = sqliteTable(
  'owner_tokens',
  {
    tokenHash: text('token_hash').primaryKey(),
    stoneId: stoneIdColumn(),
    createdAt: createdAt(),
    /**
     * A link mailed later (a find mail, the missing mail, "send me my owner link") stops working after
     * OWNER_LINK_TTL_DAYS; null: the creation mail's (or the one mailed after all links were revoked), until revoked.
     */
    expiresAt: integer('expires_at', { mode: 'timestamp_ms' }),
  },
  (t) => [
    index('owner_tokens_stone_idx').on(t.stoneId),
    index('owner_tokens_expires_idx').on(t.expiresAt).where(sql`expires_at IS NOT NULL`),
  ],
);

/**
 * A browser that asked for a push message instead of a mail (Web Push, decision record 038): its push service's
 * endpoint and keys (what `PushSubscription.toJSON()` gives), for a stone or for a whole collection, with the
 * same choice of how often as a follower by mail. No address, no account; the push service answering 404 or 410
 * for it, or the browser asking to stop, deletes it.
 */
export const pushSubscriptions = sqliteTable(
  'push_subscriptions',
  {
    id: text('id').primaryKey(),
    stoneId: text('stone_id').references(() => stones.id, { onDelete: 'cascade' }),
    collectionId: text('collection_id').references(() => collections.id, { onDelete: 'cascade' }),
    /** What it follows, as one value (`stone:<id>` or `collection:<id>`): one subscription per browser and target. */
    target: text('target').notNull(),
    endpoint: text('endpoint').notNull(),
    p256dh: text('p256dh').notNull(),
    auth: text('auth').notNull(),
    /** The language of its messages (the page's when it subscribed). */
    locale: text('locale', { enum: LOCALES }).notNull().default('de'),
    frequency: text('frequency', { enum: FREQUENCIES }).notNull().default('instant'),
    createdAt: createdAt(),
  },
  (t) => [
    // One per browser and stone or collection: subscribing again updates it.
    uniqueIndex('push_subscriptions_endpoint_target_unique').on(t.endpoint, t.target),
    index('push_subscriptions_stone_idx').on(t.stoneId).where(sql`stone_id IS NOT NULL`),
    index('push_subscriptions_collection_idx').on(t.collectionId).where(sql`collection_id IS NOT NULL`),
  ],
);
