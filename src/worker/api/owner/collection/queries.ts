import { and, count, desc, eq, gt, inArray, isNull, or, sql } from 'drizzle-orm';
import type { Locale } from '../../../../shared/i18n/locale';
import { OWNER_NOTIFICATIONS_LISTED } from '../../../../shared/schemas/limits';
import type { OwnerNotify } from '../../../../shared/schemas/notify';
import { batchByName } from '../../../db/batch';
import type { Db } from '../../../db/client';
import { collectionOwnerTokens, collectionSubscriptions, collections, ownerTokens, stones } from '../../../db/schema';
import { sha256Hex } from '../../../lib/crypto';
import { mailDedupe, subjectOf } from '../../../mail/builders';
import type { MailJob } from '../../../mail/jobs';
import { insertMailsFrom, randomId, TITLE_MARKER } from '../../../mail/queries';
import { notifyColumns } from '../../stones/queries';

/** A collection behind an owner link, and when that link stops working (null: until revoked). */
export interface OwnedCollection {
  id: string;
  expiresAt: Date | null;
}

/**
 * The collection an owner link opens: the creation's token (until revoked) or one mailed later
 * (collection_owner_tokens) that has not expired; with the link's own expiry, which the stone links derived from it
 * share.
 */
export async function ownedCollection(db: Db, token: string, now = Date.now()): Promise<OwnedCollection | null> {
  const hash = await sha256Hex(token);
  const mailed = and(
    eq(collectionOwnerTokens.tokenHash, hash),
    or(isNull(collectionOwnerTokens.expiresAt), gt(collectionOwnerTokens.expiresAt, new Date(now))),
  );
  const row = await db
    .select({
      id: collections.id,
      // Null for the creation's token: 256 random bits, it is never also a mailed one.
      expiresAt: sql<number | null>`(${db.select({ at: collectionOwnerTokens.expiresAt }).from(collectionOwnerTokens).where(mailed)})`,
    })
    .from(collections)
    .where(
      or(
        eq(collections.ownerTokenHash, hash),
        eq(collections.id, db.select({ id: collectionOwnerTokens.collectionId }).from(collectionOwnerTokens).where(mailed)),
      ),
    )
    .get();
  return row ? { id: row.id, expiresAt: row.expiresAt === null ? null : new Date(row.expiresAt) } : null;
}

/** The id of the collection an owner link opens (see ownedCollection), or null. */
export async function ownedCollectionId(db: Db, token: string): Promise<string | null> {
  return (await ownedCollection(db, token))?.id ?? null;
}

/**
 * What only the owner sees beside the public view, in one batch: the newest followers (never their addresses),
 * how many there are, and which of the stones' derived owner-token hashes owner_tokens knows already (with the
 * expiry each was remembered with).
 */
export async function ownerExtras(db: Db, id: string, derivedHashes: string[]) {
  const read = await batchByName(db, {
    followers: db
      .select({
        id: collectionSubscriptions.id,
        createdAt: collectionSubscriptions.createdAt,
        confirmedAt: collectionSubscriptions.confirmedAt,
      })
      .from(collectionSubscriptions)
      .where(eq(collectionSubscriptions.collectionId, id))
      .orderBy(desc(collectionSubscriptions.createdAt), desc(collectionSubscriptions.id))
      .limit(OWNER_NOTIFICATIONS_LISTED),
    followerCount: db.select({ n: count() }).from(collectionSubscriptions).where(eq(collectionSubscriptions.collectionId, id)),
    // At most MAX_COLLECTION_STONES hashes: within D1's 100 bound values per statement.
    known: derivedHashes.length ? knownStoneTokens(db, derivedHashes) : undefined,
  });
  return {
    followers: read.followers.map((f) => ({ id: f.id, createdAt: f.createdAt.toISOString(), confirmed: f.confirmedAt !== null })),
    followerCount: read.followerCount[0]?.n ?? 0,
    known: rememberedExpiries(read.known ?? []),
  };
}

