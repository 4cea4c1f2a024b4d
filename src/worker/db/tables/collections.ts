import { sql } from 'drizzle-orm';
import { index, integer, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';
import { LOCALES, OWNER_LOCALES } from '../../../shared/i18n/locale';
import { FREQUENCIES, OWNER_NOTIFY } from '../../../shared/schemas/notify';
import { createdAt } from './created-at';

/**
 * A memorial collection: a set of up to MAX_COLLECTION_STONES stones made for one person, on one page and one
 * map. Its totals are summed over its stones when it is read (at most 50 rows by index), so a find writes nothing
 * here. Its stones name it in `stones.collection_id`.
 */
export const collections = sqliteTable(
  'collections',
  {
    /** Public: the collection's address (`/sammlung/{id}`), 10 characters of [a-z2-9]. */
    id: text('id').primaryKey(),
    title: text('title').notNull(),
    dedication: text('dedication'),
    /** Never shown publicly: the owner's mails go there. */
    creatorEmail: text('creator_email').notNull(),
    /** The creator's language (de/en): the owner's mails are written in it. */
    locale: text('locale', { enum: OWNER_LOCALES }).notNull().default('de'),
    /** How often the owner hears of its stones' finds, as the owner page chose it (each stone keeps it in `notify`). */
    notify: text('notify', { enum: OWNER_NOTIFY }).notNull().default('instant'),
    /** As `stones.memorial_day`: the collection's day to remember ("MM-DD"), or null (the creation's anniversary). */
    memorialDay: text('memorial_day'),
    /** The owner wants the collection's letter of the year. */
    memorialLetter: integer('memorial_letter', { mode: 'boolean' }).notNull().default(true),
    /** SHA-256 (hex) of the collection's owner token; the token itself is never stored. */
    ownerTokenHash: text('owner_token_hash').notNull(),
    /** Stones ever added: the next stone's number (its default title is the collection's title with it). */
    stoneSeq: integer('stone_seq').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: integer('updated_at', { mode: 'timestamp_ms' }),
    /** The version of the collection's share image, as `stones.share_card`. */
    shareCard: text('share_card'),
    /** As `stones.cards_valid_from`: cards stored before it show something since removed and are not served. */
    cardsValidFrom: integer('cards_valid_from', { mode: 'timestamp_ms' }),
    /** As `stones.card_read_at`: changes up to it are on the current card. */
    cardReadAt: integer('card_read_at', { mode: 'timestamp_ms' }),
  },
  (t) => [
    uniqueIndex('collections_owner_token_hash_unique').on(t.ownerTokenHash),
    index('collections_creator_email_idx').on(t.creatorEmail),
    index('collections_created_at_idx').on(t.createdAt),
    index('collections_share_card_missing_idx').on(t.createdAt).where(sql`share_card IS NULL`),
    index('collections_memorial_day_idx').on(t.memorialDay).where(sql`memorial_day IS NOT NULL`),
  ],
);

/** The collection a row belongs to: the row goes with it. */
const collectionIdColumn = () =>
  text('collection_id')
    .notNull()
    .references(() => collections.id, { onDelete: 'cascade' });

/**
 * Further owner links of a collection (SHA-256 of the token), made when one is mailed (the creation mail, "send
 * me my owner link"). Every one of them opens the collection's owner page.
 */
export const collectionOwnerTokens = sqliteTable(
  'collection_owner_tokens',
  {
    tokenHash: text('token_hash').primaryKey(),
    collectionId: collectionIdColumn(),
    createdAt: createdAt(),
    /** A link mailed later stops working after OWNER_LINK_TTL_DAYS; null: the creation mail's, until revoked. */
    expiresAt: integer('expires_at', { mode: 'timestamp_ms' }),
  },
  (t) => [
    index('collection_owner_tokens_collection_idx').on(t.collectionId),
    index('collection_owner_tokens_expires_idx').on(t.expiresAt).where(sql`expires_at IS NOT NULL`),
  ],
);

/**
 * An address that follows a whole collection: a find on any of its stones sends one mail (double opt-in and
 * one-click unsubscribe as a stone's `subscriptions`; mail_tokens name the row by its id).
 */
export const collectionSubscriptions = sqliteTable(
  'collection_subscriptions',
  {
    id: text('id').primaryKey(),
    collectionId: collectionIdColumn(),
    email: text('email').notNull(),
    locale: text('locale', { enum: LOCALES }).notNull().default('de'),
    confirmedAt: integer('confirmed_at', { mode: 'timestamp_ms' }),
    /** A mail per find, or a daily or weekly letter (the preferences page of its mails' link). */
    frequency: text('frequency', { enum: FREQUENCIES }).notNull().default('instant'),
    /** The follower asked for the collection's letter of the year (off unless they did; only with a memorial day). */
    memorialLetter: integer('memorial_letter', { mode: 'boolean' }).notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('collection_subscriptions_collection_email_unique').on(t.collectionId, t.email),
    index('collection_subscriptions_unconfirmed_idx').on(t.confirmedAt, t.createdAt),
  ],
);
