import { type SQL, sql } from 'drizzle-orm';
import type { BatchItem } from 'drizzle-orm/batch';
import { CASE_RANGES, DROPPED_RANGE, FOLDS, SEPARATOR_RANGES } from '../../shared/title-words';
import type { Db } from './client';
import { stones, stoneTitleWords } from './schema';

/*
 * The title's words in SQL, by the rules of shared/title-words.ts (which the search's words follow): a walk over
 * each title one character at a time, a recursive CTE that carries the word being read and hands over each finished
 * one. The database writes the words from the title it holds, in the same batch as the title, so the index always
 * says what the row says. Migration 0015 ran the same statement over every stone (`TITLE_WORDS_BACKFILL`).
 */

/** The code point of the character the walk is at (the walk carries it, so it is read once). */
const AT = 'at';

const inRange = ([from, to]: readonly [number, number, ...number[]]) =>
  from === to ? `${AT} = ${from}` : `${AT} BETWEEN ${from} AND ${to}`;

/** Whether the character separates words; a lower-case ASCII letter is asked first, as most are. */
const SEPARATES = `(${AT} NOT BETWEEN 97 AND 122 AND (${SEPARATOR_RANGES.map(inRange).join(' OR ')}))`;

/** The letters that fold, and what each folds to in two characters (padded with a space: `ä` is `ae`, `é` is `e `). */
const FOLDED_FROM = [...FOLDS.keys()].map((cp) => String.fromCodePoint(cp)).join('');
const FOLDED_TO = [...FOLDS.values()].map((folded) => folded.padEnd(2)).join('');

/** The character's part of a word: itself, dropped, lower-cased, or folded. */
const PART = [
  `CASE WHEN ${AT} BETWEEN 97 AND 122 OR ${AT} BETWEEN 48 AND 57 THEN char(${AT})`,
  `WHEN ${inRange(DROPPED_RANGE)} THEN ''`,
  ...CASE_RANGES.map((range) => `WHEN ${inRange(range)} THEN char(${AT} + ${range[2]})`),
  `WHEN instr('${FOLDED_FROM}', char(${AT})) > 0 THEN rtrim(substr('${FOLDED_TO}', 2 * instr('${FOLDED_FROM}', char(${AT})) - 1, 2))`,
  `ELSE char(${AT}) END`,
].join(' ');

/** The words' select (stone_code, word, created_at) before the stones' condition. */
const HEAD =
  "WITH RECURSIVE walk(stone_code, created_at, rest, at, word, done) AS (SELECT code, created_at, title || ' ', unicode(title || ' '), '', NULL FROM stones WHERE";

/** And after it. */
const TAIL = ` UNION ALL SELECT stone_code, created_at, substr(rest, 2), unicode(substr(rest, 2)), CASE WHEN ${SEPARATES} THEN '' ELSE word || ${PART} END, CASE WHEN word <> '' AND ${SEPARATES} THEN word END FROM walk WHERE rest <> '') SELECT stone_code, done, created_at FROM walk WHERE done IS NOT NULL`;

/**
 * Migration 0015's statements: the words of every stone's title, one statement per first character of the code (a
 * range of its index; codes are hexadecimal), so that none runs long at a million stones.
 */
const BOUNDS = [...'123456789ABCDEF'];
export const TITLE_WORDS_BACKFILL: string[] = [undefined, ...BOUNDS].map((from, i) => {
  const to = BOUNDS[i];
  const where = [from && `code >= '${from}'`, to && `code < '${to}'`].filter(Boolean).join(' AND ');
  return `INSERT OR IGNORE INTO stone_title_words (stone_code, word, created_at) ${HEAD} ${where}${TAIL};`;
});

/** The statement that writes the words of the titles of the stones `where` selects (a word already there stays). */
export function indexTitles(db: Db, where: SQL): BatchItem<'sqlite'> {
  // A query builder's insert, not db.run(): Drizzle's D1 batch cannot bind the parameters of a raw statement.
  return db
    .insert(stoneTitleWords)
    .select(sql`${sql.raw(HEAD)} ${where}${sql.raw(TAIL)}`)
    .onConflictDoNothing();
}

/**
 * The statements that make the word index say what the titles of the stones `where` selects say: their old words
 * go, their titles' words come. Run them in the batch that writes the titles, after those writes.
 */
export function reindexTitles(db: Db, where: SQL): [BatchItem<'sqlite'>, BatchItem<'sqlite'>] {
  return [
    db.delete(stoneTitleWords).where(sql`${stoneTitleWords.stoneCode} IN (SELECT ${stones.code} FROM ${stones} WHERE ${where})`),
    indexTitles(db, where),
  ];
}
