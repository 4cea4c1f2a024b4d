import { sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { stones } from '../db/schema';
import { mailDedupe, subjectOf } from '../mail/builders';
import type { MailJob } from '../mail/jobs';
import { dedupeKeyWithId, insertMailsFrom, randomId, subjectCase } from '../mail/queries';

/**
 * Marks up to `limit` travelling stones not seen since `seenBefore` missing as of `now`, the longest unseen first
 * (index stones_status_last_seen_idx), and writes each owner one mail about it, in one batch: a stone is marked
 * together with its mail or not at all. Both statements pick the same stones (the same condition, one
 * transaction); the mail first, as the stones are still travelling then. Answers the mails' outbox ids.
 */
export async function markMissingStones(db: Db, now: Date, seenBefore: Date, limit: number): Promise<string[]> {
  const due = sql`SELECT id FROM stones WHERE status = 'travelling' AND last_seen_at < ${seenBefore.getTime()} ORDER BY last_seen_at LIMIT ${limit}`;
  // The title is each stone's own, known only inside the statement: the catalog's subject gets it there (a marker
  // without NUL characters, which the bound text loses on its way through D1).
  const marker = '[[title]]';
  const template = { kind: 'stone-missing', stoneId: '', code: '', title: marker, lastSeenAt: '', lastSeenPlace: null } satisfies MailJob;
  // Where it was last seen: its newest counted find (shown, and plausible or accepted), by the stone's find index;
  // no place while that find's precision waits for the cron's review (jobs/place-review.ts runs before this step).
  const place = sql`(SELECT CASE WHEN f.precision IS NULL THEN NULL ELSE f.location END FROM finds f WHERE f.stone_id = stones.id AND f.hidden = 0 AND (f.flag IS NULL OR f.flag_accepted = 1) ORDER BY f.seq DESC LIMIT 1)`;
  const [mails] = await db.batch([
    // To the creator whether or not their find mails are on: this mail is about the stone, not about a find.
    insertMailsFrom(
      db,
      'stone-missing',
      {
        id: randomId,
        dedupeKey: dedupeKeyWithId((id) => mailDedupe.missing(id, now)),
        recipient: sql`creator_email`,
        locale: sql`locale`,
        payload: sql`json_object('kind', 'stone-missing', 'stoneId', id, 'code', code, 'title', title, 'lastSeenAt', strftime('%Y-%m-%dT%H:%M:%fZ', last_seen_at / 1000.0, 'unixepoch'), 'lastSeenPlace', ${place})`,
        subject: sql`replace(${subjectCase((locale) => subjectOf(template, locale))}, ${marker}, title)`,
      },
      sql`FROM stones WHERE id IN (${due})`,
      now,
    ),
    db.update(stones).set({ status: 'missing', statusSince: now }).where(sql`${stones.id} IN (${due})`),
  ]);
  return mails.map((row) => row.id);
}
