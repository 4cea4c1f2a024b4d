import { sql } from 'drizzle-orm';
import { index, integer, real, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';

const createdAt = () =>
  integer('created_at', { mode: 'timestamp_ms' }).notNull().default(sql`(cast(unixepoch('subsec') * 1000 as integer))`);

/** A painted stone with its unique code. Distance and find counters are kept here so reads are O(1). */
export const stones = sqliteTable(
  'stones',
  {
    id: text('id').primaryKey(),
    code: text('code').notNull(),
    title: text('title').notNull(),
    story: text('story'),
    creatorEmail: text('creator_email').notNull(),
    hasPhotos: integer('has_photos', { mode: 'boolean' }).notNull().default(false),
    hasStory: integer('has_story', { mode: 'boolean' }).notNull().default(false),
    isPaid: integer('is_paid', { mode: 'boolean' }).notNull().default(false),
    paymentIntentId: text('payment_intent_id'),
    /** SHA-256 (hex) of the owner's secret link token; the token itself is never stored. */
    ownerTokenHash: text('owner_token_hash').notNull(),
    /** Sequence number of the newest find; each find takes the next one (optimistic concurrency). */
    findSeq: integer('find_seq').notNull().default(0),
    /** Finds the owner hid (spam, bogus places): the public count is findSeq minus these. */
    hiddenFindCount: integer('hidden_find_count').notNull().default(0),
    totalDistanceKm: real('total_distance_km').notNull().default(0),
    /** The creator's language (de/en): the owner's mails are written in it. */
    locale: text('locale', { enum: ['de', 'en'] })
      .notNull()
      .default('de'),
    /** The owner gets a mail for every find unless they turned it off (one click in any find mail). */
    notifyOnFind: integer('notify_on_find', { mode: 'boolean' }).notNull().default(true),
    /** Position of the newest find that has one: the start of the next leg. */
    lastLatitude: real('last_latitude'),
    lastLongitude: real('last_longitude'),
    /** When the find at the last position was logged: the speed check of the next find measures from it. */
    lastPositionAt: integer('last_position_at', { mode: 'timestamp_ms' }),
    createdAt: createdAt(),
    updatedAt: integer('updated_at', { mode: 'timestamp_ms' }),
  },
  (t) => [
    uniqueIndex('stones_code_unique').on(t.code),
    uniqueIndex('stones_owner_token_hash_unique').on(t.ownerTokenHash),
    uniqueIndex('stones_payment_intent_unique').on(t.paymentIntentId),
    index('stones_created_at_idx').on(t.createdAt),
    // The operator's search by the creator's address.
    index('stones_creator_email_idx').on(t.creatorEmail),
  ],
);

/**
 * Site-wide totals in one row (id 1), changed in the same batch as every write that changes them, so reading
 * them never scans a table. The cron compares them with a full recount once a day and repairs any drift.
 */
export const siteTotals = sqliteTable('site_totals', {
  id: integer('id').primaryKey(),
  stoneCount: integer('stone_count').notNull().default(0),
  findCount: integer('find_count').notNull().default(0),
  totalDistanceKm: real('total_distance_km').notNull().default(0),
  /** Stones with photos or a story (the operator's counter). */
  premiumCount: integer('premium_count').notNull().default(0),
  /** When the cron last compared the row with a full recount. */
  verifiedAt: integer('verified_at', { mode: 'timestamp_ms' }),
});

/** Photos of a premium stone; the bytes live in R2 under `r2Key`. At most five per stone (trigger in migrations). */
export const photos = sqliteTable(
  'photos',
  {
    id: text('id').primaryKey(),
    stoneId: text('stone_id')
      .notNull()
      .references(() => stones.id, { onDelete: 'cascade' }),
    r2Key: text('r2_key').notNull(),
    contentType: text('content_type').notNull(),
    sizeBytes: integer('size_bytes').notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('photos_r2_key_unique').on(t.r2Key), index('photos_stone_idx').on(t.stoneId, t.createdAt)],
);

/**
 * Photo objects the cron found in R2 without a `photos` row, with when it first saw each (api/owner/photos.ts
 * sweepOrphanObjects). An object is removed only when a sweep at least a day later still finds no row; a row
 * that returns (a restore) forgets its sighting. Kept in D1 rather than in the object's R2 metadata (which cannot
 * be changed without writing the photo's bytes again) or in KV (a cache here, eventually consistent).
 */
export const orphanSightings = sqliteTable('orphan_sightings', {
  r2Key: text('r2_key').primaryKey(),
  firstSeenAt: integer('first_seen_at', { mode: 'timestamp_ms' }).notNull(),
});

/** A logged find. `seq` orders the finds of one stone in the order they were committed. */
export const finds = sqliteTable(
  'finds',
  {
    id: text('id').primaryKey(),
    stoneId: text('stone_id')
      .notNull()
      .references(() => stones.id, { onDelete: 'cascade' }),
    seq: integer('seq').notNull(),
    location: text('location').notNull(),
    latitude: real('latitude'),
    longitude: real('longitude'),
    comment: text('comment').notNull().default(''),
    finderEmail: text('finder_email'),
    /** Hidden by the owner: not shown, not counted, no leg of the journey. */
    hidden: integer('hidden', { mode: 'boolean' }).notNull().default(false),
    createdAt: createdAt(),
    /**
     * The finder's device made this key for the find (`Idempotency-Key`): a send repeated after a lost answer or
     * from the offline queue finds the stored find instead of logging a second one.
     */
    clientKey: text('client_key'),
    /**
     * SHA-256 of the finder's network address and the stone, kept only for the hour in which a second find of the
     * same client on the same stone is flagged; the cron clears it after that.
     */
    clientHash: text('client_hash'),
    /**
     * Why the find looks implausible: `speed` (faster than 1 000 km/h since the previous counted position) or
     * `repeat` (the same client logged this stone within the hour). A flagged find stays out of the distance
     * until the owner or the operator accepts it.
     */
    flag: text('flag', { enum: ['speed', 'repeat'] }),
    flagAccepted: integer('flag_accepted', { mode: 'boolean' }).notNull().default(false),
  },
  (t) => [
    uniqueIndex('finds_stone_seq_unique').on(t.stoneId, t.seq),
    uniqueIndex('finds_stone_client_key_unique').on(t.stoneId, t.clientKey),
    index('finds_client_hash_idx').on(t.clientHash, t.createdAt).where(sql`client_hash IS NOT NULL`),
  ],
);

/**
 * An e-mail address that wants news of a stone, confirmed by a double opt-in link (mail_tokens). Unconfirmed
 * addresses are deleted after a week; unsubscribing deletes the row.
 */
export const subscriptions = sqliteTable(
  'subscriptions',
  {
    id: text('id').primaryKey(),
    stoneId: text('stone_id')
      .notNull()
      .references(() => stones.id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    /** The subscriber's language (de/en), for their mails. */
    locale: text('locale', { enum: ['de', 'en'] })
      .notNull()
      .default('de'),
    confirmedAt: integer('confirmed_at', { mode: 'timestamp_ms' }),
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
    stoneId: text('stone_id')
      .notNull()
      .references(() => stones.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [index('owner_tokens_stone_idx').on(t.stoneId)],
);

/**
 * Single-purpose tokens carried by mail links (SHA-256 of the token; the token exists only in the mail):
 * confirm a subscription, unsubscribe it, or stop a stone's find mails to its owner.
 */
export const mailTokens = sqliteTable(
  'mail_tokens',
  {
    tokenHash: text('token_hash').primaryKey(),
    purpose: text('purpose', { enum: ['confirm', 'unsubscribe', 'mute'] }).notNull(),
    /** The subscription (confirm, unsubscribe) or the stone (mute) the token acts on. */
    targetId: text('target_id').notNull(),
    expiresAt: integer('expires_at', { mode: 'timestamp_ms' }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('mail_tokens_expires_idx').on(t.expiresAt), index('mail_tokens_target_idx').on(t.targetId)],
);

export const blogPosts = sqliteTable(
  'blog_posts',
  {
    id: text('id').primaryKey(),
    title: text('title').notNull(),
    slug: text('slug').notNull(),
    excerpt: text('excerpt').notNull(),
    content: text('content').notNull(),
    /** JSON array of strings. */
    tags: text('tags', { mode: 'json' }).$type<string[]>().notNull().default(sql`'[]'`),
    published: integer('published', { mode: 'boolean' }).notNull().default(false),
    featuredImage: text('featured_image'),
    authorEmail: text('author_email').notNull(),
    createdAt: createdAt(),
    updatedAt: integer('updated_at', { mode: 'timestamp_ms' }),
  },
  (t) => [uniqueIndex('blog_posts_slug_unique').on(t.slug), index('blog_posts_published_idx').on(t.published, t.createdAt)],
);

/**
 * Failed operator logins per key (`email:<address>` or `client:<address>`) in the current window: a key with too
 * many is refused before its password is even checked (lib/operator-auth.ts).
 */
export const loginFailures = sqliteTable('login_failures', {
  key: text('key').primaryKey(),
  failures: integer('failures').notNull(),
  windowStart: integer('window_start', { mode: 'timestamp_ms' }).notNull(),
});

/** Site operators who log in to /admin. */
export const operators = sqliteTable(
  'operators',
  {
    id: text('id').primaryKey(),
    email: text('email').notNull(),
    /** PBKDF2-SHA256 hash in the form `pbkdf2-sha256$iterations$salt$hash` (base64url), see lib/password.ts. */
    passwordHash: text('password_hash').notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('operators_email_unique').on(t.email)],
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
    locale: text('locale', { enum: ['de', 'en'] }).notNull(),
    /** JSON: what the mail says (see worker/mail/jobs.ts). */
    payload: text('payload').notNull(),
    /** Shown in the operator's list of failed mails. */
    subject: text('subject').notNull(),
    /** skipped: nobody to send to any more (unsubscribed, already confirmed, stone gone) when its turn came. */
    status: text('status', { enum: ['pending', 'sending', 'sent', 'skipped', 'failed'] })
      .notNull()
      .default('pending'),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    createdAt: createdAt(),
    /** When a queue message for it was last sent (or is due, after a retry delay). */
    queuedAt: integer('queued_at', { mode: 'timestamp_ms' }),
    claimedAt: integer('claimed_at', { mode: 'timestamp_ms' }),
    sentAt: integer('sent_at', { mode: 'timestamp_ms' }),
  },
  (t) => [
    uniqueIndex('email_outbox_dedupe_unique').on(t.dedupeKey),
    index('email_outbox_status_idx').on(t.status, t.queuedAt),
    // Every mail is about one stone and says its code: deleting a stone deletes its mails.
    index('email_outbox_code_idx').on(sql`json_extract(${t.payload}, '$.code')`),
  ],
);

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
    locale: text('locale', { enum: ['de', 'en'] }).notNull(),
    /** SHA-256 of the owner token handed to the buyer when the order was made; the stone gets it. */
    ownerTokenHash: text('owner_token_hash').notNull(),
    promotionCodeId: text('promotion_code_id'),
    /** An owner buying a feature for an existing stone: that stone (the order's stone data is a copy of it). */
    upgradeStoneId: text('upgrade_stone_id'),
    /** Set when the stone exists (or, for an upgrade, when the feature was granted). */
    stoneId: text('stone_id'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('orders_payment_intent_unique').on(t.paymentIntentId),
    uniqueIndex('orders_owner_token_hash_unique').on(t.ownerTokenHash),
    index('orders_promotion_idx').on(t.promotionCodeId, t.stoneId),
  ],
);

/** Payment-provider events already handled (webhooks are delivered at least once). */
export const paymentEvents = sqliteTable('payment_events', {
  id: text('id').primaryKey(),
  type: text('type').notNull(),
  createdAt: createdAt(),
});

export type StoneRow = typeof stones.$inferSelect;
