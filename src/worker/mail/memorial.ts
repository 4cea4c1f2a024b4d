import { sql } from 'drizzle-orm';
import { memorialDayIn, memorialDaysOn } from '../../shared/schemas/memorial';
import type { Db } from '../db/client';
import { emailOutbox } from '../db/schema';
import { text } from '../lib/i18n';
import { berlinMidnight } from '../settings/digest';
import { randomId, subjectCase } from './queries';

/*
 * The letters of the year (decision record 039). On a stone's or a collection's memorial day its owner and the
 * followers who asked for it get one; without a day, the owner gets it on the creation's anniversary (a stone of a
 * collection is told in the collection's). The cron writes one row per recipient and day, naming what it tells;
 * the queue consumer reads the year and renders it (memorial-letter.ts).
 */

/** What a letter of the year tells a reader: a stone or collection they own, or one they follow (the follower's row). */
export interface MemorialSubject {
  t: 'stone' | 'collection' | 'follower' | 'collection-follower';
  id: string;
}

/** A letter of the year's payload: the German calendar day it was written for, and what it tells. */
export interface MemorialJob {
  kind: 'memorial';
  day: string;
  subjects: MemorialSubject[];
}

/** No stone is older than this year: the anniversaries are looked for from it on. */
const FIRST_YEAR = 2020;

const days = (day: string) =>
  sql.join(
    memorialDaysOn(day).map((d) => sql`${d}`),
    sql`, `,
  );

/**
 * Rows created on this calendar day in an earlier year (February 29 on February 28 of a common year), as ranges of
 * the creation time that its index answers. The bounds are computed numbers, written into the statement (D1 binds
 * at most 100 values).
 */
function createdOnThisDay(column: string, day: string) {
  const year = Number(day.slice(0, 4));
  const ranges: string[] = [];
  for (let y = FIRST_YEAR; y < year; y++)
    for (const monthDay of memorialDaysOn(day)) {
      const date = memorialDayIn(monthDay, y);
      if (date.slice(5) !== monthDay) continue; // February 29 in a common year: that year has none.
      const start = berlinMidnight(date);
      const end = berlinMidnight(new Date(start + 36 * 60 * 60 * 1000).toISOString().slice(0, 10));
      ranges.push(`(${column} >= ${start} AND ${column} < ${end})`);
    }
  return sql.raw(ranges.length ? ranges.join(' OR ') : '0');
}

/**
 * The day's letters of the year as one statement (four terms: D1 allows few in a compound SELECT). Every part is
 * read by an index: the day's (`memorial_day`) or the creation's ranges (`created_at`), one OR of them that SQLite
 * reads index by index; the unary `+` keeps it from reading all stones without a collection instead. a row per recipient naming everything it tells, in the language
 * of their newest reading. The dedupe key makes it once per recipient and day.
 */
export function insertMemorialLetters(db: Db, day: string, now: Date) {
  const at = now.getTime();
  const subject = subjectCase((locale) => text(locale, 'server.mail.memorial.subjectSoon'));
  const on = days(day);
  const subjects = sql`
    SELECT s.creator_email AS recipient, s.locale AS locale, s.created_at AS at, 'stone' AS t, s.id AS id FROM stones s
      WHERE s.memorial_letter = 1 AND (s.memorial_day IN (${on}) OR ${createdOnThisDay('s.created_at', day)})
        AND (s.memorial_day IN (${on}) OR (+s.memorial_day IS NULL AND +s.collection_id IS NULL))
    UNION ALL SELECT c.creator_email, c.locale, c.created_at, 'collection', c.id FROM collections c
      WHERE c.memorial_letter = 1 AND (c.memorial_day IN (${on}) OR ${createdOnThisDay('c.created_at', day)})
        AND (c.memorial_day IN (${on}) OR +c.memorial_day IS NULL)
    UNION ALL SELECT x.email, x.locale, x.created_at, 'follower', x.id FROM stones s JOIN subscriptions x ON x.stone_id = s.id
      WHERE s.memorial_day IN (${on}) AND x.memorial_letter = 1 AND x.confirmed_at IS NOT NULL
    UNION ALL SELECT x.email, x.locale, x.created_at, 'collection-follower', x.id FROM collections c
      JOIN collection_subscriptions x ON x.collection_id = c.id
      WHERE c.memorial_day IN (${on}) AND x.memorial_letter = 1 AND x.confirmed_at IS NOT NULL`;
  const payload = sql`json_object('kind', 'memorial', 'day', ${day}, 'subjects', json(m.subjects))`;
  return db
    .insert(emailOutbox)
    .select(
      sql`SELECT ${randomId}, ${`memorial:${day}:`} || m.recipient, 'memorial', m.recipient, m.locale, ${payload}, ${subject}, 'pending', 0, NULL, ${at}, ${at}, NULL, NULL, NULL FROM (SELECT recipient, locale, max(at), json_group_array(json_object('t', t, 'id', id)) AS subjects FROM (${subjects}) GROUP BY recipient) m WHERE true`,
    )
    .onConflictDoNothing({ target: emailOutbox.dedupeKey })
    .returning({ id: emailOutbox.id });
}
