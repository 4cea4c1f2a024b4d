import { and, eq, inArray, isNull, lt, or, type SQL, sql } from 'drizzle-orm';
import type { Locale } from '../../shared/i18n/locale';
import type { Db } from '../db/client';
import { emailOutbox, mailTokens, subscriptions } from '../db/schema';
import { text } from '../lib/i18n';
import { log } from '../lib/logger';
import type { FindFacts, MailJob } from './jobs';

/** The queue message: only the outbox row's id (the row holds everything else). */
export interface MailMessage {
  outboxId: string;
}

/** A row still pending this long after it was queued lost its queue message: the cron queues it again. */
export const REQUEUE_AFTER_MS = 5 * 60 * 1000;
/** A row claimed this long ago by a consumer that never finished (crashed) is sent again. */
export const STALE_CLAIM_MS = 10 * 60 * 1000;
/** Unconfirmed subscriptions are deleted after this long. */
export const UNCONFIRMED_TTL_MS = 7 * 24 * 60 * 60 * 1000;
/** Sent (and skipped) rows are kept this long, then deleted: they hold recipients' addresses. */
export const SENT_RETENTION_MS = 30 * 24 * 60 * 60 * 1000;

const day = (at: Date) => at.toISOString().slice(0, 10);
const hour = (at: Date) => at.toISOString().slice(0, 13);

const subjectOf = (job: MailJob, locale: Locale): string => {
  const names = { title: job.title, code: job.code };
  switch (job.kind) {
    case 'stone-created':
      return text(locale, 'mail.created.subject', names);
    case 'find-owner':
      return text(locale, 'mail.find.ownerSubject', names);
    case 'find-subscriber':
      return text(locale, 'mail.find.subscriberSubject', names);
    case 'confirm':
      return text(locale, job.follow ? 'mail.follow.subject' : 'mail.confirm.subject', names);
    case 'owner-link':
      return text(locale, 'mail.owner.subject', names);
  }
};

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
 * dedupe key deciding what was written already.
 */
function insertMailsFrom(
  db: Db,
  kind: MailJob['kind'],
  columns: { id: SQL; dedupeKey: SQL; recipient: SQL; locale: SQL; payload: SQL; subject: SQL },
  from: SQL,
  now: Date,
) {
  const at = now.getTime();
  return db
    .insert(emailOutbox)
    .select(
      sql`SELECT ${columns.id}, ${columns.dedupeKey}, ${kind}, ${columns.recipient}, ${columns.locale}, ${columns.payload}, ${columns.subject}, 'pending', 0, NULL, ${at}, ${at}, NULL, NULL ${from}`,
    )
    .onConflictDoNothing({ target: emailOutbox.dedupeKey })
    .returning({ id: emailOutbox.id });
}

const randomId = sql`lower(hex(randomblob(16)))`;

/** Subject per language for statements that write rows for many recipients at once. */
const subjectByLocale = (make: (locale: Locale) => string) => sql`CASE locale WHEN 'de' THEN ${make('de')} ELSE ${make('en')} END`;

export const mailDedupe = {
  created: (stoneId: string) => `created:${stoneId}`,
  findOwner: (findId: string) => `find:${findId}:owner`,
  /** One confirmation per subscription and day: asking again the same day sends nothing more. */
  confirm: (subscriptionId: string, now: Date) => `confirm:${subscriptionId}:${day(now)}`,
  /** At most one owner-link mail per stone and hour, whoever asks how often. */
  ownerLink: (stoneId: string, now: Date) => `owner-link:${stoneId}:${hour(now)}`,
};

/**
 * How a find mail statement learns what only the find's own batch knows: whether the find was written (a repeated
 * send writes no mail), the stone's distance after it and the find's plausibility flag.
 */
export interface FindMailState {
  onlyIf: SQL;
  totalDistanceKm: SQL;
  flag: SQL;
}

const withFindState = (payload: SQL, state: FindMailState) =>
  sql`json_set(${payload}, '$.find.totalDistanceKm', ${state.totalDistanceKm}, '$.find.flag', ${state.flag})`;

