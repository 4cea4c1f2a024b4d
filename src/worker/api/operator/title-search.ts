import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { stones } from '../../db/schema';
import { beyond, ordered, prefixRange, type Run, type StoneSource } from './stone-keys';

/*
 * A title search through the words' index (db/tables/title-words.ts): a stone matches when each of the search's
 * words starts one of its title's words. Its cost follows what the words are, never how many stones there are
 * (decision record 030, "The operator's table at size"):
 *
 * - One word leads, the one with the fewest stones (each word's count is read, at most SEARCH_COUNT_CAP + 1); the
 *   others are one seek each of a candidate's own words (the table's key).
 * - When the leading word has at most MAX_SPELLINGS spellings (words of titles that start with it: "maria" has
 *   maria, marianne…), each spelling's stones are read newest first from the index, a page's worth each.
 * - With more spellings (a short start: "m") and at most the cap of stones, those stones' words are read and
 *   ordered; with more stones than that, the stones are walked newest first and each asked for its words: with so
 *   many matching, a page is found after a few of them.
 */

/** The spellings of the leading word read one by one; beyond, it is read another way. */
export const MAX_SPELLINGS = 64;

const col = (alias: string, column: string) => sql.raw(`${alias}.${column}`);

/** A word of the search: its start, and its one spelling when it has only one (the titles' word it is, or starts). */
export interface SearchWord {
  prefix: string;
  only: string | null;
}

/**
 * Whether the stone (`at`, `code`) has a word starting with the word's start. A word of one spelling is one seek of
 * the words' index by its whole key, near the last one when the stones are asked in order (the table's key would do
 * too, but its pages are in the order of the codes: each seek another page); else one seek of the table's key.
 */
const hasWord = (at: SQL, code: SQL, word: SearchWord): SQL =>
  word.only !== null
    ? sql`EXISTS (SELECT 1 FROM stone_title_words o INDEXED BY stone_title_words_word_idx WHERE o.word = ${word.only} AND o.created_at = ${at} AND o.stone_code = ${code})`
    : sql`EXISTS (SELECT 1 FROM stone_title_words o WHERE o.stone_code = ${code} AND ${prefixRange(col('o', 'word'), word.prefix)})`;

/** " AND" each of `words` for the stone (`at`, `code`). */
const andHas = (at: SQL, code: SQL, words: SearchWord[]): SQL => sql.join(words.map((word) => sql` AND ${hasWord(at, code, word)}`));

/** The spellings that start with `prefix`, as a JSON array of at most MAX_SPELLINGS + 1: one seek of the index each. */
function spellings(prefix: string): SQL {
  const end = `${prefix}\u{10FFFF}`;
  return sql`(SELECT json_group_array(word) FROM (WITH RECURSIVE s(word) AS (SELECT (SELECT word FROM stone_title_words WHERE word >= ${prefix} AND word < ${end} ORDER BY word LIMIT 1) UNION ALL SELECT (SELECT word FROM stone_title_words WHERE word > s.word AND word < ${end} ORDER BY word LIMIT 1) FROM s WHERE s.word IS NOT NULL LIMIT ${MAX_SPELLINGS + 2}) SELECT word FROM s WHERE word IS NOT NULL))`;
}

/** The stones with a word starting with `prefix`, counted up to `cap` + 1. */
const countOf = (prefix: string, cap: number): SQL =>
  sql`(SELECT count(*) FROM (SELECT DISTINCT stone_code FROM stone_title_words WHERE ${prefixRange(sql.raw('word'), prefix)} LIMIT ${cap + 1}))`;

/**
 * A run read spelling by spelling: each spelling's run from the index, a window's worth (its bound, the window's last
 * key of that spelling, read once per spelling), then the window of all.
 */
export function bySpelling(list: string[], others: SearchWord[]) {
  return (run: Run): SQL => {
    const w = { at: col('w', 'created_at'), code: col('w', 'stone_code') };
    const w2 = { at: col('w2', 'created_at'), code: col('w2', 'stone_code') };
    const [cmp, edge] = run.dir === 'desc' ? ['>=', -1] : ['<=', Number.MAX_SAFE_INTEGER];
    const bound = sql`(SELECT ${w2.at} FROM stone_title_words w2 WHERE w2.word = v.value AND ${beyond(w2.at, w2.code, run)}${andHas(w2.at, w2.code, others)} ORDER BY ${w2.at} ${sql.raw(run.dir)}, ${w2.code} ${sql.raw(run.dir)} LIMIT 1 OFFSET ${run.offset + run.limit - 1})`;
    const bounds = sql`WITH b AS MATERIALIZED (SELECT v.value AS word, coalesce(${bound}, ${edge}) AS bound FROM json_each(${JSON.stringify(list)}) v)`;
    return sql`${bounds} SELECT DISTINCT ${w.at} AS at, ${w.code} AS code FROM b JOIN stone_title_words w ON w.word = b.word WHERE ${w.at} ${sql.raw(cmp)} b.bound AND ${beyond(w.at, w.code, run)}${andHas(w.at, w.code, others)} ${ordered(sql.raw('at'), sql.raw('code'), run)}`;
  };
}

