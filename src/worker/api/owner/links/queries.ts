import { and, eq, inArray, lt, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { collectionOwnerTokens, collections, emailOutbox, ownerTokens, stones } from '../../../db/schema';
import { mailDedupe, subjectOf } from '../../../mail/builders';
import type { MailJob } from '../../../mail/jobs';
import { insertMailsFrom, randomId, subjectCase, TITLE_MARKER } from '../../../mail/queries';

/**
 * How owner links end: a mailed one when it expires (the cron deletes its row), every one of a stone or a collection
 * when its owner makes them invalid (revocation), which mails the creator the one link that works from then on.
 */

/**
 * What takes the place of a revoked creation token's hash (the column is NOT NULL and unique): 256 random bits,
 * a fresh value per row. Nobody holds a token that hashes to it, so no link opens the stone or collection by it.
 */
const UNHELD_TOKEN_HASH = sql`lower(hex(randomblob(32)))`;

/** The mails that carry an owner link (a find mail only with a finder's photo, but marking it is harmless). */
const LINK_MAIL_KINDS: MailJob['kind'][] = [
  'stone-created',
  'owner-link',
  'stone-missing',
  'find-owner',
  'collection-created',
  'collection-owner-link',
];

/**
 * Mails not sent yet that would carry an owner link made when they go out: they go without one (an owner-link mail
 * not at all, mail/send-queries.ts readerWaits), or that link would outlive the revocation. `about` picks the rows.
 */
function withdrawLinksOfUnsentMails(db: Db, about: SQL | undefined) {
  return db
    .update(emailOutbox)
    .set({ payload: sql`json_set(${emailOutbox.payload}, '$.ownerLinkWithdrawn', json('true'))` })
    .where(and(inArray(emailOutbox.status, ['pending', 'sending']), inArray(emailOutbox.kind, LINK_MAIL_KINDS), about));
}

/** The one mail with the link that works after a revocation, to the creator, in the creator's language. */
function freshLinkMail(db: Db, job: Extract<MailJob, { replacesRevoked?: true }>, dedupeKey: string, from: SQL, now: Date) {
  const marker = TITLE_MARKER;
  // The title is the row's own, known only inside the statement: the catalog's subject gets it there.
  const subject = subjectCase((locale) => subjectOf({ ...job, title: marker }, locale));
  return insertMailsFrom(
    db,
    job.kind,
    {
      id: randomId,
      dedupeKey: sql`${dedupeKey}`,
      recipient: sql`creator_email`,
      locale: sql`locale`,
      payload: sql`json_set(${JSON.stringify(job)}, '$.title', title)`,
      subject: sql`replace(${subject}, ${marker}, title)`,
    },
    from,
    now,
  );
}

/**
 * Ends every owner link of a stone in one batch: its mailed links (owner_tokens) go, the creation token's hash is
 * replaced by one nobody holds, unsent mails lose the link they would carry, and the creator gets a fresh link that
 * lasts until revoked. Answers the outbox ids to queue. Not for a collection's stone: its links are derived from
 * the collection's (revokeCollectionLinks).
 */
export async function revokeStoneLinks(db: Db, stone: { id: string; code: string }, now = new Date()): Promise<string[]> {
  const job = { kind: 'owner-link', stoneId: stone.id, code: stone.code, title: '', replacesRevoked: true } satisfies MailJob;
  const [, , , mails] = await db.batch([
    withdrawLinksOfUnsentMails(db, sql`json_extract(${emailOutbox.payload}, '$.code') = ${stone.code}`),
    db.delete(ownerTokens).where(eq(ownerTokens.stoneId, stone.id)),
    db.update(stones).set({ ownerTokenHash: UNHELD_TOKEN_HASH }).where(eq(stones.id, stone.id)),
    freshLinkMail(db, job, mailDedupe.linksRevoked(stone.id, now), sql`FROM stones WHERE id = ${stone.id}`, now),
  ]);
  return mails.map((row) => row.id);
}

/**
 * Ends every owner link of a memorial collection and of each of its stones in one batch (a stone's links are derived
 * from the collection's, so they end together): the collection's mailed links and its stones' owner_tokens rows go,
 * every creation hash (the collection's and each stone's) is replaced by one nobody holds, unsent mails lose their
 * links, and the creator gets a fresh collection link that lasts until revoked. Answers the outbox ids to queue.
 */
export async function revokeCollectionLinks(db: Db, collectionId: string, now = new Date()): Promise<string[]> {
  const job = { kind: 'collection-owner-link', collectionId, title: '', replacesRevoked: true } satisfies MailJob;
  const itsStones = db.select({ id: stones.id }).from(stones).where(eq(stones.collectionId, collectionId));
  const itsCodes = db.select({ code: stones.code }).from(stones).where(eq(stones.collectionId, collectionId));
  const [, , , , , , mails] = await db.batch([
    withdrawLinksOfUnsentMails(db, sql`json_extract(${emailOutbox.payload}, '$.collectionId') = ${collectionId}`),
    withdrawLinksOfUnsentMails(db, inArray(sql`json_extract(${emailOutbox.payload}, '$.code')`, itsCodes)),
    db.delete(collectionOwnerTokens).where(eq(collectionOwnerTokens.collectionId, collectionId)),
    db.delete(ownerTokens).where(inArray(ownerTokens.stoneId, itsStones)),
    db.update(collections).set({ ownerTokenHash: UNHELD_TOKEN_HASH }).where(eq(collections.id, collectionId)),
    db.update(stones).set({ ownerTokenHash: UNHELD_TOKEN_HASH }).where(eq(stones.collectionId, collectionId)),
    freshLinkMail(db, job, mailDedupe.collectionLinksRevoked(collectionId, now), sql`FROM collections WHERE id = ${collectionId}`, now),
  ]);
  return mails.map((row) => row.id);
}

/** The cron's share: mailed owner links past their expiry go (by the partial indexes on expires_at). */
export async function deleteExpiredOwnerLinks(db: Db, now: Date): Promise<void> {
  await db.batch([
    db.delete(ownerTokens).where(lt(ownerTokens.expiresAt, now)),
    db.delete(collectionOwnerTokens).where(lt(collectionOwnerTokens.expiresAt, now)),
  ]);
}
