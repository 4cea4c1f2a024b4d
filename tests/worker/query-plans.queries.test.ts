/**
 * Cost that stays flat at size: statements whose table grows with the site read it by an index, never
 * whole. Each is checked with SQLite's own plan (EXPLAIN QUERY PLAN): a `SCAN` of a growing table fails, and the
 * index the statement is meant to use is named.
 */
import { env } from 'cloudflare:test';
import { sql } from 'drizzle-orm';
import { SQLiteAsyncDialect } from 'drizzle-orm/sqlite-core';
import { describe, expect, it } from 'vitest';
import { COLLECTION_ID_ALPHABET } from '../../src/shared/collection';
import { collectionPrefixCounts, sitemapCollectionPrefixes, sitemapCollections } from '../../src/worker/api/collections/queries';
import { columnSource, keyed, NEWEST_END, OLDEST_END, type Run } from '../../src/worker/api/operator/stone-keys';
import { bySpelling, countOfAll, sorted, walked, wordProbe } from '../../src/worker/api/operator/title-search';
import { beginRecount, finishRecount, recountSlice } from '../../src/worker/api/statistics/recount';
import { journeyLine, journeyStops, lastCountedFind, publicFindsBefore, stoneOf } from '../../src/worker/api/stones/find-queries';
import { getDb } from '../../src/worker/db/client';
import { stones } from '../../src/worker/db/schema';
import { outboxCounts } from '../../src/worker/mail/queries';
import { deleteOldOutboxRows } from '../../src/worker/mail/send-queries';
import { insertCollection } from '../support/collections';

/** The tables that grow with stones (and their titles' words), finds, collections, followers and mails. */
const GROWING = ['stones', 'finds', 'collections', 'subscriptions', 'collection_subscriptions', 'email_outbox', 'stone_title_words'];

async function planOf({ sql, params }: { sql: string; params: unknown[] }): Promise<string> {
  const { results } = await env.DB.prepare(`EXPLAIN QUERY PLAN ${sql}`)
    .bind(...params)
    .all<{ detail: string }>();
  return results.map((row) => row.detail).join('\n');
}

/** The plan's full scans of growing tables (a covering index read in full counts too). */
const fullScans = (plan: string) =>
  plan.split('\n').filter((line) => GROWING.some((table) => new RegExp(`^SCAN ${table}\\b`).test(line.trim())));

