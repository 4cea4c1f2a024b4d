import { eq, lt, sql } from 'drizzle-orm';
import { batchByName } from '../db/batch';
import type { Db } from '../db/client';
import { loginFailures, operators } from '../db/schema';

// The operators' accounts and the counts of failed logins, as logging in and checking a token read them.

/** The operator a token names (its subject), or null: removing an operator ends their sessions. */
export async function operatorById(db: Db, id: string): Promise<{ id: string; email: string } | null> {
  return (await db.select({ id: operators.id, email: operators.email }).from(operators).where(eq(operators.id, id)).get()) ?? null;
}

/** The operator who logs in with `email`, with their password's hash. */
export async function operatorByEmail(db: Db, email: string) {
  return db.select().from(operators).where(eq(operators.email, email)).get();
}

/** The failed logins counted for an address and for a client (keys of `login_failures`), read in one round trip. */
export async function loginFailuresOf(db: Db, keys: { email: string; client: string }) {
  const read = await batchByName(db, {
    email: db.select().from(loginFailures).where(eq(loginFailures.key, keys.email)),
    client: db.select().from(loginFailures).where(eq(loginFailures.key, keys.client)),
  });
  return { email: read.email[0], client: read.client[0] };
}

/** Counts a failed login under each key; a count whose window began at or before `windowStart` starts again. */
export async function countLoginFailure(db: Db, keys: [string, string], now: Date, windowStart: Date): Promise<void> {
  const fresh = sql`${loginFailures.windowStart} <= ${windowStart.getTime()}`;
  const countFailure = (key: string) =>
    db
      .insert(loginFailures)
      .values({ key, failures: 1, windowStart: now })
      .onConflictDoUpdate({
        target: loginFailures.key,
        set: {
          failures: sql`CASE WHEN ${fresh} THEN 1 ELSE ${loginFailures.failures} + 1 END`,
          windowStart: sql`CASE WHEN ${fresh} THEN ${now.getTime()} ELSE ${loginFailures.windowStart} END`,
        },
      });
  await db.batch([countFailure(keys[0]), countFailure(keys[1])]);
}

/** Forgets the failed logins counted under `key` (a successful login forgets its address's). */
export async function forgetLoginFailures(db: Db, key: string): Promise<void> {
  await db.delete(loginFailures).where(eq(loginFailures.key, key));
}

/** Forgets every failure count whose window began before `before`. */
export async function forgetLoginFailuresBefore(db: Db, before: Date): Promise<void> {
  await db.delete(loginFailures).where(lt(loginFailures.windowStart, before));
}
