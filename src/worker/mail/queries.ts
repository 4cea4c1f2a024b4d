import { and, eq, gt, inArray, type SQL, sql } from 'drizzle-orm';
import { LOCALES, type Locale } from '../../shared/i18n/locale';
import type { Db } from '../db/client';
import { collectionOwnerTokens, emailOutbox, mailTokens, ownerTokens } from '../db/schema';
import { mailDedupe, subjectOf, subjectsByLocale } from './builders';
import type { MailJob } from './jobs';

export type MailTokenPurpose = (typeof mailTokens.$inferSelect)['purpose'];

/** Tokens a mail being sent has made, so a failed send can take them back. */
export interface MintedTokens {
  mail: string[];
  owner: string[];
  /** Owner links of a memorial collection (collection_owner_tokens). */
  collectionOwner: string[];
}

/** One mail to one known address, as a statement for the `db.batch` of the write that causes it. */
export function insertMail(db: Db, job: MailJob, recipient: string, locale: Locale, dedupeKey: string, now = new Date()) {
  return db
    .insert(emailOutbox)
    .values({
      id: crypto.randomUUID(),
      dedupeKey,
      kind: job.kind,
      recipient,
      locale,
      payload: JSON.stringify(job),
      subject: subjectOf(job, locale),
      queuedAt: now,
    })
    .onConflictDoNothing({ target: emailOutbox.dedupeKey })
    .returning({ id: emailOutbox.id });
}

/**
 * Outbox rows for every row `from` selects, as one statement for a `db.batch` (Drizzle batches raw SQL only
 * without parameters, so this goes through its insert-select builder): the columns in table order, the
 * dedupe key deciding what was written already. `status` is `pending` unless given: a find mail to a reader of
 * letters is written `held` (it waits for the letter and is not queued).
 */
export function insertMailsFrom(
  db: Db,
  kind: MailJob['kind'],
  columns: { id: SQL; dedupeKey: SQL; recipient: SQL; locale: SQL; payload: SQL; subject: SQL; status?: SQL },
  from: SQL,
  now: Date,
) {
  const at = now.getTime();
  const status = columns.status ?? sql`'pending'`;
  return db
    .insert(emailOutbox)
    .select(
      sql`SELECT ${columns.id}, ${columns.dedupeKey}, ${kind}, ${columns.recipient}, ${columns.locale}, ${columns.payload}, ${columns.subject}, ${status}, 0, NULL, ${at}, ${at}, NULL, NULL, NULL ${from}`,
    )
    .onConflictDoNothing({ target: emailOutbox.dedupeKey })
    .returning({ id: emailOutbox.id, status: emailOutbox.status });
}

/** A find mail's status for a reader whose choice is the column `frequency`: sent at once, or held for a letter. */
export const statusFor = (frequency: SQL) => sql`CASE ${frequency} WHEN 'instant' THEN 'pending' ELSE 'held' END`;

export const randomId = sql`lower(hex(randomblob(16)))`;

/** Subject per language for statements that write rows for many recipients at once. */
export const subjectCase = (make: (locale: Locale) => string) => {
  const subjects = subjectsByLocale(make);
  const cases = LOCALES.filter((locale) => locale !== 'en').map((locale) => sql` WHEN ${locale} THEN ${subjects[locale]}`);
  return sql`CASE locale${sql.join(cases)} ELSE ${subjects.en} END`;
};

/** The dedupe key `make` gives, with the selected row's `id` column in place of the id. */
export function dedupeKeyWithId(make: (id: string) => string): SQL {
  const marker = '\u0000id\u0000';
  const [before = '', after = ''] = make(marker).split(marker);
  return sql`${before} || id || ${after}`;
}

/**
/**
 * Where a subject made outside a statement takes the title only the statement knows (`replace(subject, marker,
 * title)`). A private-use character, not NUL: SQLite's text functions stop at a NUL, so a marker with one never
 * matched and the stored subject kept it in place of the title.
 */
export const TITLE_MARKER = '\uE000title\uE000';

/**
 * "Send me my owner link": a mail to the stone's creator, only when `email` is the creator's address
 * (case-insensitive), at most one per stone and hour. One statement either way, so asking with a wrong address
 * costs the same and writes nothing.
 */