/**
 * The find mail to the owner (only while the stone's find mails are on), in the owner's language: one
 * statement, so the row is written with the find or not at all.
 */
export function insertOwnerFindMail(
  db: Db,
  stoneId: string,
  findId: string,
  job: { code: string; title: string; find: FindFacts },
  now: Date,
  state: FindMailState,
) {
  const payload = JSON.stringify({ kind: 'find-owner', stoneId, ...job } satisfies MailJob);
  const subject = subjectByLocale((locale) => subjectOf({ kind: 'find-owner', stoneId, ...job }, locale));
  return insertMailsFrom(
    db,
    'find-owner',
    {
      id: randomId,
      dedupeKey: sql`${mailDedupe.findOwner(findId)}`,
      recipient: sql`creator_email`,
      locale: sql`locale`,
      payload: withFindState(sql`${payload}`, state),
      subject,
    },
    sql`FROM stones WHERE id = ${stoneId} AND notify_on_find = 1 AND ${state.onlyIf}`,
    now,
  );
}

/** One find mail per confirmed subscriber of the stone, each in its reader's language, in one statement. */
export function insertSubscriberFindMails(
  db: Db,
  stoneId: string,
  findId: string,
  job: { code: string; title: string; find: FindFacts },
  now: Date,
  state: FindMailState,
) {
  const template = JSON.stringify({ kind: 'find-subscriber', subscriptionId: '', ...job } satisfies MailJob);
  const subject = subjectByLocale((locale) => subjectOf({ kind: 'find-subscriber', subscriptionId: '', ...job }, locale));
  return insertMailsFrom(
    db,
    'find-subscriber',
    {
      id: randomId,
      dedupeKey: sql`${`find:${findId}:sub:`} || id`,
      recipient: sql`email`,
      locale: sql`locale`,
      payload: withFindState(sql`json_set(${template}, '$.subscriptionId', id)`, state),
      subject,
    },
    sql`FROM subscriptions WHERE stone_id = ${stoneId} AND confirmed_at IS NOT NULL AND ${state.onlyIf}`,
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
  const template = JSON.stringify({
    kind: 'confirm',
    subscriptionId: '',
    code: input.code,
    title: input.title,
    follow: input.follow,
  } satisfies MailJob);
  const subject = subjectByLocale((locale) =>
    subjectOf({ kind: 'confirm', subscriptionId: '', code: input.code, title: input.title, follow: input.follow }, locale),
  );
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
        dedupeKey: sql`'confirm:' || id || ${`:${day(now)}`}`,
        recipient: sql`email`,
        locale: sql`locale`,
        payload: sql`json_set(${template}, '$.subscriptionId', id)`,
        subject,
      },
      sql`FROM subscriptions WHERE stone_id = ${input.stoneId} AND email = ${email} AND confirmed_at IS NULL`,
      now,
    ),
  ] as const;
}

/**
 * "Send me my owner link": a mail to the stone's creator, only when `email` is the creator's address
 * (case-insensitive), at most one per stone and hour. One statement either way, so asking with a wrong address
 * costs the same and writes nothing.
 */
export function insertOwnerLinkMail(db: Db, code: string, email: string, locale: Locale, now = new Date()) {
  const template = JSON.stringify({ kind: 'owner-link', stoneId: '', code, title: '' } satisfies MailJob);
  // The title is the stone's, known only inside the statement: the catalog's subject gets it there.
  const marker = '\u0000title\u0000';
  const subject = subjectOf({ kind: 'owner-link', stoneId: '', code, title: marker }, locale);
  return insertMailsFrom(
    db,
    'owner-link',
    {
      id: randomId,
      dedupeKey: sql`'owner-link:' || id || ${`:${hour(now)}`}`,
      recipient: sql`creator_email`,
      locale: sql`${locale}`,
      payload: sql`json_set(${template}, '$.stoneId', id, '$.title', title)`,
      subject: sql`replace(${subject}, ${marker}, title)`,
    },
    sql`FROM stones WHERE code = ${code} AND lower(creator_email) = lower(${email})`,
    now,
  );
}