/** A run read from the leading word's stones, all of them (at most the cap), in order. */
export function sorted(lead: string, others: SearchWord[]) {
  return (run: Run): SQL => {
    const w = { at: col('w', 'created_at'), code: col('w', 'stone_code') };
    return sql`SELECT DISTINCT ${w.at} AS at, ${w.code} AS code FROM stone_title_words w WHERE ${prefixRange(col('w', 'word'), lead)} AND ${beyond(w.at, w.code, run)}${andHas(w.at, w.code, others)} ${ordered(sql.raw('at'), sql.raw('code'), run)}`;
  };
}

/** A run read by walking the stones in order, each asked for the words. */
export function walked(words: SearchWord[]) {
  return (run: Run): SQL => {
    const at = sql`${stones.createdAt}`;
    const code = sql`${stones.code}`;
    return sql`SELECT ${at} AS at, ${code} AS code FROM ${stones} WHERE ${beyond(at, code, run)}${andHas(at, code, words)} ${ordered(at, code, run)}`;
  };
}

/** What the search reads of one word first: its stones (up to the cap + 1) and its spellings (up to MAX_SPELLINGS + 1). */
export const wordProbe = (db: Db, word: string, cap: number) =>
  db.select({ n: sql<number>`${countOf(word, cap)}`, spellings: sql<string>`${spellings(word)}` }).from(sql`(SELECT 1)`);

/** How many of the leading word's stones the count of several words asks for the others, at most. */
export const COUNT_READ_LIMIT = 2000;

/**
 * The stones with every word, counted up to the cap + 1: the leading word's stones, each asked for the others, at
 * most COUNT_READ_LIMIT of them (`cut` when the word has more: then the count says how many there are at least).
 */
export function countOfAll(lead: string, others: SearchWord[], cap: number): SQL {
  const leading = sql`SELECT stone_code, created_at FROM stone_title_words WHERE ${prefixRange(sql.raw('word'), lead)}`;
  const counted = sql`SELECT count(*) FROM (SELECT DISTINCT c.stone_code FROM (${leading} LIMIT ${COUNT_READ_LIMIT}) c WHERE 1${andHas(col('c', 'created_at'), col('c', 'stone_code'), others)} LIMIT ${cap + 1})`;
  // Whether the word has stones the count did not read: asked only when the count stayed under the cap.
  const cut = sql`(SELECT count(*) FROM (${leading} LIMIT ${COUNT_READ_LIMIT + 1})) > ${COUNT_READ_LIMIT}`;
  return sql`SELECT n, CASE WHEN n > ${cap} THEN 0 ELSE ${cut} END AS cut FROM (SELECT (${counted}) AS n)`;
}

/** The stones whose titles have every one of `words` (searchWords: distinct, none the start of another). */
export async function titleSource(db: Db, words: string[], cap: number): Promise<StoneSource> {
  const [first, ...rest] = words.map((word) => wordProbe(db, word, cap));
  if (!first) return { keys: () => sql`SELECT NULL AS at, NULL AS code WHERE 0`, counted: 0 };
  const probes = (await db.batch([first, ...rest])).map((rows, i) => {
    const list = JSON.parse(rows[0]?.spellings ?? '[]') as string[];
    return { n: rows[0]?.n ?? 0, list, word: { prefix: words[i] ?? '', only: list.length === 1 ? (list[0] ?? null) : null } };
  });
  // The leading word: the fewest stones (the longest of those, as `words` comes longest first).
  const lead = probes.reduce((best, probe, i) => (probe.n < (probes[best]?.n ?? 0) ? i : best), 0);
  const { n, list, word: leading } = probes[lead] ?? { n: 0, list: [], word: { prefix: '', only: null } };
  const others = probes.filter((_, i) => i !== lead).map((probe) => probe.word);
  const keys =
    list.length <= MAX_SPELLINGS
      ? bySpelling(list, others)
      : n <= cap
        ? sorted(leading.prefix, others)
        : walked(probes.map((probe) => probe.word));
  return others.length === 0 ? { keys, counted: n } : { keys, count: countOfAll(leading.prefix, others, cap) };
}