describe('statements over growing tables read them by an index', () => {
  const db = getDb(env.DB);

  it('the check sees a full scan when there is one', async () => {
    expect(
      fullScans(await planOf({ sql: 'SELECT count(*) FROM email_outbox WHERE recipient = ?', params: ['a@example.org'] })),
    ).toHaveLength(1);
    // Walking a whole index is a full read too; a seek by the key is not.
    expect(fullScans(await planOf({ sql: 'SELECT id FROM collections ORDER BY created_at', params: [] }))).toHaveLength(1);
    expect(fullScans(await planOf({ sql: 'SELECT title FROM collections WHERE id = ?', params: ['a222222222'] }))).toEqual([]);
  });

  it("/healthz's look at the outbox reads the unsent and failed rows only", async () => {
    const plan = await planOf(outboxCounts(db, Date.now()).toSQL());
    expect(fullScans(plan)).toEqual([]);
    expect(plan).toMatch(/email_outbox_status_created_idx|email_outbox_status_idx/);
  });

  it("the cron's clean-up of the outbox reads only the rows older than a month", async () => {
    const plan = await planOf(deleteOldOutboxRows(db, new Date()).toSQL());
    expect(fullScans(plan)).toEqual([]);
    expect(plan).toMatch(/email_outbox_status_created_idx \(status=\? AND created_at<\?\)/);
  });

  it("the sitemap's files read one range of the collections' primary key, and its index a bounded count per letter", async () => {
    await insertCollection({ title: 'Sammlung' });
    const range = /SEARCH (collections|c) USING (COVERING )?INDEX sqlite_autoindex_collections_1 \(id>\? AND id<\?\)/;
    for (const prefix of ['a', 'ab']) {
      const file = await planOf(sitemapCollections(db, prefix, 50_000).toSQL());
      expect(fullScans(file)).toEqual([]);
      expect(file).toMatch(range);
    }
    // The letters' counts: the outer read takes one row of the table (LIMIT 1), each count a bounded range of the key.
    const letters = [...COLLECTION_ID_ALPHABET];
    const counts = await planOf(collectionPrefixCounts(db, letters, 500).toSQL());
    expect(fullScans(counts)).toEqual([expect.stringMatching(/^SCAN collections\b/)]);
    expect(counts.split('\n').filter((line) => range.test(line))).toHaveLength(letters.length);
    expect(await sitemapCollectionPrefixes(db, letters, 500)).toHaveLength(1);
    expect(await sitemapCollectionPrefixes(db, letters, 0)).toHaveLength(letters.length);
  });

  it("a stone's finds are read by one range of (stone_id, seq): a page before a cursor, the journey, the last seen", async () => {
    const stone = stoneOf('ABC-123-DEF');
    const byKey = /SEARCH finds USING INDEX finds_stone_seq_unique \(stone_id=\?( AND seq<\?)?\)/;
    const statements = {
      newest: publicFindsBefore(db, stone, 50),
      older: publicFindsBefore(db, stone, 50, 951),
      journey: journeyLine(db, stone),
      stops: journeyStops(db, stone),
      last: lastCountedFind(db, stone),
    };
    for (const [name, statement] of Object.entries(statements)) {
      const plan = await planOf(statement.toSQL());
      expect(fullScans(plan), name).toEqual([]);
      expect(plan, name).toMatch(byKey);
      // In the index's order: no sort of the stone's finds, and no OFFSET to walk.
      expect(plan, name).not.toMatch(/USE TEMP B-TREE/);
      expect(statement.toSQL().sql, name).not.toMatch(/\boffset\b/i);
    }
    expect(await planOf(statements.older.toSQL())).toMatch(/finds_stone_seq_unique \(stone_id=\? AND seq<\?\)/);
    // The finder's photo of each find on the page: one probe of its primary key.
    expect(await planOf(statements.newest.toSQL())).toMatch(/SEARCH find_photos USING INDEX sqlite_autoindex_find_photos_1 \(find_id=\?\)/);
  });

  it("the daily recount's slice reads a range of the stones' key and of their finds' index, its end one seek", async () => {
    const slice = await planOf(recountSlice(db, 'some-id', 5_000).toSQL());
    expect(fullScans(slice)).toEqual([]);
    expect(slice).toMatch(/SEARCH stones USING INDEX sqlite_autoindex_stones_1 \(id>\?\)/);
    // The slice's finds from the index alone, less the hidden ones from theirs.
    expect(slice).toMatch(/SEARCH finds USING COVERING INDEX finds_stone_seq_unique \(stone_id>\? AND stone_id<\?\)/);
    expect(slice).toMatch(/SEARCH finds USING COVERING INDEX finds_hidden_stone_idx \(stone_id>\? AND stone_id<\?\)/);
    // The stones' sums once, in the one row of the slice.
    expect(slice.match(/SEARCH stones/g)).toHaveLength(1);
    // The slice's stones in the key's order: no sort.
    expect(slice).not.toMatch(/USE TEMP B-TREE/);
    const end = await planOf(finishRecount(db, new Date()).toSQL());
    expect(fullScans(end)).toEqual([]);
    expect(end).toMatch(/SEARCH stones USING COVERING INDEX sqlite_autoindex_stones_1 \(id>\?\)/);
    expect(fullScans(await planOf(beginRecount(db).toSQL()))).toEqual([]);
    // The triggers that keep the sums current read the totals row by its key (migration 0016).
    const { results } = await env.DB.prepare("SELECT sql FROM sqlite_master WHERE type = 'trigger' AND name LIKE 'recount_%'").all<{
      sql: string;
    }>();
    expect(results).toHaveLength(6);
    for (const { sql: trigger } of results) expect(trigger).toMatch(/SELECT `recount_after` FROM `site_totals` WHERE `id` = 1/);
  });

  describe("the operator's table (decision record 030)", () => {
    const run = (dir: Run['dir'], from = dir === 'desc' ? NEWEST_END : OLDEST_END): Run => ({
      dir,
      from,
      inclusive: false,
      limit: 51,
      offset: 0,
    });
    const deep = { at: Date.UTC(2026, 0, 1), code: '7F0-000-000' };
    /** The page's statement: its run of keys, then its rows by their ids. */
    const page = (keys: ReturnType<typeof sql>) => db.select({ id: stones.id }).from(stones).where(keyed(keys)).toSQL();
    const all = columnSource({ kind: 'all' }, 1000);
    const dialect = new SQLiteAsyncDialect();
    /** The title search names the words' table by its aliases (w, w2, o): a full scan of one of them counts too. */
    const scansOfWords = (plan: string) => plan.split('\n').filter((line) => /^SCAN (w|w2|o)\b/.test(line.trim()));

    it.each([
      ['the first page', run('desc')],
      ['a deep page (after a cursor)', run('desc', deep)],
      ['the page before a cursor', run('asc', deep)],
      ['the last page', run('asc')],
    ])('%s is one range of the creation index, as long as the page', async (_, keys) => {
      const plan = await planOf(page(all.keys(keys)));
      expect(fullScans(plan)).toEqual([]);
      expect(plan).toMatch(/SEARCH stones USING COVERING INDEX stones_created_at_idx \(\(created_at,code\)[<>]\(\?,\?\)\)/);
      expect(plan).not.toMatch(/TEMP B-TREE FOR ORDER BY/);
    });

    it.each([
      // A short start of a code walks the stones newest first (every 16th or 256th matches); a longer one reads the
      // code's index (every 4096th or fewer).
      [
        { kind: 'code', code: 'AB' } as const,
        /SEARCH stones USING (COVERING )?INDEX stones_created_at_idx \(\(created_at,code\)<\(\?,\?\)\)/,
      ],
      [{ kind: 'code', code: 'ABC-1' } as const, /SEARCH stones USING (COVERING )?INDEX stones_code_unique \(code>\? AND code<\?\)/],
      [{ kind: 'email', email: 'a@example.org' } as const, /stones_creator_email_idx \(creator_email=\?\)/],
    ])('a search of %o reads its index, and counts at most the cap', async (search, index) => {
      const source = columnSource(search, 1000);
      const keys = await planOf(page(source.keys(run('desc', deep))));
      const count = await planOf(dialect.sqlToQuery(source.count ?? sql``));
      expect([...fullScans(keys), ...fullScans(count)]).toEqual([]);
      expect(keys).toMatch(index);
      expect(count).toMatch(/SEARCH stones USING (COVERING )?INDEX (stones_code_unique|stones_creator_email_idx)/);
    });

    it("a title search reads the words' index: each spelling, a prefix's stones, or the stones walked from a cursor", async () => {
      // Another word of the search: one spelling (a seek of the words' index), or several (a seek of the table's key).
      const oma = { prefix: 'oma', only: 'oma' };
      const m = { prefix: 'm', only: null };
      const statements = [
        wordProbe(db, 'maria', 1000).toSQL(),
        dialect.sqlToQuery(countOfAll('maria', [oma, m], 1000)),
        page(bySpelling(['maria', 'marianne'], [oma, m])(run('desc', deep))),
        page(bySpelling(['maria'], [])(run('asc'))),
        page(sorted('m', [oma])(run('desc'))),
        page(walked([m, oma])(run('asc', deep))),
      ];
      // The alias check sees a read of the whole table.
      expect(scansOfWords(await planOf({ sql: 'SELECT word FROM stone_title_words w WHERE created_at > ?', params: [1] }))).toHaveLength(1);
      for (const statement of statements) {
        const plan = await planOf(statement);
        expect([...fullScans(plan), ...scansOfWords(plan)], plan).toEqual([]);
        expect(plan).toMatch(/stone_title_words_word_idx|USING PRIMARY KEY \(stone_code=\? AND word>\? AND word<\?\)/);
      }
      // A word of one spelling is asked for by the whole key of the words' index; its bound is read once per spelling.
      const twoWords = await planOf(page(bySpelling(['maria'], [oma])(run('desc'))));
      expect(twoWords).toMatch(/SEARCH o USING COVERING INDEX stone_title_words_word_idx \(word=\? AND created_at=\? AND stone_code=\?\)/);
      expect(twoWords).toMatch(/MATERIALIZE b/);
      // Each spelling is one range of the index in the page's order: no spelling's stones are all read.
      expect(await planOf(page(bySpelling(['maria'], [])(run('desc'))))).toMatch(
        /SEARCH w USING COVERING INDEX stone_title_words_word_idx \(word=\? AND created_at>\? AND \(created_at,stone_code\)<\(\?,\?\)\)/,
      );
    });
  });
});