/**
 * Queues one message per written row. A failure loses nothing: the rows stay pending and the cron queues
 * them again after REQUEUE_AFTER_MS.
 */
export async function queueMails(queue: Queue, ids: string[]): Promise<void> {
  for (let i = 0; i < ids.length; i += 100) {
    const chunk = ids.slice(i, i + 100);
    try {
      await queue.sendBatch(chunk.map((outboxId) => ({ body: { outboxId } satisfies MailMessage })));
    } catch (error) {
      log.warn('mail not queued: the cron will queue it again', { count: chunk.length, error: String(error) });
    }
  }
}

/** Ids of the rows that the statements of a batch wrote (each answered `RETURNING id`). */
export const writtenIds = (...results: Array<Array<{ id: string }>>) => results.flat().map((row) => row.id);

/**
 * The cron's share of the mail pipeline: queue again what lost its message (or its consumer), delete
 * unconfirmed addresses after a week, expired link tokens, and old sent rows. Returns how many it re-queued.
 */
export async function maintainOutbox(db: Db, queue: Queue, now = new Date()): Promise<number> {
  const at = now.getTime();
  // At most a few hundred per run (the next run takes the rest): a queue outage must not make one huge write.
  const due = db
    .select({ id: emailOutbox.id })
    .from(emailOutbox)
    .where(
      or(
        and(eq(emailOutbox.status, 'pending'), lt(emailOutbox.queuedAt, new Date(at - REQUEUE_AFTER_MS))),
        and(eq(emailOutbox.status, 'sending'), lt(emailOutbox.claimedAt, new Date(at - STALE_CLAIM_MS))),
      ),
    )
    .limit(500);
  const stale = await db
    .update(emailOutbox)
    .set({ status: 'pending', queuedAt: now })
    .where(inArray(emailOutbox.id, due))
    .returning({ id: emailOutbox.id });
  if (stale.length) {
    log.warn('mail queued again', { count: stale.length });
    await queueMails(
      queue,
      stale.map((row) => row.id),
    );
  }
  const unconfirmedOld = and(isNull(subscriptions.confirmedAt), lt(subscriptions.createdAt, new Date(at - UNCONFIRMED_TTL_MS)));
  await db.batch([
    // Links of unconfirmed subscriptions that are about to go, then the subscriptions themselves.
    db
      .delete(mailTokens)
      .where(inArray(mailTokens.targetId, db.select({ id: subscriptions.id }).from(subscriptions).where(unconfirmedOld))),
    db.delete(subscriptions).where(unconfirmedOld),
    db.delete(mailTokens).where(lt(mailTokens.expiresAt, now)),
    db
      .delete(emailOutbox)
      .where(and(inArray(emailOutbox.status, ['sent', 'skipped']), lt(emailOutbox.createdAt, new Date(at - SENT_RETENTION_MS)))),
  ]);
  return stale.length;
}

/** The outbox as `/healthz` reports it: how long the oldest unsent mail has waited and how many failed. */
export async function outboxHealth(
  db: Db,
  now = new Date(),
): Promise<{ oldestUnsentSeconds: number | null; failed: number; failedLast24h: number }> {
  const dayAgo = now.getTime() - 24 * 60 * 60 * 1000;
  const row = await db
    .select({
      oldest: sql<number | null>`min(case when ${emailOutbox.status} in ('pending', 'sending') then ${emailOutbox.createdAt} end)`,
      failed: sql<number>`coalesce(sum(${emailOutbox.status} = 'failed'), 0)`,
      failedLast24h: sql<number>`coalesce(sum(${emailOutbox.status} = 'failed' and ${emailOutbox.createdAt} > ${dayAgo}), 0)`,
    })
    .from(emailOutbox)
    .get();
  const oldest = row?.oldest ?? null;
  return {
    oldestUnsentSeconds: oldest === null ? null : Math.max(0, Math.round((now.getTime() - oldest) / 1000)),
    failed: row?.failed ?? 0,
    failedLast24h: row?.failedLast24h ?? 0,
  };
}
