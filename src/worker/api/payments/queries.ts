import { and, count, eq, isNotNull, isNull, lt, sql } from 'drizzle-orm';
import type { OwnerLocale } from '../../../shared/i18n/locale';
import type { Db } from '../../db/client';
import { uniqueViolation } from '../../db/errors';
import { orders, paymentEvents, stones } from '../../db/schema';
import { ApiError } from '../../lib/errors';
import { DELETED_STONE } from '../erasure/queries';
import { changeTotals } from '../statistics/queries';
import { type CreatedStone, createStone } from '../stones/queries';

export type Order = typeof orders.$inferSelect;

export interface NewOrder {
  id: string;
  amountCents: number;
  hasPhotos: boolean;
  hasStory: boolean;
  creatorEmail: string;
  title: string;
  story: string | null;
  locale: OwnerLocale;
  ownerTokenHash: string;
  promotionCodeId: string | null;
}

export async function recordOrder(db: Db, order: NewOrder): Promise<void> {
  await db.insert(orders).values(order);
}

export async function attachIntent(db: Db, orderId: string, paymentIntentId: string): Promise<void> {
  await db.update(orders).set({ paymentIntentId }).where(eq(orders.id, orderId));
}

export async function orderOfIntent(db: Db, paymentIntentId: string): Promise<Order | null> {
  return (await db.select().from(orders).where(eq(orders.paymentIntentId, paymentIntentId)).get()) ?? null;
}

/** How often a promotion code bought a stone here (PaymentIntents do not redeem codes at Stripe). */
export async function localRedemptions(db: Db, promotionCodeId: string): Promise<number> {
  const row = await db
    .select({ n: count() })
    .from(orders)
    .where(and(eq(orders.promotionCodeId, promotionCodeId), isNotNull(orders.stoneId)))
    .get();
  return row?.n ?? 0;
}

/**
 * The stone of an order: made now from the order's own data (never from what a browser sends), or the one
 * made before. The stone's unique PaymentIntent decides between two callers at once (the buyer's return and the
 * webhook): the one that loses finds the other's stone.
 */
export async function stoneForOrder(db: Db, order: Order): Promise<{ code: string; created: CreatedStone | null; upgraded?: boolean }> {
  // Its stone was deleted (the order keeps only its bookkeeping): nothing is made from it again.
  if (isDeletedStoneOrder(order)) throw new ApiError(410, 'STONE_DELETED', 'server-owner.api.stoneDeleted');
  if (order.upgradeStoneId) return grantFeatures(db, order, order.upgradeStoneId);
  if (order.stoneId) {
    const existing = await db.select({ code: stones.code }).from(stones).where(eq(stones.id, order.stoneId)).get();
    if (existing) return { code: existing.code, created: null };
  }
  try {
    const created = await createStone(
      db,
      {
        creatorEmail: order.creatorEmail,
        locale: order.locale,
        title: order.title,
        story: order.hasStory ? order.story : null,
        hasPhotos: order.hasPhotos,
        hasStory: order.hasStory,
        isPaid: true,
        paymentIntentId: order.paymentIntentId,
      },
      { ownerTokenHash: order.ownerTokenHash, alongside: (stoneId) => db.update(orders).set({ stoneId }).where(eq(orders.id, order.id)) },
    );
    return { code: created.code, created };
  } catch (error) {
    if (!order.paymentIntentId || !uniqueViolation(error, 'stones.payment_intent_id')) throw error;
    const existing = await db.select({ code: stones.code }).from(stones).where(eq(stones.paymentIntentId, order.paymentIntentId)).get();
    if (!existing) throw error;
    return { code: existing.code, created: null };
  }
}

/** An order whose stone its owner or the operator deleted (api/erasure/queries.ts scrubOrders). */
export const isDeletedStoneOrder = (order: Pick<Order, 'stoneId'>) => order.stoneId === DELETED_STONE;

/** True the first time an event id is seen: webhooks arrive at least once. */
export async function firstDelivery(db: Db, eventId: string, type: string): Promise<boolean> {
  const inserted = await db.insert(paymentEvents).values({ id: eventId, type }).onConflictDoNothing().returning({ id: paymentEvents.id });
  return inserted.length > 0;
}

/** An order that never became a stone is kept this long (a late webhook still finds it), then deleted. */
export const ABANDONED_ORDER_TTL_MS = 30 * 24 * 60 * 60 * 1000;

/** The cron's share: orders without a stone after ABANDONED_ORDER_TTL_MS go (they hold an address). */
export async function deleteAbandonedOrders(db: Db, now = new Date()): Promise<void> {
  await db.delete(orders).where(and(isNull(orders.stoneId), lt(orders.createdAt, new Date(now.getTime() - ABANDONED_ORDER_TTL_MS))));
}

/**
 * An owner's purchase of a feature for an existing stone: the stone gets it (never loses one it had), and the
 * order is marked done; doing it twice changes nothing.
 */
async function grantFeatures(db: Db, order: Order, stoneId: string): Promise<{ code: string; created: null; upgraded: true }> {
  const [, granted] = await db.batch([
    // A stone that becomes premium counts once among the premium stones (before the update below makes it one).
    changeTotals(
      db,
      { premium: 1 },
      sql`NOT EXISTS (SELECT 1 FROM ${stones} WHERE ${stones.id} = ${stoneId} AND (${stones.hasPhotos} = 1 OR ${stones.hasStory} = 1))`,
    ),
    db
      .update(stones)
      .set({
        hasPhotos: sql`${stones.hasPhotos} OR ${order.hasPhotos ? 1 : 0}`,
        hasStory: sql`${stones.hasStory} OR ${order.hasStory ? 1 : 0}`,
        isPaid: true,
        updatedAt: new Date(),
      })
      .where(eq(stones.id, stoneId))
      .returning({ code: stones.code }),
    db.update(orders).set({ stoneId }).where(eq(orders.id, order.id)),
  ]);
  const code = granted[0]?.code;
  if (!code) throw new Error('the stone of an upgrade order is gone');
  return { code, created: null, upgraded: true };
}