export function insertOwnerLinkMail(db: Db, code: string, email: string, locale: Locale, now = new Date()) {
  const template = JSON.stringify({ kind: 'owner-link', stoneId: '', code, title: '' } satisfies MailJob);
  // The title is the stone's, known only inside the statement: the catalog's subject gets it there.
  const marker = TITLE_MARKER;
  const subject = subjectOf({ kind: 'owner-link', stoneId: '', code, title: marker }, locale);
  return insertMailsFrom(
    db,
    'owner-link',
    {
      id: randomId,
      dedupeKey: dedupeKeyWithId((id) => mailDedupe.ownerLink(id, now)),
      recipient: sql`creator_email`,
      locale: sql`${locale}`,
      payload: sql`json_set(${template}, '$.stoneId', id, '$.title', title)`,
      subject: sql`replace(${subject}, ${marker}, title)`,
    },
    sql`FROM stones WHERE code = ${code} AND lower(creator_email) = lower(${email})`,
    now,
  );
}

/** The row a mail token acts on, by its purpose: the stone (mute), its subscription, or the collection's follower. */
const TARGETS: Record<MailTokenPurpose, string> = {
  mute: 'stones',
  confirm: 'subscriptions',
  unsubscribe: 'subscriptions',
  'confirm-collection': 'collection_subscriptions',
  'unsubscribe-collection': 'collection_subscriptions',
  'unsubscribe-letter': 'email_outbox',
};

/**
 * A mail link's token, stored only while what it acts on exists: a stone deleted (or an address unsubscribed) while
 * its mail was being sent leaves no token naming it. Throws then: the mail is not sent, and its next attempt finds
 * nobody waiting for it.
 */
export async function insertMailToken(db: Db, row: typeof mailTokens.$inferInsert): Promise<void> {
  const createdAt = row.createdAt ?? new Date();
  const inserted = await db
    .insert(mailTokens)
    .select(
      sql`SELECT ${row.tokenHash}, ${row.purpose}, ${row.targetId}, ${row.expiresAt.getTime()}, ${createdAt.getTime()} WHERE EXISTS (SELECT 1 FROM ${sql.raw(TARGETS[row.purpose])} WHERE id = ${row.targetId})`,
    )
    .returning({ tokenHash: mailTokens.tokenHash });
  if (inserted.length === 0) throw new Error(`the ${row.purpose} link's target is gone`);
}

export async function insertOwnerToken(db: Db, row: typeof ownerTokens.$inferInsert): Promise<void> {
  await db.insert(ownerTokens).values(row);
}

export async function insertCollectionOwnerToken(db: Db, row: typeof collectionOwnerTokens.$inferInsert): Promise<void> {
  await db.insert(collectionOwnerTokens).values(row);
}

/** Removes the tokens a mail made when the mail did not go out: nobody holds them. */
export async function dropMintedTokens(db: Db, minted: MintedTokens): Promise<void> {
  if (minted.mail.length) await db.delete(mailTokens).where(inArray(mailTokens.tokenHash, minted.mail));
  if (minted.owner.length) await db.delete(ownerTokens).where(inArray(ownerTokens.tokenHash, minted.owner));
  if (minted.collectionOwner.length)
    await db.delete(collectionOwnerTokens).where(inArray(collectionOwnerTokens.tokenHash, minted.collectionOwner));
}

/** The unexpired mail token with this hash and one of `purposes`, or undefined. */
export function unexpiredMailToken(db: Db, tokenHash: string, purposes: MailTokenPurpose[], now: number) {
  return db
    .select({ purpose: mailTokens.purpose, targetId: mailTokens.targetId })
    .from(mailTokens)
    .where(and(eq(mailTokens.tokenHash, tokenHash), inArray(mailTokens.purpose, purposes), gt(mailTokens.expiresAt, new Date(now))))
    .get();
}

/** The outbox's counts for `/healthz`: when the oldest unsent row was written, how many failed, how many lately. */
export function outboxCounts(db: Db, since: number) {
  return (
    db
      .select({
        oldest: sql<number | null>`min(case when ${emailOutbox.status} in ('pending', 'sending') then ${emailOutbox.createdAt} end)`,
        failed: sql<number>`coalesce(sum(${emailOutbox.status} = 'failed'), 0)`,
        failedLast24h: sql<number>`coalesce(sum(${emailOutbox.status} = 'failed' and ${emailOutbox.createdAt} > ${since}), 0)`,
      })
      .from(emailOutbox)
      // Only the rows that are not done (a queue's backlog) and the failed ones (kept a month): the sent ones, most
      // of the table, are never read (email_outbox_status_created_idx).
      .where(inArray(emailOutbox.status, ['pending', 'sending', 'failed']))
  );
}
