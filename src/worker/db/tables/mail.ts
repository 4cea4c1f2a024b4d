import { sql } from 'drizzle-orm';
import { index, integer, primaryKey, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';
import { LOCALES } from '../../../shared/i18n/locale';
import { createdAt } from './created-at';

/**
 * Single-purpose tokens carried by mail links (SHA-256 of the token; the token exists only in the mail):
 * confirm a subscription, unsubscribe it, or stop a stone's find mails to its owner; the `-collection` purposes
 * act on a collection's follower (collection_subscriptions) instead of a stone's.
 */
export const mailTokens = sqliteTable(
  'mail_tokens',
  {
    tokenHash: text('token_hash').primaryKey(),
    purpose: text('purpose', {
      enum: ['confirm', 'unsubscribe', 'mute', 'confirm-collection', 'unsubscribe-collection', 'unsubscribe-letter'],
    }).notNull(),
    /**
     * The subscription (confirm, unsubscribe), the collection's follower (-collection), the stone (mute) or a letter
     * (its outbox row: unsubscribe-letter stops every reading it told).
     */
    targetId: text('target_id').notNull(),
    expiresAt: integer('expires_at', { mode: 'timestamp_ms' }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('mail_tokens_expires_idx').on(t.expiresAt), index('mail_tokens_target_idx').on(t.targetId)],
);

/**
 * Every e-mail is first a row here (written in the same batch as its cause), then a queue message; the
 * consumer claims a row before sending, so a message delivered twice sends once. The mail is rendered when it
 * is sent, from `kind`, `payload` and `locale`: the links it carries get fresh tokens then, which are never
 * stored in the clear.
 */
export const emailOutbox = sqliteTable(
  'email_outbox',
  {
    id: text('id').primaryKey(),
    /** What makes two rows the same mail (e.g. one confirmation per subscription and day). */
    dedupeKey: text('dedupe_key').notNull(),
    kind: text('kind').notNull(),
    recipient: text('recipient').notNull(),
    locale: text('locale', { enum: LOCALES }).notNull(),
    /** JSON: what the mail says (see worker/mail/jobs.ts). */
    payload: text('payload').notNull(),
    /** Shown in the operator's list of failed mails. */
    subject: text('subject').notNull(),
    /**
     * skipped: nobody to send to any more (unsubscribed, already confirmed, stone gone) when its turn came. held: a
     * find mail to a reader who chose a daily or weekly letter, waiting for it; lettered: told in the letter
     * `letter_id` (never sent alone).
     */
    status: text('status', { enum: ['pending', 'sending', 'sent', 'skipped', 'failed', 'held', 'lettered'] })
      .notNull()
      .default('pending'),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    createdAt: createdAt(),
    /** When a queue message for it was last sent (or is due, after a retry delay). */
    queuedAt: integer('queued_at', { mode: 'timestamp_ms' }),
    claimedAt: integer('claimed_at', { mode: 'timestamp_ms' }),
    sentAt: integer('sent_at', { mode: 'timestamp_ms' }),
    /** The letter (an outbox row of kind `letter`) that told this held find mail. */
    letterId: text('letter_id'),
  },
  (t) => [
    uniqueIndex('email_outbox_dedupe_unique').on(t.dedupeKey),
    index('email_outbox_status_idx').on(t.status, t.queuedAt),
    // The cron's clean-up of rows older than a month, and /healthz's look at the unsent and failed ones: a range
    // per status, never the month of sent rows, so its cost stays flat as mail grows.
    index('email_outbox_status_created_idx').on(t.status, t.createdAt),
    // A stone's mails say its code: deleting a stone deletes its mails. A collection's mails have none (NULL here).
    index('email_outbox_code_idx').on(sql`json_extract(${t.payload}, '$.code')`),
    // The find mails waiting for a letter, by reader: the cron's letters and a letter's own finds.
    index('email_outbox_held_idx').on(t.recipient, t.createdAt).where(sql`status = 'held'`),
    index('email_outbox_letter_idx').on(t.letterId).where(sql`letter_id IS NOT NULL`),
  ],
);

/**
 * The letters the cron wrote: one row per kind (`daily`, `weekly`, `memorial`) and German calendar day, written in the batch
 * that writes that day's letters, so a second run the same day (or one after a failure) writes none again.
 */
export const letterRuns = sqliteTable(
  'letter_runs',
  {
    letter: text('letter', { enum: ['daily', 'weekly', 'memorial'] }).notNull(),
    day: text('day').notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.letter, t.day] })],
);
