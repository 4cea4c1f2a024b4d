import { and, eq, exists, gt, isNotNull, type SQL, sql } from 'drizzle-orm';
import type { OperatorStoneRow } from '../../../shared/operator-types';
import { encodeCursor, SEARCH_COUNT_CAP, type StoneListQuery, type StonePage } from '../../../shared/schemas/stone-list';
import { batchByName } from '../../db/batch';
import type { Db } from '../../db/client';
import { MANAGED_STONE_COLUMNS } from '../../db/columns';
import { orders, siteTotals, stones } from '../../db/schema';
import { columnSource, keyed, NEWEST_END, OLDEST_END, type Run, type StoneSource } from './stone-keys';
import { titleSource } from './title-search';

/** One page of the operator's table, newest first, with where the pages before and after it start. */
export interface StoneListPage {
  rows: OperatorStoneRow[];
  /**
   * The matching stones; for a search at most SEARCH_COUNT_CAP, `capped` when there are more (or, for several words
   * that the count read only part of, when there are at least as many).
   */
  total: number;
  capped: boolean;
  /** The cursor of the older page (`after`), of the newer page (`before`); null at either end. */
  next: string | null;
  prev: string | null;
}

/** The run a page reads: one more key than it shows, to know whether there are more that way. */
function runOf(at: StonePage, pageSize: number): Run {
  const limit = pageSize + 1;
  switch (at.kind) {
    case 'after':
      return { dir: 'desc', from: at.cursor, inclusive: false, limit, offset: 0 };
    case 'before':
      return { dir: 'asc', from: at.cursor, inclusive: false, limit, offset: 0 };
    case 'last':
      return { dir: 'asc', from: OLDEST_END, inclusive: false, limit, offset: 0 };
    case 'offset':
      return { dir: 'desc', from: NEWEST_END, inclusive: false, limit, offset: at.offset };
    default:
      return { dir: 'desc', from: NEWEST_END, inclusive: false, limit, offset: 0 };
  }
}

/** The other side of a cursor's page, looked at once (a stone at the cursor or beyond it, the other way). */
function otherSideOf(at: StonePage): Run | null {
  if (at.kind === 'after') return { dir: 'asc', from: at.cursor, inclusive: true, limit: 1, offset: 0 };
  if (at.kind === 'before') return { dir: 'desc', from: at.cursor, inclusive: true, limit: 1, offset: 0 };
  return null;
}

/** Whether an order of the row's stone shows `mark` (a refund, a dispute): one look into the orders' stone index. */
const paymentMark = (db: Db, mark: SQL) =>
  sql<number>`${exists(
    db
      .select({ one: sql`1` })
      .from(orders)
      .where(and(eq(orders.stoneId, stones.id), mark)),
  )}`;

async function sourceOf(db: Db, search: StoneListQuery['search']): Promise<StoneSource> {
  return search.kind === 'title' ? titleSource(db, search.words, SEARCH_COUNT_CAP) : columnSource(search, SEARCH_COUNT_CAP);
}

/**
 * One page of the operator's table: the page's run of keys (pageSize + 1), the other side of its cursor and the
 * count, in one batch (a title search reads its words' counts first). No page is reached by skipping rows, except
 * `page`'s bounded offset (MAX_PAGE_OFFSET).
 */
export async function listStones(db: Db, { search, at, pageSize }: StoneListQuery): Promise<StoneListPage> {
  const source = await sourceOf(db, search);
  const run = runOf(at, pageSize);
  const otherSide = otherSideOf(at);
  const read = await batchByName(db, {
    rows: db
      .select({
        ...MANAGED_STONE_COLUMNS,
        isPaid: stones.isPaid,
        status: stones.status,
        findSeq: stones.findSeq,
        hiddenFindCount: stones.hiddenFindCount,
        createdAt: stones.createdAt,
        refunded: paymentMark(db, gt(orders.refundedCents, 0)),
        disputed: paymentMark(db, isNotNull(orders.disputedAt)),
      })
      .from(stones)
      .where(keyed(source.keys(run))),
    otherSide: otherSide ? db.select({ found: sql<number>`EXISTS (${source.keys(otherSide)})` }).from(sql`(SELECT 1)`) : undefined,
    // Without a search the total is the kept count: the table never counts its rows. (The literal is named: a batch
    // reads a row's values in the order of its keys, and JavaScript puts a key like "0" first.)
    total:
      source.counted !== undefined
        ? undefined
        : source.count
          ? db.select({ n: sql<number>`n`, cut: sql<number>`cut` }).from(sql`(${source.count})`)
          : db
              .select({ n: siteTotals.stoneCount, cut: sql<number>`0`.as('cut') })
              .from(siteTotals)
              .where(eq(siteTotals.id, 1)),
  });
  // Newest first whichever way the page was read; the extra key, if any, is the one farthest along the run.
  const newestFirst = read.rows.sort(
    (a, b) => b.createdAt.getTime() - a.createdAt.getTime() || (a.code < b.code ? 1 : a.code > b.code ? -1 : 0),
  );
  const more = newestFirst.length > pageSize;
  const shown = run.dir === 'desc' ? newestFirst.slice(0, pageSize) : newestFirst.slice(more ? 1 : 0);
  const beyondCursor = Boolean(read.otherSide?.[0]?.found);
  const older = run.dir === 'desc' ? more : at.kind === 'before' && beyondCursor;
  const newer = run.dir === 'asc' ? more : at.kind === 'after' ? beyondCursor : at.kind === 'offset';
  const counted = source.counted ?? read.total?.[0]?.n ?? 0;
  const cursorOf = (row: (typeof shown)[number] | undefined) =>
    row ? encodeCursor({ at: row.createdAt.getTime(), code: row.code }) : null;
  return {
    rows: shown.map(({ findSeq, hiddenFindCount, createdAt, refunded, disputed, ...row }) => ({
      ...row,
      findCount: findSeq - hiddenFindCount,
      createdAt: createdAt.toISOString(),
      refunded: Boolean(refunded),
      disputed: Boolean(disputed),
    })),
    total: Math.min(counted, search.kind === 'all' ? counted : SEARCH_COUNT_CAP),
    capped: search.kind !== 'all' && (counted > SEARCH_COUNT_CAP || Boolean(read.total?.[0]?.cut)),
    next: older ? cursorOf(shown.at(-1)) : null,
    prev: newer ? cursorOf(shown[0]) : null,
  };
}
