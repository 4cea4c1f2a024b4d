/**
 * The words of a title (shared/title-words.ts) and the same rules in SQL (worker/db/title-words.ts), which migration
 * 0015 and every write of a title run: they must find the same words, or a search would miss what the index holds.
 */
import { readFileSync } from 'node:fs';
import { DatabaseSync } from 'node:sqlite';
import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { decodeCursor, encodeCursor, stoneListQuerySchema } from '../../src/shared/schemas/stone-list';
import { FOLDS, SEPARATOR_RANGES, searchWords, titleWords } from '../../src/shared/title-words';
import { TITLE_WORDS_BACKFILL } from '../../src/worker/db/title-words';

/** A database with the two tables the statements read and write, as migration 0015 leaves them. */
function database(): DatabaseSync {
  const db = new DatabaseSync(':memory:');
  db.exec(`CREATE TABLE stones (code text PRIMARY KEY, title text NOT NULL, created_at integer NOT NULL);
    CREATE TABLE stone_title_words (stone_code text NOT NULL, word text NOT NULL, created_at integer NOT NULL,
      PRIMARY KEY (stone_code, word)) WITHOUT ROWID;`);
  return db;
}

/** The words SQL found for each title, in the order the titles were given. */
function sqlWords(titles: string[]): string[][] {
  const db = database();
  const insert = db.prepare('INSERT INTO stones (code, title, created_at) VALUES (?, ?, ?)');
  // Codes of every first character, so that every statement of the backfill has stones to read.
  const codes = titles.map(
    (_, i) => `${(i % 16).toString(16).toUpperCase()}${(i >> 4).toString(16).toUpperCase().padStart(2, '0')}-000-000`,
  );
  for (const [i, title] of titles.entries()) insert.run(codes[i] ?? '', title, i);
  for (const statement of TITLE_WORDS_BACKFILL) db.exec(statement);
  const read = db.prepare('SELECT word FROM stone_title_words WHERE stone_code = ? ORDER BY word');
  return codes.map((code) => read.all(code).map((row) => String(row.word)));
}

/** A seeded generator of titles from every kind of character the rules name, and some they do not. */
function randomTitles(count: number, seed = 7): string[] {
  let state = seed;
  const next = () => {
    state = (Math.imul(state, 1_103_515_245) + 12_345) >>> 0;
    return state;
  };
  const pools = [
    'abcxyzABCXYZ0189 ',
    ' .,;:!?-_/\'"()[]{}%&@#*+=<>|~^`\\',
    [...FOLDS.keys()].map((cp) => String.fromCodePoint(cp)).join(''),
    'ΑΒΓΩαβγωАБВЯабвяЀЏѐџΈέ',
    '\u00a0\u00ab\u00bb\u00b7\u00d7\u00f7\u2013\u2014\u2019\u201e\u201c\u2026\u20ac\u2192\u2665\u3001\ufe0f',
    '🌻💐🕊️👨‍👩‍👧漢字かなעבריתعربي\u0301\u0308',
  ].map((pool) => [...pool]);
  return Array.from({ length: count }, () => {
    const length = next() % 40;
    return Array.from({ length }, () => {
      const pool = pools[next() % pools.length] ?? [];
      return pool[next() % pool.length];
    }).join('');
  });
}

