import type { Db } from '../../db/client';
import { subscriptions } from '../../db/schema';

/** Stores an unconfirmed subscription; a repeated address for the same stone is a no-op. */
export async function addSubscription(db: Db, stoneId: string, email: string): Promise<{ created: boolean }> {
  const inserted = await db
    .insert(subscriptions)
    .values({ id: crypto.randomUUID(), stoneId, email: email.toLowerCase() })
    .onConflictDoNothing({ target: [subscriptions.stoneId, subscriptions.email] })
    .returning({ id: subscriptions.id });
  return { created: inserted.length > 0 };
}
