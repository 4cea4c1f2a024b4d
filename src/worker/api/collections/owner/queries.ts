import { count, desc, eq, inArray, or, sql } from 'drizzle-orm';
import type { Locale } from '../../../../shared/i18n/locale';
import { OWNER_NOTIFICATIONS_LISTED } from '../../../../shared/schemas/limits';
import { batchByName } from '../../../db/batch';
import type { Db } from '../../../db/client';
import { collectionOwnerTokens, collectionSubscriptions, collections, ownerTokens } from '../../../db/schema';
import { sha256Hex } from '../../../lib/crypto';
import { mailDedupe, subjectOf } from '../../../mail/builders';
import type { MailJob } from '../../../mail/jobs';
import { insertMailsFrom, randomId, TITLE_MARKER } from '../../../mail/queries';

/** The id of the collection an owner link opens: the creation's token or one mailed later (collection_owner_tokens). */
export async function ownedCollectionId(db: Db, token: string): Promise<string | null> {
  const hash = await sha256Hex(token);
  const row = await db
    .select({ id: collections.id })
    .from(collections)
    .where(
      or(
        eq(collections.ownerTokenHash, hash),
        eq(
          collections.id,
          db
            .select({ id: collectionOwnerTokens.collectionId })
            .from(collectionOwnerTokens)
            .where(eq(collectionOwnerTokens.tokenHash, hash)),
        ),
      ),
    )
    .get();
  return row?.id ?? null;
}

/**
 * What only the owner sees beside the public view, in one batch: the newest followers (never their addresses),
 * how many there are, and which of the stones' derived owner-token hashes owner_tokens knows already.
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
    known: derivedHashes.length
      ? db.select({ hash: ownerTokens.tokenHash }).from(ownerTokens).where(inArray(ownerTokens.tokenHash, derivedHashes))
      : undefined,
  });
  return {
    followers: read.followers.map((f) => ({ id: f.id, createdAt: f.createdAt.toISOString(), confirmed: f.confirmedAt !== null })),
    followerCount: read.followerCount[0]?.n ?? 0,
    known: new Set((read.known ?? []).map((row) => row.hash)),
  };
}

/**
 * Lets stone tokens derived from a later collection owner link open their stones' owner pages: owner_tokens rows,
 * written only for hashes nobody knows yet (INSERT OR IGNORE, so a concurrent GET changes nothing either).
 */
export async function rememberStoneTokens(db: Db, rows: Array<{ tokenHash: string; stoneId: string }>): Promise<void> {
  const statements = [];
  // Two values a row: 40 rows a statement stay within D1's 100 bound values.
  for (let i = 0; i < rows.length; i += 40)
    statements.push(
      db
        .insert(ownerTokens)
        .values(rows.slice(i, i + 40))
        .onConflictDoNothing(),
    );
  const [first, ...rest] = statements;
  if (first) await db.batch([first, ...rest]);
}

/** Changes the collection's title and/or dedication (only the fields given). */
export async function updateCollection(db: Db, id: string, changes: { title?: string; dedication?: string | null }): Promise<void> {
  await db
    .update(collections)
    .set({
      ...(changes.title !== undefined ? { title: changes.title } : {}),
      ...(changes.dedication !== undefined ? { dedication: changes.dedication } : {}),
      updatedAt: new Date(),
    })
    .where(eq(collections.id, id));
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

export async function insertCollectionOwnerToken(db: Db, row: typeof collectionOwnerTokens.$inferInsert): Promise<void> {
  await db.insert(collectionOwnerTokens).values(row);
}
