import { sql } from 'drizzle-orm';
import { index, integer, real, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';
import { OWNER_LOCALES } from '../../../shared/i18n/locale';
import { FREQUENCIES } from '../../../shared/schemas/notify';
import { PRECISIONS } from '../../../shared/schemas/precision';
import { collections } from './collections';
import { createdAt } from './created-at';

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
    locale: text('locale', { enum: OWNER_LOCALES }).notNull().default('de'),
    /** The owner hears of finds unless they turned it off (one click in any find mail, the owner page). */
    notifyOnFind: integer('notify_on_find', { mode: 'boolean' }).notNull().default(true),
    /**
     * How often, while on: a mail per find, a daily or a weekly letter. The owner's choice (`notify` in the API) is
     * `off` when `notify_on_find` is off, else this.
     */
    notify: text('notify', { enum: FREQUENCIES }).notNull().default('instant'),
    /**
     * The day to remember as "MM-DD" (shared/schemas/memorial.ts), or null: the owner's letter of the year then
     * comes on the creation's anniversary (a stone of a collection: in the collection's letter).
     */
    memorialDay: text('memorial_day'),
    /** The owner wants the letter of the year (on unless they turned it off). */
    memorialLetter: integer('memorial_letter', { mode: 'boolean' }).notNull().default(true),
    /**
     * The owner's goal for the stone (shared/schemas/goal.ts, decision record 042): a place at a town's precision
     * (position and name) or a country (ISO 3166-1 alpha-2); a place's country is told from its position. Null: none.
     */
    goalLatitude: real('goal_latitude'),
    goalLongitude: real('goal_longitude'),
    goalName: text('goal_name'),
    goalCountry: text('goal_country'),
    /** The owner's words about the goal (≤ 140 characters), '' for none. */
    goalNote: text('goal_note'),
    /** When a counted find first reached the goal (within GOAL_REACH_KM of the place, or in the country); set once. */
    goalReachedAt: integer('goal_reached_at', { mode: 'timestamp_ms' }),
    /** Position of the newest find that has one: the start of the next leg. */
    lastLatitude: real('last_latitude'),
    lastLongitude: real('last_longitude'),
    /** When the find at the last position was logged: the speed check of the next find measures from it. */
    lastPositionAt: integer('last_position_at', { mode: 'timestamp_ms' }),
    createdAt: createdAt(),
    updatedAt: integer('updated_at', { mode: 'timestamp_ms' }),
    /** The memorial collection the stone belongs to, or null. */
    collectionId: text('collection_id').references(() => collections.id, { onDelete: 'set null' }),
    /**
     * Where the stone is as far as anyone knows: `travelling` (the default), `resting` (its finder keeps it for a
     * while), `missing` (not found for MISSING_AFTER_DAYS, or its owner says so).
     */
    status: text('status', { enum: ['travelling', 'resting', 'missing'] })
      .notNull()
      .default('travelling'),
    /** When the status last changed (set on insert; the migration gave older stones their creation time). */
    statusSince: integer('status_since', { mode: 'timestamp_ms' }).$defaultFn(() => new Date()),
    /** When the stone was last seen: its newest counted find, else its creation. The cron's missing check reads it. */
    lastSeenAt: integer('last_seen_at', { mode: 'timestamp_ms' }).$defaultFn(() => new Date()),
    /**
     * The version of the stone's share image (og:image) in R2, a hash of what the image shows: its URL names it,
     * so a changed journey gets a new URL that messengers fetch anew. Null until the queue job first rendered it
     * (the page then points at the generic image).
     */
    shareCard: text('share_card'),
    /**
     * Share cards stored before this moment show something since removed (a hidden find, a deleted photo): they
     * are not served any more, whatever is left of them in R2 (share/serve.ts). Null: every stored card may be.
     */
    cardsValidFrom: integer('cards_valid_from', { mode: 'timestamp_ms' }),
    /**
     * A moment (a little before the share job's read) up to which every change is on the current card: a render
     * asked for before it is skipped (share/job.ts, renders that coalesce). Null: no card was read yet.
     */
    cardReadAt: integer('card_read_at', { mode: 'timestamp_ms' }),
  },
  (t) => [
    uniqueIndex('stones_code_unique').on(t.code),
    index('stones_collection_idx').on(t.collectionId),
    index('stones_status_last_seen_idx').on(t.status, t.lastSeenAt),
    // The cron's catch-up of share cards: the few stones without one, oldest first, without reading the others.
    index('stones_share_card_missing_idx').on(t.createdAt).where(sql`share_card IS NULL`),
    uniqueIndex('stones_owner_token_hash_unique').on(t.ownerTokenHash),
    uniqueIndex('stones_payment_intent_unique').on(t.paymentIntentId),
    // Newest first, the code breaking ties: the operator's table pages by (created_at, code) (decision record 030).
    index('stones_created_at_idx').on(t.createdAt, t.code),
    // The operator's search by the creator's address.
    index('stones_creator_email_idx').on(t.creatorEmail),
    // The cron's letters of the year: the stones whose day it is, never a scan.
    index('stones_memorial_day_idx').on(t.memorialDay).where(sql`memorial_day IS NOT NULL`),
  ],
);