/** Of the derived stone-token hashes (at most MAX_COLLECTION_STONES: within D1's bound values), those owner_tokens has. */
export function knownStoneTokens(db: Db, derivedHashes: string[]) {
  return db
    .select({ hash: ownerTokens.tokenHash, expiresAt: ownerTokens.expiresAt })
    .from(ownerTokens)
    .where(inArray(ownerTokens.tokenHash, derivedHashes));
}

/** Remembered hashes with their expiry in milliseconds (null: until revoked). */
export const rememberedExpiries = (rows: Array<{ hash: string; expiresAt: Date | null }>) =>
  new Map(rows.map((row) => [row.hash, row.expiresAt?.getTime() ?? null]));

/**
 * Lets stone tokens derived from a later collection owner link open their stones' owner pages: owner_tokens rows
 * that live exactly as long as the collection link they came from (its expiry, null until revoked). Written only
 * for hashes not known with that expiry; a row known with another expiry gets this one (an upsert, so a concurrent
 * GET writes the same).
 */
export async function rememberStoneTokens(
  db: Db,
  rows: Array<{ tokenHash: string; stoneId: string; expiresAt: Date | null }>,
): Promise<void> {
  const statements = [];
  // Three values a row: 30 rows a statement stay within D1's 100 bound values.
  for (let i = 0; i < rows.length; i += 30)
    statements.push(
      db
        .insert(ownerTokens)
        .values(rows.slice(i, i + 30))
        .onConflictDoUpdate({ target: ownerTokens.tokenHash, set: { expiresAt: sql`excluded.expires_at` } }),
    );
  const [first, ...rest] = statements;
  if (first) await db.batch([first, ...rest]);
}

/** Changes what the collection's owner may edit: title, dedication, find mails, memorial day (only the fields given). */
export async function updateCollection(
  db: Db,
  id: string,
  changes: { title?: string; dedication?: string | null; notify?: OwnerNotify; memorialDay?: string | null; memorialLetter?: boolean },
): Promise<void> {
  const update = db
    .update(collections)
    .set({
      ...(changes.title !== undefined ? { title: changes.title } : {}),
      ...(changes.dedication !== undefined ? { dedication: changes.dedication } : {}),
      ...(changes.notify !== undefined ? { notify: changes.notify } : {}),
      ...(changes.memorialDay !== undefined ? { memorialDay: changes.memorialDay } : {}),
      ...(changes.memorialLetter !== undefined ? { memorialLetter: changes.memorialLetter } : {}),
      updatedAt: new Date(),
    })
    .where(eq(collections.id, id));
  // The owner's choice reaches every stone of the set in the same batch: each stone's own row decides its find mails.
  if (changes.notify === undefined) await update;
  else await db.batch([update, db.update(stones).set(notifyColumns(changes.notify)).where(eq(stones.collectionId, id))]);
}

/**
 * "Send me my owner link" for a memorial collection: as insertOwnerLinkMail, to the collection's creator only,
 * at most one per collection and hour, one statement whatever the address.
 */
export function insertCollectionOwnerLinkMail(db: Db, collectionId: string, email: string, locale: Locale, now = new Date()) {
  const template = JSON.stringify({ kind: 'collection-owner-link', collectionId, title: '' } satisfies MailJob);
  const marker = TITLE_MARKER;
  const subject = subjectOf({ kind: 'collection-owner-link', collectionId, title: marker }, locale);
  return insertMailsFrom(
    db,
    'collection-owner-link',
    {
      id: randomId,
      dedupeKey: sql`${mailDedupe.collectionOwnerLink(collectionId, now)}`,
      recipient: sql`creator_email`,
      locale: sql`${locale}`,
      payload: sql`json_set(${template}, '$.title', title)`,
      subject: sql`replace(${subject}, ${marker}, title)`,
    },
    sql`FROM collections WHERE id = ${collectionId} AND lower(creator_email) = lower(${email})`,
    now,
  );
}
