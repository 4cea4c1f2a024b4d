import { ApiError } from '../lib/errors';
import { log } from '../lib/logger';

/**
 * D1's transient errors (https://developers.cloudflare.com/d1/observability/debug-d1/#error-list), in two kinds:
 *
 * - REFUSED: the request was turned away before any statement ran (D1 overloaded, too many requests queued) or
 *   SQLite could not take its lock (busy/locked: the statement did not run, and a batch is one transaction that
 *   rolls back as a whole). Nothing was written, so running it again is safe for reads and writes alike.
 * - OUTCOME UNKNOWN: the connection to the database was lost or its storage object was reset while the request
 *   was under way. A write may have committed before the answer was lost: running it again could store it twice
 *   (a second stone, a second find). Only a statement that writes nothing is safe to run again.
 *
 * A transient error that may not be retried, or that persists, becomes a 503 DATABASE_UNAVAILABLE in the API's
 * one error shape; since every write of the app is one statement or one atomic batch, nothing is written halfway.
 */
const REFUSED = /D1 DB is overloaded|Too many requests queued|SQLITE_BUSY|database is locked/i;
const OUTCOME_UNKNOWN =
  /Network connection lost|storage caused object to be reset|reset because its code was updated|storage operation exceeded timeout/i;

/** Attempts in all for one statement or batch (the request is waiting: a few short tries, then a clear 503). */
export const D1_ATTEMPTS = 3;

const messagesOf = (error: unknown): string => {
  const parts: string[] = [];
  for (let e: unknown = error; e !== undefined && e !== null && parts.length < 5; e = e instanceof Error ? e.cause : undefined) {
    parts.push(e instanceof Error ? e.message : String(e));
    if (!(e instanceof Error)) break;
  }
  return parts.join(' | ');
};

export type TransientKind = 'refused' | 'outcome-unknown';

/** Which kind of transient D1 error this is (looking through wrapped causes), or null for any other error. */
export function transientKind(error: unknown): TransientKind | null {
  const message = messagesOf(error);
  if (REFUSED.test(message)) return 'refused';
  if (OUTCOME_UNKNOWN.test(message)) return 'outcome-unknown';
  return null;
}

/** True for SQL that only reads (Drizzle writes every statement starting with its verb). */
const READS_ONLY = /^\s*select\b/i;

/** The API's answer to a transient error that was not or could not be retried; the D1 error stays its cause. */
export function databaseUnavailable(cause: unknown): ApiError {
  const error = new ApiError(503, 'DATABASE_UNAVAILABLE', 'server.api.databaseUnavailable', undefined, { 'Retry-After': '1' });
  error.cause = cause;
  return error;
}

/** A short random wait that grows with each attempt, so requests that failed together do not retry together. */
const pause = (attempt: number) => new Promise((resolve) => setTimeout(resolve, Math.random() * 25 * 2 ** attempt));

/** Runs a D1 call, again after a transient error when that is safe (see above); `readOnly` says it writes nothing. */
export async function withD1Retry<T>(readOnly: boolean, run: () => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await run();
    } catch (error) {
      const kind = transientKind(error);
      if (!kind) throw error;
      const safe = kind === 'refused' || readOnly;
      log.warn('database call failed', { kind, readOnly, attempt, retried: safe && attempt < D1_ATTEMPTS, error: messagesOf(error) });
      if (!safe || attempt >= D1_ATTEMPTS) throw databaseUnavailable(error);
      await pause(attempt);
    }
  }
}

const RAW = Symbol('d1 statement');
const SQL = Symbol('d1 statement sql');

interface Wrapped {
  [RAW]: D1PreparedStatement;
  [SQL]: string;
}

/** A prepared statement whose every execution goes through withD1Retry. */
function wrapStatement(statement: D1PreparedStatement, sql: string): D1PreparedStatement {
  const readOnly = READS_ONLY.test(sql);
  const wrapped = {
    [RAW]: statement,
    [SQL]: sql,
    bind: (...values: unknown[]) => wrapStatement(statement.bind(...values), sql),
    first: (column?: string) => withD1Retry(readOnly, () => (column === undefined ? statement.first() : statement.first(column))),
    run: () => withD1Retry(readOnly, () => statement.run()),
    all: () => withD1Retry(readOnly, () => statement.all()),
    raw: (options?: { columnNames?: boolean }) =>
      withD1Retry(readOnly, () => (options?.columnNames ? statement.raw({ columnNames: true }) : statement.raw())),
    sql,
  };
  return wrapped as unknown as D1PreparedStatement;
}

const rawOf = (statement: D1PreparedStatement) => (statement as unknown as Partial<Wrapped>)[RAW] ?? statement;

/**
 * The D1 binding with transient errors handled: statements and batches are tried again when that is safe, and
 * answer 503 DATABASE_UNAVAILABLE when it is not. A batch is read-only when all its statements are.
 */
export function retryingD1(d1: D1Database): D1Database {
  return new Proxy(d1, {
    get(target, property) {
      if (property === 'prepare') return (sql: string) => wrapStatement(target.prepare(sql), sql);
      if (property === 'batch') {
        return (statements: D1PreparedStatement[]) => {
          const readOnly = statements.every((s) => READS_ONLY.test((s as unknown as Partial<Wrapped>)[SQL] ?? ''));
          return withD1Retry(readOnly, () => target.batch(statements.map(rawOf)));
        };
      }
      const value = Reflect.get(target, property);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
}
