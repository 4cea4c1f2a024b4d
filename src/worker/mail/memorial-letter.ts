import { and, asc, desc, eq, gte, inArray, isNotNull, isNull, lt, or, sql } from 'drizzle-orm';
import { alias, type SQLiteColumn } from 'drizzle-orm/sqlite-core';
import { journeyKm } from '../../shared/geo';
import type { Locale } from '../../shared/i18n/locale';
import { memorialDayIn, memorialDaysOn } from '../../shared/schemas/memorial';
import { collectionShareImagePath, stoneShareImagePath } from '../../shared/share-image';
import type { Db } from '../db/client';
import { collectionSubscriptions, collections, finds, stones, subscriptions } from '../db/schema';
import { berlinMidnight, berlinTime } from '../settings/digest';
import { letterLinks } from './letter-parts';
import type { LetterReader } from './letter-render';
import type { MemorialJob, MemorialSubject } from './memorial';
import { renderMemorial, type YearSubject } from './memorial-render';
import type { OutboxRow } from './send-queries';
import type { MintedTokens } from './tokens';

/** What one letter tells at most per kind of subject (D1's bound values; nobody follows more on one day). */
const SUBJECTS_READ = 50;

type FindColumns = { hidden: SQLiteColumn; flag: SQLiteColumn; flagAccepted: SQLiteColumn };
/** A counted find: shown, and not flagged unless the flag was accepted. */
const counted = (f: FindColumns) => and(eq(f.hidden, false), or(isNull(f.flag), eq(f.flagAccepted, true)));

/** A stone or collection as the letter reads it, before its year is counted. */
type Told = Omit<YearSubject, 'since' | 'finds' | 'km' | 'countries' | 'places'> & {
  monthDay: string;
  createdAt: Date;
  collectionId: string | null;
};

// A follower's row is named apart from its stone's (`reader_id`): a batch's rows come back keyed by column name.
const ids = (subjects: MemorialSubject[], t: MemorialSubject['t']) =>
  [...new Set(subjects.filter((s) => s.t === t).map((s) => s.id)), '-'].slice(0, SUBJECTS_READ);

const stoneColumns = {
  id: stones.id,
  code: stones.code,
  title: stones.title,
  collectionId: stones.collectionId,
  memorialDay: stones.memorialDay,
  createdAt: stones.createdAt,
  shareCard: stones.shareCard,
  totalKm: stones.totalDistanceKm,
  totalFinds: sql<number>`${stones.findSeq} - ${stones.hiddenFindCount}`,
};
const collectionColumns = {
  id: collections.id,
  title: collections.title,
  memorialDay: collections.memorialDay,
  createdAt: collections.createdAt,
  shareCard: collections.shareCard,
  totalKm: sql<number>`(SELECT coalesce(sum(s.total_distance_km), 0) FROM stones s WHERE s.collection_id = ${collections.id})`,
  totalFinds: sql<number>`(SELECT coalesce(sum(s.find_seq - s.hidden_find_count), 0) FROM stones s WHERE s.collection_id = ${collections.id})`,
};

/**
 * The letter's stones and collections as they are now, each once (an owner who also follows reads it as the owner;
 * a stone of a collection the letter tells is told there): only those whose reader still wants the letter and
 * whose day it still is (a day changed since the cron wrote the letter does not count).
 */
async function readSubjects(db: Db, job: MemorialJob): Promise<Told[]> {
  const [owned, followed, ownedSets, followedSets] = await db.batch([
    db
      .select(stoneColumns)
      .from(stones)
      .where(and(inArray(stones.id, ids(job.subjects, 'stone')), eq(stones.memorialLetter, true))),
    db
      .select({ ...stoneColumns, readerId: sql<string>`${subscriptions.id}`.as('reader_id') })
      .from(subscriptions)
      .innerJoin(stones, eq(stones.id, subscriptions.stoneId))
      .where(
        and(
          inArray(subscriptions.id, ids(job.subjects, 'follower')),
          eq(subscriptions.memorialLetter, true),
          isNotNull(subscriptions.confirmedAt),
        ),
      ),
    db
      .select(collectionColumns)
      .from(collections)
      .where(and(inArray(collections.id, ids(job.subjects, 'collection')), eq(collections.memorialLetter, true))),
    db
      .select({ ...collectionColumns, readerId: sql<string>`${collectionSubscriptions.id}`.as('reader_id') })
      .from(collectionSubscriptions)
      .innerJoin(collections, eq(collections.id, collectionSubscriptions.collectionId))
      .where(
        and(
          inArray(collectionSubscriptions.id, ids(job.subjects, 'collection-follower')),
          eq(collectionSubscriptions.memorialLetter, true),
          isNotNull(collectionSubscriptions.confirmedAt),
        ),
      ),
  ]);
  const today = memorialDaysOn(job.day);
  const told = new Map<string, Told>();
  const add = (key: string, subject: Told, owner: boolean) => {
    // Followers hear only on a day the owner entered; the owner also on the creation's anniversary.
    if (!today.includes(subject.monthDay) || (!owner && subject.anniversary)) return;
    if (!told.has(key) || owner) told.set(key, subject);
  };
  const base = (row: (typeof owned)[number] | (typeof ownedSets)[number], kind: 'stone' | 'collection') => ({
    kind,
    id: row.id,
    code: 'code' in row ? row.code : null,
    title: row.title,
    collectionId: 'collectionId' in row ? row.collectionId : null,
    createdAt: row.createdAt,
    monthDay: row.memorialDay ?? berlinTime(row.createdAt).day.slice(5),
    anniversary: row.memorialDay === null,
    years: Number(job.day.slice(0, 4)) - Number(berlinTime(row.createdAt).day.slice(0, 4)),
    card: row.shareCard
      ? 'code' in row
        ? stoneShareImagePath(row.code, row.shareCard)
        : collectionShareImagePath(row.id, row.shareCard)
      : null,
    totalKm: row.totalKm,
    totalFinds: row.totalFinds,
  });
  for (const row of owned)
    if (row.memorialDay !== null || row.collectionId === null)
      add(`s:${row.id}`, { ...base(row, 'stone'), owner: true, reader: { title: row.title, purpose: 'mute', targetId: row.id } }, true);
  for (const row of followed)
    add(
      `s:${row.id}`,
      { ...base(row, 'stone'), owner: false, reader: { title: row.title, purpose: 'unsubscribe', targetId: row.readerId } },
      false,
    );
  // The collection's owner chooses on the collection's owner page: the letter says so, with no link.
  for (const row of ownedSets) add(`c:${row.id}`, { ...base(row, 'collection'), owner: true, reader: null }, true);
  for (const row of followedSets)
    add(
      `c:${row.id}`,
      { ...base(row, 'collection'), owner: false, reader: { title: row.title, purpose: 'unsubscribe-collection', targetId: row.readerId } },
      false,
    );
  return [...told.values()].filter((s) => s.kind === 'collection' || s.collectionId === null || !told.has(`c:${s.collectionId}`));
}

