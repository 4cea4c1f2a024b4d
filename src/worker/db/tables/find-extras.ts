import { sql } from 'drizzle-orm';
import { index, integer, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';
import { createdAt } from './created-at';
import { finds, stoneIdColumn } from './stones';

/**
 * A finder's photo of one find (at most one: the find is the key). Private until the stone's owner approves it:
 * `pending` is seen only through the owner's token, `approved` is public with the find, `rejected` has had its
 * bytes deleted (`r2Key` null). The operator removing a reported photo also deletes its bytes and leaves it
 * `rejected`; one left `pending` for FIND_PHOTO_PENDING_DAYS is deleted by the cron and left `expired`. At most
 * MAX_PENDING_FIND_PHOTOS wait per stone. The bytes live in R2 under `r2Key`, cleaned of metadata like the owner's photos.
 */
export const findPhotos = sqliteTable(
  'find_photos',
  {
    findId: text('find_id')
      .primaryKey()
      .references(() => finds.id, { onDelete: 'cascade' }),
    stoneId: stoneIdColumn(),
    /** Null once the bytes are deleted (rejected or removed). */
    r2Key: text('r2_key'),
    contentType: text('content_type').notNull(),
    sizeBytes: integer('size_bytes').notNull(),
    status: text('status', { enum: ['pending', 'approved', 'rejected', 'expired'] })
      .notNull()
      .default('pending'),
    createdAt: createdAt(),
    /** When the owner (or the operator) last decided about it, or the cron let it expire. */
    decidedAt: integer('decided_at', { mode: 'timestamp_ms' }),
  },
  (t) => [
    uniqueIndex('find_photos_r2_key_unique').on(t.r2Key),
    index('find_photos_stone_status_idx').on(t.stoneId, t.status),
    // The cron's lifetime of undecided photos: the pending ones, oldest first.
    index('find_photos_pending_idx').on(t.createdAt).where(sql`status = 'pending'`),
  ],
);

/**
 * Someone reported a public find (an offensive comment or photo, personal data, spam). Open reports are the
 * operator's moderation list; the operator hides the find, removes its photo or dismisses the report, which
 * resolves every open report of that find. One report per find and reporter while the report keeps its
 * `clientHash` (a keyed hash of the reporter's network address and the find, never the address itself).
 */
export const findReports = sqliteTable(
  'find_reports',
  {
    id: text('id').primaryKey(),
    findId: text('find_id')
      .notNull()
      .references(() => finds.id, { onDelete: 'cascade' }),
    stoneId: stoneIdColumn(),
    reason: text('reason', { enum: ['spam', 'offensive', 'personal', 'wrong', 'other'] }).notNull(),
    /** The reporter's own words (optional, at most 500 characters). */
    note: text('note'),
    /**
     * HMAC-SHA-256 (keyed with a secret, lib/client-hash.ts) of the reporter's network address and the find: one
     * report per find and reporter. Dropped (null) when the report is resolved or after REPORT_CLIENT_DAYS.
     */
    clientHash: text('client_hash'),
    createdAt: createdAt(),
    resolvedAt: integer('resolved_at', { mode: 'timestamp_ms' }),
    /** What the operator did: hid the find, removed its photo, or found nothing wrong. */
    resolution: text('resolution', { enum: ['hidden', 'photo-removed', 'dismissed'] }),
    /** The operator who resolved it (operators.id; kept as text so deleting an operator keeps the history). */
    resolvedBy: text('resolved_by'),
  },
  (t) => [
    uniqueIndex('find_reports_find_client_unique').on(t.findId, t.clientHash),
    index('find_reports_open_idx').on(t.createdAt).where(sql`resolved_at IS NULL`),
    index('find_reports_find_idx').on(t.findId),
  ],
);