describe('the words of a title', () => {
  it('splits on everything but letters and digits, lower-cases and folds as German spells without umlauts', () => {
    expect(titleWords('Für Oma Müller — 1944/45')).toEqual(['fuer', 'oma', 'mueller', '1944', '45']);
    expect(titleWords('STRASSE Straße ẞ')).toEqual(['strasse', 'ss']);
    expect(titleWords('Crème brûlée «à la» Łódź')).toEqual(['creme', 'brulee', 'a', 'la', 'lodz']);
    expect(titleWords('Opas Reisestein 100% 🌻💐')).toEqual(['opas', 'reisestein', '100']);
    expect(titleWords('ΩΜΕΓΑ Москва')).toEqual(['ωμεγα', 'москва']);
    // A combining mark is dropped: the base letter stays.
    expect(titleWords('Mu\u0308ller')).toEqual(['muller']);
    expect(titleWords(' … !!! ')).toEqual([]);
  });

  it('folds every letter of Latin-1 and Latin Extended-A to ASCII letters', () => {
    for (let cp = 0xc0; cp <= 0x17f; cp++) {
      if (SEPARATOR_RANGES.some(([from, to]) => cp >= from && cp <= to)) continue;
      expect(FOLDS.get(cp), String.fromCodePoint(cp)).toMatch(/^[a-z]{1,2}$/);
    }
  });

  it("keeps a search's words distinct, drops those another one starts with, longest first", () => {
    expect(searchWords('reise Reisestein oma')).toEqual(['reisestein', 'oma']);
    expect(searchWords('Müller mü MUELLER')).toEqual(['mueller']);
    expect(searchWords('a b ab')).toEqual(['ab', 'b']);
  });

  it('finds the same words in SQL as here, for every title', () => {
    const titles = [
      'Für Oma Müller — 1944/45',
      'STRASSE Straße ẞ',
      'Crème brûlée «à la» Łódź',
      'ΩΜΕΓΑ Москва Ѐ',
      'Mu\u0308ller',
      '',
      '🌻',
      'x  y',
      'a a A',
      ...randomTitles(400),
    ];
    const fromSql = sqlWords(titles);
    titles.forEach((title, i) => {
      expect(fromSql[i], JSON.stringify(title)).toEqual(titleWords(title).sort());
    });
  });

  it('is what migration 0015 runs, statement by statement', () => {
    const migration = readFileSync('migrations/0015_title_words.sql', 'utf8').split('--> statement-breakpoint');
    const statements = migration.map((part) => part.replace(/^\s*(--[^\n]*\n)*/, '').trim()).filter((part) => part.startsWith('INSERT'));
    expect(statements).toEqual(TITLE_WORDS_BACKFILL);
  });
});

describe("the operator table's cursors", () => {
  it('hand back the place they name, and nothing else', () => {
    const cursor = { at: 1_795_857_888_048, code: 'F3B-0C2-DE0' };
    expect(decodeCursor(encodeCursor(cursor))).toEqual(cursor);
    expect(decodeCursor(encodeCursor({ at: 0, code: '000-000-000' }))).toEqual({ at: 0, code: '000-000-000' });
    for (const bad of [
      '',
      'x',
      '12.',
      '.ABC-DEF-012',
      'zzzzzzzzzzzz.ABC-DEF-012',
      '1.abc-def-012',
      '1.ABCDEF012',
      '1.ABC-DEF-0123',
      '-1.ABC-DEF-012',
    ]) {
      expect(decodeCursor(bad), bad).toBeNull();
    }
  });

  it('take one place at a time, and `page` only as far as its bounded offset', () => {
    const parse = (query: Record<string, string>) => v.safeParse(stoneListQuerySchema, query).success;
    const after = encodeCursor({ at: 5, code: 'ABC-DEF-012' });
    expect(parse({ after })).toBe(true);
    expect(parse({ before: after, q: 'oma' })).toBe(true);
    expect(parse({ last: '1' })).toBe(true);
    expect(parse({ page: '21', pageSize: '50' })).toBe(true);
    expect(parse({ page: '22', pageSize: '50' })).toBe(false);
    expect(parse({ after, before: after })).toBe(false);
    expect(parse({ after, last: '1' })).toBe(false);
    expect(parse({ after, page: '2' })).toBe(false);
    expect(parse({ after: 'nonsense!' })).toBe(false);
    expect(parse({ q: 'a b c d e f g h' })).toBe(true);
    expect(parse({ q: 'a b c d e f g h i' })).toBe(false);
  });
});