/** Since when a letter of `day` counts: the same day a year before, or the creation when that is later. */
function sinceOf(subject: Told, day: string): number {
  const lastYear = berlinMidnight(memorialDayIn(subject.monthDay, Number(day.slice(0, 4)) - 1));
  return Math.max(lastYear, subject.createdAt.getTime());
}

/**
 * The subject's counted finds since `since`, and for each of its stones the last counted one with a position before
 * it (where the year's first leg starts).
 */
function yearFinds(db: Db, subject: Told, since: number) {
  const p = alias(finds, 'p');
  const legStart = db
    .select({ id: p.id })
    .from(p)
    .where(and(eq(p.stoneId, finds.stoneId), lt(p.createdAt, new Date(since)), counted(p), isNotNull(p.latitude)))
    .orderBy(desc(p.seq))
    .limit(1);
  const scope =
    subject.kind === 'stone'
      ? eq(finds.stoneId, subject.id)
      : inArray(finds.stoneId, db.select({ id: stones.id }).from(stones).where(eq(stones.collectionId, subject.id)));
  return db
    .select({
      stoneId: finds.stoneId,
      latitude: finds.latitude,
      longitude: finds.longitude,
      location: finds.location,
      countryCode: finds.countryCode,
      createdAt: finds.createdAt,
    })
    .from(finds)
    .where(and(scope, counted(finds), or(gte(finds.createdAt, new Date(since)), eq(finds.id, legStart))))
    .orderBy(asc(finds.stoneId), asc(finds.seq));
}

type FindRow = Awaited<ReturnType<ReturnType<typeof yearFinds>['all']>>[number];

/** The year of one subject: its finds since `since`, the kilometres of their legs, the countries and places. */
function countYear(subject: Told, rows: FindRow[], since: number): YearSubject {
  const inYear = rows.filter((row) => row.createdAt.getTime() >= since);
  const byStone = new Map<string, FindRow[]>();
  for (const row of rows) byStone.set(row.stoneId, [...(byStone.get(row.stoneId) ?? []), row]);
  const km = [...byStone.values()].reduce((sum, legs) => sum + journeyKm(legs), 0);
  const ordered = [...inYear].sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime());
  const { monthDay: _m, createdAt: _c, collectionId: _i, ...rest } = subject;
  return {
    ...rest,
    since,
    finds: inYear.length,
    km,
    countries: [...new Set(ordered.flatMap((row) => (row.countryCode ? [row.countryCode] : [])))],
    places: [...new Set(ordered.map((row) => row.location))],
  };
}

/**
 * A letter of the year as the mail to send: what it tells read now, each with its year counted; nothing found in
 * any of them: no letter (null). Its links minted, rendered in the recipient's language.
 */
export async function composeMemorial(db: Db, env: Env, row: OutboxRow, minted: MintedTokens, now: Date) {
  const job = JSON.parse(row.payload) as MemorialJob;
  const subjects = await readSubjects(db, job);
  if (subjects.length === 0) return null;
  const since = subjects.map((subject) => sinceOf(subject, job.day));
  const [first, ...rest] = subjects.map((subject, i) => yearFinds(db, subject, since[i] ?? 0));
  if (!first) return null;
  const reads = await db.batch([first, ...rest]);
  const years = subjects.map((subject, i) => countYear(subject, reads[i] ?? [], since[i] ?? 0)).filter((year) => year.finds > 0);
  if (years.length === 0) return null;
  const readers = new Map<string, LetterReader>();
  for (const year of years) if (year.reader) readers.set(year.reader.targetId, year.reader);
  const links = await letterLinks(db, env, minted, row.id, readers, now);
  return renderMemorial({ subjects: years, ...links }, links.site, row.locale as Locale, env.PRODUCT_NAME);
}
