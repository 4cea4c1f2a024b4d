import { and, eq, isNull } from 'drizzle-orm';
import type { Locale } from '../../../shared/i18n/locale';
import { batchByName } from '../../db/batch';
import type { Db } from '../../db/client';
import { mailTokens, stones, subscriptions } from '../../db/schema';
import { writtenIds } from '../../mail/outbox';
import { subscribeStatements } from '../../mail/queries';
import { findMailToken } from '../../mail/tokens';
import type { StoneRef } from '../stones/queries';

type StoneNames = { code: string; title: string };

/**
 * Someone asks for a stone's find mails: the address is kept unconfirmed (or left as it is) and a confirmation
 * mail written when one is due. Answers the outbox rows written, to be queued.
 */
export async function subscribe(db: Db, stone: StoneRef, email: string, locale: Locale): Promise<string[]> {
  const [subscription, confirmMail] = subscribeStatements(db, {
    stoneId: stone.id,
    email,
    locale,
    code: stone.code,
    title: stone.title,
    follow: false,
  });
  const written = await batchByName(db, { subscription, confirmMail });
  return writtenIds(written.confirmMail);
}

/** Confirms the subscription a confirmation link belongs to (once; the link is used up), or null. */
export async function confirmSubscription(db: Db, token: string): Promise<StoneNames | null> {
  const found = await findMailToken(db, token, ['confirm']);
  if (!found) return null;
  const [, , stone] = await db.batch([
    db
      .update(subscriptions)
      .set({ confirmedAt: new Date() })
      .where(and(eq(subscriptions.id, found.targetId), isNull(subscriptions.confirmedAt))),
    db.delete(mailTokens).where(eq(mailTokens.tokenHash, found.tokenHash)),
    db
      .select({ code: stones.code, title: stones.title })
      .from(subscriptions)
      .innerJoin(stones, eq(stones.id, subscriptions.stoneId))
      .where(eq(subscriptions.id, found.targetId)),
  ]);
  return stone[0] ?? null;
}

/**
 * What an unsubscribe link does: a subscriber's link deletes the subscription (and every link of it); the owner's
 * "stop find mails" link turns the stone's find mails off. Null for an unknown or expired link.
 */
export async function stopMails(db: Db, token: string): Promise<StoneNames | null> {
  const found = await findMailToken(db, token, ['unsubscribe', 'mute']);
  if (!found) return null;
  if (found.purpose === 'mute') {
    const [stone] = await db
      .update(stones)
      .set({ notifyOnFind: false })
      .where(eq(stones.id, found.targetId))
      .returning({ code: stones.code, title: stones.title });
    return stone ?? null;
  }
  const [names] = await db.batch([
    db
      .select({ code: stones.code, title: stones.title })
      .from(subscriptions)
      .innerJoin(stones, eq(stones.id, subscriptions.stoneId))
      .where(eq(subscriptions.id, found.targetId)),
    db.delete(mailTokens).where(eq(mailTokens.targetId, found.targetId)),
    db.delete(subscriptions).where(eq(subscriptions.id, found.targetId)),
  ]);
  return names[0] ?? null;
}