/** The stone a row belongs to (a find, a photo, a subscription, an owner link): the row goes with its stone. */
export const stoneIdColumn = () =>
  text('stone_id')
    .notNull()
    .references(() => stones.id, { onDelete: 'cascade' });

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
  /** When the cron last compared the row with a full recount (its last slice). */
  verifiedAt: integer('verified_at', { mode: 'timestamp_ms' }),
  /**
   * The recount under way, a slice of stones per cron run (api/statistics/recount.ts): the greatest stone id counted
   * so far ('' before the first slice), null while none is under way; and the sums of the stones up to it, which
   * triggers keep current as those stones change (migration 0016).
   */
  recountAfter: text('recount_after'),
  recountStones: integer('recount_stones').notNull().default(0),
  recountFinds: integer('recount_finds').notNull().default(0),
  recountKm: real('recount_km').notNull().default(0),
  recountPremium: integer('recount_premium').notNull().default(0),
});

/** Photos of a premium stone; the bytes live in R2 under `r2Key`. At most five per stone (trigger in migrations). */
export const photos = sqliteTable(
  'photos',
  {
    id: text('id').primaryKey(),
    stoneId: stoneIdColumn(),
    r2Key: text('r2_key').notNull(),
    contentType: text('content_type').notNull(),
    sizeBytes: integer('size_bytes').notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('photos_r2_key_unique').on(t.r2Key), index('photos_stone_idx').on(t.stoneId, t.createdAt)],
);

/**
 * Photo objects the cron found in R2 without a `photos` row, with when it first saw each (jobs/photo-sweep.ts
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
    stoneId: stoneIdColumn(),
    seq: integer('seq').notNull(),
    location: text('location').notNull(),
    latitude: real('latitude'),
    longitude: real('longitude'),
    comment: text('comment').notNull().default(''),
    finderEmail: text('finder_email'),
    /** Hidden by the owner or the operator: not shown, not counted, no leg of the journey. */
    hidden: integer('hidden', { mode: 'boolean' }).notNull().default(false),
    createdAt: createdAt(),
    /**
     * The finder's device made this key for the find (`Idempotency-Key`): a send repeated after a lost answer or
     * from the offline queue finds the stored find instead of logging a second one.
     */
    clientKey: text('client_key'),
    /**
     * HMAC-SHA-256 (keyed with a secret, lib/client-hash.ts) of the finder's network address and the stone, kept only
     * for the hour in which a second find of the same client on the same stone is flagged; the cron clears it after that.
     */
    clientHash: text('client_hash'),
    /**
     * Why the find looks implausible: `speed` (faster than 1 000 km/h since the previous counted position) or
     * `repeat` (the same client logged this stone within the hour). A flagged find stays out of the distance
     * until the owner or the operator accepts it.
     */
    flag: text('flag', { enum: ['speed', 'repeat'] }),
    flagAccepted: integer('flag_accepted', { mode: 'boolean' }).notNull().default(false),
    /** The finder keeps the stone for a while: the stone is `resting` until its next find. */
    kept: integer('kept', { mode: 'boolean' }).notNull().default(false),
    /** The stone was missing and this find found it again after this many days (since it was last seen). */
    foundAgainAfterDays: integer('found_again_after_days'),
    /**
     * ISO 3166-1 alpha-2 of the country the find is in: from its position and the countries' outlines (geo/countries.ts;
     * finds written before that, as the geocoder named it), without a position as the finder's device named it.
     */
    countryCode: text('country_code'),
    /** Who hid it: a find the operator hid (moderation) cannot be shown again by the owner. Null while shown. */
    hiddenBy: text('hidden_by', { enum: ['owner', 'operator'] }),
    /**
     * How precisely the finder let the place be published (shared/schemas/precision.ts): for `km` and `town` the
     * position is rounded and `location` holds no street, house number or postcode. Null: a find from before the
     * choice was stored, not yet reviewed by the cron (which infers it from the position's decimals).
     */
    precision: text('precision', { enum: PRECISIONS }),
  },
  (t) => [
    uniqueIndex('finds_stone_seq_unique').on(t.stoneId, t.seq),
    uniqueIndex('finds_stone_client_key_unique').on(t.stoneId, t.clientKey),
    index('finds_client_hash_idx').on(t.clientHash, t.createdAt).where(sql`client_hash IS NOT NULL`),
    // The cron's review of finds from before the precision was stored: only those rows, never a scan.
    index('finds_precision_unreviewed_idx').on(t.stoneId).where(sql`precision IS NULL`),
    // The daily recount's slice: a range of stones' finds counted from finds_stone_seq_unique alone, less the hidden
    // ones, counted here (a few in a hundred) without reading a find's row (api/statistics/recount.ts).
    index('finds_hidden_stone_idx').on(t.stoneId).where(sql`hidden = 1`),
  ],
);

export type StoneRow = typeof stones.$inferSelect;
