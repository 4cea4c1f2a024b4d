/**
 * The real D1 binding, counting the rows each statement reads and writes as D1 reports them (`meta.rows_read`,
 * the number D1 bills). `raw()` and `first()` do not report them, so they are answered from `all()` here —
 * the same statement on the same database, only with its meta kept.
 */
export function meteredD1(db: D1Database) {
  const totals = { rowsRead: 0, rowsWritten: 0, statements: 0 };
  const count = (meta: D1Meta) => {
    totals.rowsRead += meta.rows_read;
    totals.rowsWritten += meta.rows_written;
    totals.statements += 1;
  };
  const unwrap = new WeakMap<D1PreparedStatement, D1PreparedStatement>();

  const wrap = (statement: D1PreparedStatement): D1PreparedStatement => {
    const wrapped = {
      bind: (...values: unknown[]) => wrap(statement.bind(...values)),
      async all<T>() {
        const result = await statement.all<T>();
        count(result.meta);
        return result;
      },
      async run<T>() {
        const result = await statement.run<T>();
        count(result.meta);
        return result;
      },
      async first<T>(column?: string) {
        const { results } = await wrapped.all<Record<string, unknown>>();
        const row = results[0];
        if (!row) return null;
        return (column === undefined ? row : row[column]) as T;
      },
      async raw<T extends unknown[]>(options?: { columnNames?: boolean }) {
        const { results } = await wrapped.all<Record<string, unknown>>();
        // Column order is the order of the keys; the statements measured here never repeat a column name.
        const rows = results.map((row) => Object.values(row)) as T[];
        if (!options?.columnNames) return rows;
        return [Object.keys(results[0] ?? {}), ...rows];
      },
    } as unknown as D1PreparedStatement;
    unwrap.set(wrapped, statement);
    return wrapped;
  };

  const metered = {
    prepare: (query: string) => wrap(db.prepare(query)),
    async batch<T>(statements: D1PreparedStatement[]) {
      const results = await db.batch<T>(statements.map((s) => unwrap.get(s) ?? s));
      for (const result of results) count(result.meta);
      return results;
    },
    exec: (query: string) => db.exec(query),
    dump: () => db.dump(),
    /** A session on the real binding whose statements are counted the same way (src/worker/lib/d1-session.ts). */
    withSession: (constraint?: string) => {
      const session = db.withSession(constraint);
      return {
        prepare: (query: string) => wrap(session.prepare(query)),
        async batch<T>(statements: D1PreparedStatement[]) {
          const results = await session.batch<T>(statements.map((s) => unwrap.get(s) ?? s));
          for (const result of results) count(result.meta);
          return results;
        },
        getBookmark: () => session.getBookmark(),
      } as unknown as D1DatabaseSession;
    },
  } as unknown as D1Database;

  return {
    db: metered,
    totals,
    reset() {
      totals.rowsRead = 0;
      totals.rowsWritten = 0;
      totals.statements = 0;
    },
  };
}
