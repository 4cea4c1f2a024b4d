import { sql } from 'drizzle-orm';
import type { Locale } from '../../shared/i18n/locale';
import type { Db } from '../db/client';
import { collectionSubscriptions, subscriptions } from '../db/schema';
import { mailDedupe, subjectOf } from './builders';
import type { CollectionNames, MailJob } from './jobs';
import { dedupeKeyWithId, insertMailsFrom, randomId, subjectCase } from './queries';

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
  const job = { kind: 'confirm', subscriptionId: '', code: input.code, title: input.title, follow: input.follow } satisfies MailJob;
  return [
    db
      .insert(subscriptions)
      .values({ id: crypto.randomUUID(), stoneId: input.stoneId, email, locale: input.locale })
      .onConflictDoNothing({ target: [subscriptions.stoneId, subscriptions.email] }),
    insertMailsFrom(
      db,
      'confirm',
      {
        id: randomId,
        dedupeKey: dedupeKeyWithId((id) => mailDedupe.confirm(id, now)),
        recipient: sql`email`,
        locale: sql`locale`,
        payload: sql`json_set(${JSON.stringify(job)}, '$.subscriptionId', id)`,
        subject: subjectCase((locale) => subjectOf(job, locale)),
      },
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
  const job = {
    kind: 'collection-confirm',
    subscriptionId: '',
    collection: input.collection,
    title: input.collection.title,
  } satisfies MailJob;
  return [
    db
      .insert(collectionSubscriptions)
      .values({ id: crypto.randomUUID(), collectionId: input.collection.id, email, locale: input.locale })
      .onConflictDoNothing({ target: [collectionSubscriptions.collectionId, collectionSubscriptions.email] }),
    insertMailsFrom(
      db,
      'collection-confirm',
      {
        id: randomId,
        dedupeKey: dedupeKeyWithId((id) => mailDedupe.confirm(id, now)),
        recipient: sql`email`,
        locale: sql`locale`,
        payload: sql`json_set(${JSON.stringify(job)}, '$.subscriptionId', id)`,
        subject: subjectCase((locale) => subjectOf(job, locale)),
      },
      sql`FROM collection_subscriptions WHERE collection_id = ${input.collection.id} AND email = ${email} AND confirmed_at IS NULL`,
      now,
    ),
  ] as const;
}
