import * as v from 'valibot';
import { formatCodeInput } from '../code-entry';
import { MAX_SEARCH_WORDS, searchWords } from '../title-words';
import { wholeNumber } from './common';

/** The operator's stone table: page size, and the longest search worth running. */
export const OPERATOR_PAGE_SIZE = 50;
export const MAX_OPERATOR_PAGE_SIZE = 100;
export const MAX_SEARCH_LENGTH = 100;

/** A search counts its stones up to this many; beyond, the answer says "more than" (`X-Total-Count-Capped`). */
export const SEARCH_COUNT_CAP = 1000;

/** How far `page` (kept for older clients) may reach by skipping rows; the cursors reach every page. */
export const MAX_PAGE_OFFSET = 1000;

/** A place in the table, newest first: the creation time (ms) and the code of the stone a page ends with. */
export interface StoneCursor {
  at: number;
  code: string;
}

/** A cursor's text: the time in base 36, a dot, the code. Clients hand it back as they got it. */
const CURSOR_TEXT = /^([0-9a-z]{1,11})\.([0-9A-F]{3}-[0-9A-F]{3}-[0-9A-F]{3})$/;

/** The cursor as the answer's headers hand it out. */
export function encodeCursor({ at, code }: StoneCursor): string {
  return `${at.toString(36)}.${code}`;
}

/** The cursor a client sent back, or null when it is none of ours. */
export function decodeCursor(text: string): StoneCursor | null {
  const match = CURSOR_TEXT.exec(text);
  const at = match?.[1] ? Number.parseInt(match[1], 36) : Number.NaN;
  return match?.[2] && Number.isSafeInteger(at) ? { at, code: match[2] } : null;
}

/**
 * What a search looks for: the creator's exact e-mail (with an "@"), the start of a code (hex digits with a hyphen
 * or a digit among them), else the words of a title (each the start of one of its words, shared/title-words.ts).
 */
export type StoneSearch =
  | { kind: 'all' }
  | { kind: 'email'; email: string }
  | { kind: 'code'; code: string }
  | { kind: 'title'; words: string[] };

export function stoneSearch(q: string): StoneSearch {
  if (!q) return { kind: 'all' };
  if (q.includes('@')) return { kind: 'email', email: q };
  if (/^[0-9a-f-]+$/i.test(q) && /[0-9-]/.test(q)) return { kind: 'code', code: formatCodeInput(q) };
  return { kind: 'title', words: searchWords(q) };
}

/** Which page: the newest, the one after (older than) or before (newer than) a cursor, the oldest, or `page`'s. */
export type StonePage =
  | { kind: 'first' }
  | { kind: 'after'; cursor: StoneCursor }
  | { kind: 'before'; cursor: StoneCursor }
  | { kind: 'last' }
  | { kind: 'offset'; offset: number };

const cursor = v.pipe(
  v.string('server-owner.operator.query.cursor'),
  v.transform(decodeCursor),
  v.check((value) => value !== null, 'server-owner.operator.query.cursor'),
  v.transform((value) => value as StoneCursor),
);

/**
 * `GET /api/admin/stones?q=&pageSize=&after=|before=|last=1` (and `page=`, kept for older clients): a search by code,
 * title or the creator's e-mail, one page of it. At most one of after, before, last and a page beyond the first.
 */
export const stoneListQuerySchema = v.pipe(
  v.object({
    q: v.optional(v.pipe(v.string(), v.trim(), v.maxLength(MAX_SEARCH_LENGTH, 'server-owner.operator.query.invalid')), ''),
    page: v.optional(wholeNumber(1, 100_000), '1'),
    pageSize: v.optional(wholeNumber(1, MAX_OPERATOR_PAGE_SIZE), String(OPERATOR_PAGE_SIZE)),
    after: v.optional(cursor),
    before: v.optional(cursor),
    last: v.optional(v.picklist(['1', 'true'], 'server-owner.operator.query.invalid')),
  }),
  v.check(
    ({ page, after, before, last }) => [page > 1, after, before, last].filter(Boolean).length <= 1,
    'server-owner.operator.query.invalid',
  ),
  v.check(({ page, pageSize }) => (page - 1) * pageSize <= MAX_PAGE_OFFSET, 'server-owner.operator.query.pageTooDeep'),
  v.transform(({ q, page, pageSize, after, before, last }) => ({
    q,
    pageSize,
    search: stoneSearch(q),
    at: (after
      ? { kind: 'after', cursor: after }
      : before
        ? { kind: 'before', cursor: before }
        : last
          ? { kind: 'last' }
          : page > 1
            ? { kind: 'offset', offset: (page - 1) * pageSize }
            : { kind: 'first' }) satisfies StonePage as StonePage,
  })),
  v.check(({ search }) => search.kind !== 'title' || search.words.length <= MAX_SEARCH_WORDS, 'server-owner.operator.query.tooManyWords'),
);

export type StoneListQuery = v.InferOutput<typeof stoneListQuerySchema>;
