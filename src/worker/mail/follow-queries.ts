import { type SQL, sql } from 'drizzle-orm';
import type { Locale } from '../../shared/i18n/locale';
import type { Db } from '../db/client';
import { collectionSubscriptions, subscriptions } from '../db/schema';
import { mailDedupe, subjectOf } from './builders';
import type { CollectionNames, MailJob } from './jobs';
import { dedupeKeyWithId, insertMailsFrom, randomId, subjectCase } from './queries';

/**
 * The confirmation mail of an unconfirmed row that `from` selects (a stone's subscription, a collection's
 * follower), at most one per row and day; the row's own id goes into the job.
 */
function confirmationMail(db: Db, job: Extract<MailJob, { kind: 'confirm' | 'collection-confirm' }>, from: SQL, now: Date) {
  return insertMailsFrom(
    db,
    job.kind,
    {
      id: randomId,
      dedupeKey: dedupeKeyWithId((id) => mailDedupe.confirm(id, now)),
      recipient: sql`email`,
      locale: sql`locale`,
      payload: sql`json_set(${JSON.stringify(job)}, '$.subscriptionId', id)`,
      subject: subjectCase((locale) => subjectOf(job, locale)),
    },
    from,
    now,
  );
}

/**
 * A subscription request: the address is stored unconfirmed (or left as it is), and a confirmation mail is
 * written unless the address is confirmed already or had one today. Two statements for the caller's batch; the
 * answer never tells which case it was.
 */
export function subscribeStatements(
  db: Db,
  input: { stoneId: string; email: string; locale: Locale; code: string; title: string; follow: boolean },
  now = new Date(),
) {
  const email = input.email.toLowerCase();
  return [
    db
      .insert(subscriptions)
      .values({ id: crypto.randomUUID(), stoneId: input.stoneId, email, locale: input.locale })
      .onConflictDoNothing({ target: [subscriptions.stoneId, subscriptions.email] }),
    confirmationMail(
      db,
      { kind: 'confirm', subscriptionId: '', code: input.code, title: input.title, follow: input.follow },
      sql`FROM subscriptions WHERE stone_id = ${input.stoneId} AND email = ${email} AND confirmed_at IS NULL`,
      now,
    ),
  ] as const;
}

/**
 * Someone asks to follow a whole collection: as subscribeStatements for a stone, two statements for the caller's
 * batch, and the answer never tells which case it was.
 */
export function followCollectionStatements(
  db: Db,
  input: { collection: CollectionNames; email: string; locale: Locale },
  now = new Date(),
) {
  const email = input.email.toLowerCase();
  const { collection } = input;
  return [
    db
      .insert(collectionSubscriptions)
      .values({ id: crypto.randomUUID(), collectionId: collection.id, email, locale: input.locale })
      .onConflictDoNothing({ target: [collectionSubscriptions.collectionId, collectionSubscriptions.email] }),
    confirmationMail(
      db,
      { kind: 'collection-confirm', subscriptionId: '', collection, title: collection.title },
      sql`FROM collection_subscriptions WHERE collection_id = ${collection.id} AND email = ${email} AND confirmed_at IS NULL`,
      now,
    ),
  ] as const;
}
