import type { BatchItem } from 'drizzle-orm/batch';
import type { Db } from './client';

type Statement = BatchItem<'sqlite'>;

/** What one named statement answers in a batch: its rows (or its run result); nothing for a statement left out. */
export type ResultOf<S> = S extends Statement ? S['_']['result'] : S extends undefined ? undefined : never;

/** The results of named statements, by their names. */
export type NamedResults<T extends Record<string, Statement | undefined>> = { [K in keyof T]: ResultOf<T[K]> };

/**
 * Runs named statements as one batch (one transaction in D1, in the order they are written) and answers their
 * results by the same names, typed after each statement. Reading a batch's results by position breaks silently
 * when a statement is added or moved; by name it cannot. A name whose statement is `undefined` is left out of the
 * batch and answers `undefined`. Names are words, never numbers: JavaScript orders integer keys first.
 */
export async function batchByName<T extends Record<string, Statement | undefined>>(db: Db, statements: T): Promise<NamedResults<T>> {
  const named = Object.entries(statements).filter((entry): entry is [string, Statement] => entry[1] !== undefined);
  const [first, ...rest] = named.map(([, statement]) => statement);
  const results: unknown[] = first ? await db.batch([first, ...rest]) : [];
  return Object.fromEntries(named.map(([name], i) => [name, results[i]])) as NamedResults<T>;
}
