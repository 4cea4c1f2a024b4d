import { and, count, desc, eq, gt, isNull, or } from 'drizzle-orm';
import { OWNER_NOTIFICATIONS_LISTED } from '../../../shared/schemas/limits';
import type { OwnerStoneView } from '../../../shared/types';
import type { Db } from '../../db/client';
import { MANAGED_STONE_COLUMNS } from '../../db/columns';
import { ownerTokens, stones, subscriptions } from '../../db/schema';
import { sha256Hex } from '../../lib/crypto';
import { journeyMonths } from '../stones/months';
import { notifyOf } from '../stones/queries';
import { getStoneView, type ViewContext } from '../stones/view-queries';

/**
 * The stone an owner link opens: the token made with the stone, or one mailed later (owner_tokens) that has not
 * expired. An expired one opens nothing, like a token nobody made (the cron deletes its row later).
 */
export async function ownedStone(db: Db, token: string, now = Date.now()) {
  const hash = await sha256Hex(token);
  const row = await db
    .select({
      ...MANAGED_STONE_COLUMNS,
      notifyOnFind: stones.notifyOnFind,
      notify: stones.notify,
      memorialDay: stones.memorialDay,
      memorialLetter: stones.memorialLetter,
      // The edge cache starts its collection's new generation too.
      collectionId: stones.collectionId,
    })
    .from(stones)
    .where(
      or(
        eq(stones.ownerTokenHash, hash),
        eq(
          stones.id,
          db
            .select({ id: ownerTokens.stoneId })
            .from(ownerTokens)
            .where(and(eq(ownerTokens.tokenHash, hash), or(isNull(ownerTokens.expiresAt), gt(ownerTokens.expiresAt, new Date(now))))),
        ),
      ),
    )
    .get();
  return row ?? null;
}

/** The owner's view of the stone behind a secret link, or null for an unknown token. */
export async function getOwnerStoneView(db: Db, token: string, ctx: ViewContext): Promise<OwnerStoneView | null> {
  const row = await ownedStone(db, token);
  if (!row) return null;
  const [view, subs, total] = await Promise.all([
    getStoneView(db, row.code, ctx, true),
    // Bounded: subscribing is open to anyone, so a stone may collect many.
    db
      .select({ id: subscriptions.id, createdAt: subscriptions.createdAt, confirmedAt: subscriptions.confirmedAt })
      .from(subscriptions)
      .where(eq(subscriptions.stoneId, row.id))
      .orderBy(desc(subscriptions.createdAt), desc(subscriptions.id))
      .limit(OWNER_NOTIFICATIONS_LISTED)
      .all(),
    db.select({ n: count() }).from(subscriptions).where(eq(subscriptions.stoneId, row.id)).get(),
  ]);
  if (!view) return null;
  const notifications = subs.map((s) => ({ id: s.id, createdAt: s.createdAt.toISOString(), confirmed: s.confirmedAt !== null }));
  return {
    ...view,
    // The counted public finds, from the view's own read.
    months: journeyMonths(
      view.finds.filter((find) => !find.hidden && !find.pending),
      view.createdAt,
    ),
    creatorEmail: row.creatorEmail,
    notifyOnFind: row.notifyOnFind,
    notify: notifyOf(row),
    memorialDay: row.memorialDay,
    memorialLetter: row.memorialLetter,
    notifications,
    notificationCount: total?.n ?? 0,
  };
}
