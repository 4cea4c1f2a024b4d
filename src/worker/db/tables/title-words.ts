import { index, integer, primaryKey, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import { stones } from './stones';

/**
 * The words of every stone's title (shared/title-words.ts says what a word is), for the operator's search: one row
 * per distinct word of a title, with the stone's creation time so that the words of one spelling come newest first
 * from their index. Written in the same batch as every write of a title (db/title-words.ts `reindexTitles`), gone with
 * the stone (the erasure deletes them; the foreign key too). Migration 0015 makes the table WITHOUT ROWID: the key
 * holds every column, so the table is its key and the word index, and nothing else.
 */
export const stoneTitleWords = sqliteTable(
  'stone_title_words',
  {
    /** The stone, by its code (unique and never changed; 11 characters where the id has 36, in both of the table's keys). */
    stoneCode: text('stone_code')
      .notNull()
      .references(() => stones.code, { onDelete: 'cascade' }),
    word: text('word').notNull(),
    /** The stone's `created_at` (never changes): the table's order, newest first, as the stones' own. */
    createdAt: integer('created_at', { mode: 'timestamp_ms' }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.stoneCode, t.word] }),
    // A word's stones newest first (created_at, then the code, as the table of stones); a prefix is one range of it.
    index('stone_title_words_word_idx').on(t.word, t.createdAt, t.stoneCode),
  ],
);
