import { and, eq, lt, type SQL, sql } from 'drizzle-orm';
import type { LetterKind } from '../../shared/schemas/notify';
import { type Db, getDb } from '../db/client';
import { emailOutbox, letterRuns } from '../db/schema';
import { text } from '../lib/i18n';
import { log } from '../lib/logger';
import { berlinTime, digestSchedule } from '../settings/digest';
import { insertMemorialLetters } from './memorial';
import { queueMails } from './outbox';
import { randomId, subjectCase } from './queries';

/*
 * The daily and weekly letters (decision record 037). A find mail to a reader who chose a letter is written `held`
 * by the find's own batch, like any find mail; once a day the cron writes one letter row per recipient who has held
 * mails that a letter of that kind takes, and the queue consumer gathers them into the letter when it sends it
 * (letter-parts.ts). The letter is an outbox row like any mail: sent once, retried, listed when it fails.
 */

const RUNS_KEPT_MS = 30 * 24 * 60 * 60 * 1000;

/** What a letter row's payload says: its kind and the German calendar day it was written for. */
export interface LetterJob {
  kind: 'letter';
  letter: LetterKind;
  day: string;
}

/**
 * The current choice of the reader a held find mail (the row `row`: an alias, or the table's own name) was written
 * for: a push subscription's, the owner's (null when they turned find mails off), a confirmed follower's of the
 * stone or of the collection (null when they unsubscribed since).
 */
export const readerFrequency = (row = 'h') => {
  const h = sql.raw(row);
  return sql`CASE WHEN ${h}.recipient LIKE 'push:%' THEN (SELECT p.frequency FROM push_subscriptions p WHERE p.id = substr(${h}.recipient, 6)) ELSE CASE ${h}.kind
  WHEN 'find-owner' THEN (SELECT CASE WHEN s.notify_on_find = 1 THEN s.notify END FROM stones s WHERE s.id = json_extract(${h}.payload, '$.stoneId'))
  WHEN 'find-subscriber' THEN (SELECT x.frequency FROM subscriptions x WHERE x.id = json_extract(${h}.payload, '$.subscriptionId') AND x.confirmed_at IS NOT NULL)
  WHEN 'find-collection' THEN (SELECT x.frequency FROM collection_subscriptions x WHERE x.id = json_extract(${h}.payload, '$.subscriptionId') AND x.confirmed_at IS NOT NULL)
END END`;
};

/**
 * Which held mails a letter of `kind` takes: the weekly letter a weekly reader's, the daily letter a daily
 * reader's and those of a reader who chose `instant` since the mail was held (owed, not lost).
 */
export const takenBy = (kind: LetterKind, row = 'h'): SQL =>
  kind === 'weekly' ? sql`(${readerFrequency(row)}) = 'weekly'` : sql`(${readerFrequency(row)}) IN ('daily', 'instant')`;

/** One letter per recipient and kind and day. */
export const letterDedupe = (kind: LetterKind, day: string) => sql`${`letter:${kind}:${day}:`} || h.recipient`;

/**
 * The letters of `kind` for `day` as one statement (`WHERE true`: SQLite reads an upsert's ON after a FROM without
 * WHERE as a join's): a row per recipient with held mails it takes, in the language
 * of their newest held mail. Answers the rows written.
 */
function insertLetters(db: Db, kind: LetterKind, day: string, now: Date) {
  const at = now.getTime();
  const payload = JSON.stringify({ kind: 'letter', letter: kind, day } satisfies LetterJob);
  const subject = subjectCase((locale) => text(locale, `server.mail.letter.subject.${kind}`));
  return db
    .insert(emailOutbox)
    .select(
      sql`SELECT ${randomId}, ${letterDedupe(kind, day)}, 'letter', h.recipient, locale, ${payload}, ${subject}, 'pending', 0, NULL, ${at}, ${at}, NULL, NULL, NULL FROM (SELECT h.recipient, h.locale AS locale, max(h.created_at) FROM email_outbox h WHERE h.status = 'held' AND h.created_at <= ${at} AND ${takenBy(kind)} GROUP BY h.recipient) h WHERE true`,
    )
    .onConflictDoNothing({ target: emailOutbox.dedupeKey })
    .returning({ id: emailOutbox.id });
}

/** Held mails whose reader is gone or turned them off: no letter will take them. */
const skipOrphans = (db: Db) =>
  db
    .update(emailOutbox)
    .set({ status: 'skipped' })
    .where(and(eq(emailOutbox.status, 'held'), sql`(${readerFrequency('email_outbox')}) IS NULL`));

/**
 * The cron's step: at its first run after DIGEST_HOUR (Europe/Berlin), the day's letters (and on DIGEST_WEEKDAY the
 * week's) and the day's letters of the year (memorial.ts), each kind once a day: its rows and the run's record are one batch, so a second run that day, or one
 * racing this one, writes none. The letters are queued in messages of a hundred; the consumer renders them.
 * Answers how many letters were written.
 */
export async function writeLetters(env: Env, now: Date): Promise<number> {
  const schedule = digestSchedule(env);
  // The settings check refuses such a Worker; a development server is not checked, so say it here too.
  if (!schedule) throw new Error('DIGEST_HOUR or DIGEST_WEEKDAY is not a valid hour or weekday');
  const local = berlinTime(now);
  if (local.hour < schedule.hour) return 0;
  const kinds: Array<LetterKind | 'memorial'> = local.weekday === schedule.weekday ? ['daily', 'weekly'] : ['daily'];
  kinds.push('memorial');
  const db = getDb(env.DB);
  const ids: string[] = [];
  for (const kind of kinds) {
    const done = await db
      .select({ day: letterRuns.day })
      .from(letterRuns)
      .where(and(eq(letterRuns.letter, kind), eq(letterRuns.day, local.day)))
      .get();
    if (done) continue;
    if (kind === 'daily') await skipOrphans(db);
    const [letters] = await db.batch([
      kind === 'memorial' ? insertMemorialLetters(db, local.day, now) : insertLetters(db, kind, local.day, now),
      db.insert(letterRuns).values({ letter: kind, day: local.day, createdAt: now }),
      // The record of a day is needed while that day lasts: a month of them is plenty.
      db.delete(letterRuns).where(lt(letterRuns.createdAt, new Date(now.getTime() - RUNS_KEPT_MS))),
    ]);
    ids.push(...letters.map((row) => row.id));
  }
  if (ids.length) {
    log.info('letters written', { count: ids.length, day: local.day });
    await queueMails(env.EMAIL_QUEUE, ids);
  }
  return ids.length;
}
