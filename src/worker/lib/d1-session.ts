import type { Context, MiddlewareHandler } from 'hono';
import type { AppEnv } from '../types';

/**
 * D1 read replication through the Sessions API (decision record 014). Every request runs its queries in one D1
 * session: a read may be answered by the nearest replica, a write goes to the primary, and a write hands back
 * its bookmark so that the same client's next read sees at least that write (a finder sees their own find).
 */

/** The response header and the cookie that carry a write's bookmark back to the client. */
export const BOOKMARK_HEADER = 'x-d1-bookmark';
export const BOOKMARK_COOKIE = 'd1-bookmark';

/**
 * How long a client sends its bookmark back. Replicas lag the primary by well under a second; after a minute
 * any replica has the write, and the client's reads are free to go anywhere (and to the edge cache) again.
 */
export const BOOKMARK_MAX_AGE_SECONDS = 60;

/** A D1 bookmark: four hex fields (`00000000-0000000a-00000000-000…`). Anything else is ignored. */
const BOOKMARK_SHAPE = /^[0-9a-f]{8}-[0-9a-f]{8}-[0-9a-f]{8}-[0-9a-f]{32}$/;

const WRITE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

export const isWrite = (method: string) => WRITE_METHODS.has(method);

/** The bookmark a request carries (the header wins over the cookie), or null when it has none or a malformed one. */
export function requestBookmark(request: Request): string | null {
  const header = request.headers.get(BOOKMARK_HEADER)?.trim();
  if (header && BOOKMARK_SHAPE.test(header)) return header;
  for (const part of (request.headers.get('cookie') ?? '').split(';')) {
    const [name, value] = part.trim().split('=');
    if (name === BOOKMARK_COOKIE && value && BOOKMARK_SHAPE.test(value)) return value;
  }
  return null;
}

/**
 * The session in the shape of the database binding, so every query of the app (Drizzle uses only `prepare` and
 * `batch`) runs in it. A request the Worker makes to itself (a page's data read, pages/render.tsx) gets the same
 * session back from `withSession` and so sees what its page's request has seen.
 */
function sessionDatabase(session: D1DatabaseSession, database: D1Database): D1Database {
  return {
    prepare: (query: string) => session.prepare(query),
    batch: <T>(statements: D1PreparedStatement[]) => session.batch<T>(statements),
    exec: (query: string) => database.exec(query),
    dump: () => database.dump(),
    withSession: () => session,
  } as D1Database;
}

/**
 * Opens the request's session: writes start at the primary (`first-primary`); reads start at the client's
 * bookmark when it sends one, else anywhere (`first-unconstrained`). After a write, its bookmark goes out in the
 * `x-d1-bookmark` header (for fetch) and a short-lived cookie (for the next page navigation).
 */
export const d1Sessions: MiddlewareHandler<AppEnv> = async (c, next) => {
  const database = c.env?.DB;
  // A binding without sessions (an older runtime, a test's metered wrapper) is used as it is.
  if (typeof database?.withSession !== 'function') return next();
  const write = isWrite(c.req.method);
  const session = database.withSession(write ? 'first-primary' : (requestBookmark(c.req.raw) ?? 'first-unconstrained'));
  c.env = { ...c.env, DB: sessionDatabase(session, database) };
  c.set('d1', { binding: database, session });
  await next();
  const bookmark = write ? session.getBookmark() : null;
  if (!bookmark) return;
  c.header(BOOKMARK_HEADER, bookmark);
  const secure = new URL(c.req.url).protocol === 'https:' ? '; Secure' : '';
  c.header('Set-Cookie', `${BOOKMARK_COOKIE}=${bookmark}; Path=/; Max-Age=${BOOKMARK_MAX_AGE_SECONDS}; HttpOnly; SameSite=Lax${secure}`, {
    append: true,
  });
};

/** The bookmark of the request's session so far (after a write: the write's), or null. */
export function sessionBookmark(c: Context<AppEnv>): string | null {
  return c.get('d1')?.session.getBookmark() ?? null;
}

/**
 * Starts the request's session afresh at `bookmark`, before it has run a query: its reads then see at least
 * what that bookmark's write left (the edge cache uses the last write to a stone in this data centre).
 */
export function readAtLeastAt(c: Context<AppEnv>, bookmark: string): void {
  const d1 = c.get('d1');
  if (!d1 || !BOOKMARK_SHAPE.test(bookmark)) return;
  const session = d1.binding.withSession(bookmark);
  c.env = { ...c.env, DB: sessionDatabase(session, d1.binding) };
  c.set('d1', { binding: d1.binding, session });
}
