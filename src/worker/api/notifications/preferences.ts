import { eq } from 'drizzle-orm';
import { FREQUENCIES, type Frequency, OWNER_NOTIFY, type OwnerNotify } from '../../../shared/schemas/notify';
import type { NotificationPreferences } from '../../../shared/types';
import type { Db } from '../../db/client';
import { collectionSubscriptions, collections, stones, subscriptions } from '../../db/schema';
import { ApiError } from '../../lib/errors';
import { findMailToken } from '../../mail/tokens';
import { notifyColumns, notifyOf } from '../stones/queries';

/**
 * The reader a preferences link names, by its token: a stone's follower (`unsubscribe`), a collection's follower
 * (`unsubscribe-collection`) or a stone's owner (`mute`): the same link a find mail or a letter carries to stop
 * them, so whoever may stop the mails may also choose how often they come.
 */
async function readerOf(db: Db, token: string): Promise<{ purpose: 'unsubscribe' | 'unsubscribe-collection' | 'mute'; id: string } | null> {
  const found = await findMailToken(db, token, ['unsubscribe', 'unsubscribe-collection', 'mute']);
  if (!found) return null;
  return { purpose: found.purpose as 'unsubscribe' | 'unsubscribe-collection' | 'mute', id: found.targetId };
}

async function current(db: Db, reader: { purpose: string; id: string }): Promise<NotificationPreferences | null> {
  if (reader.purpose === 'mute') {
    const row = await db
      .select({ code: stones.code, title: stones.title, notifyOnFind: stones.notifyOnFind, notify: stones.notify })
      .from(stones)
      .where(eq(stones.id, reader.id))
      .get();
    return row
      ? { reader: 'owner', frequency: notifyOf(row), choices: [...OWNER_NOTIFY], title: row.title, code: row.code, collectionId: null }
      : null;
  }
  if (reader.purpose === 'unsubscribe-collection') {
    const row = await db
      .select({ frequency: collectionSubscriptions.frequency, title: collections.title, collectionId: collections.id })
      .from(collectionSubscriptions)
      .innerJoin(collections, eq(collections.id, collectionSubscriptions.collectionId))
      .where(eq(collectionSubscriptions.id, reader.id))
      .get();
    return row
      ? {
          reader: 'collection',
          frequency: row.frequency,
          choices: [...FREQUENCIES],
          title: row.title,
          code: null,
          collectionId: row.collectionId,
        }
      : null;
  }
  const row = await db
    .select({ frequency: subscriptions.frequency, title: stones.title, code: stones.code })
    .from(subscriptions)
    .innerJoin(stones, eq(stones.id, subscriptions.stoneId))
    .where(eq(subscriptions.id, reader.id))
    .get();
  return row
    ? { reader: 'stone', frequency: row.frequency, choices: [...FREQUENCIES], title: row.title, code: row.code, collectionId: null }
    : null;
}

/**
 * `POST /api/notifications/preferences`: the current choice of the reader the token names, or, with `frequency`,
 * the choice changed and answered. Held find mails keep waiting: the next letter the new choice allows takes them
 * (decision record 037). Null for an unknown or expired link, or a reader gone since.
 */
export async function preferences(db: Db, token: string, frequency: OwnerNotify | undefined): Promise<NotificationPreferences | null> {
  const reader = await readerOf(db, token);
  if (!reader) return null;
  const before = await current(db, reader);
  if (!before || frequency === undefined || frequency === before.frequency) return before;
  if (!(before.choices as readonly string[]).includes(frequency))
    throw new ApiError(400, 'VALIDATION_ERROR', 'server.notify.invalid', { frequency: { id: 'server.notify.invalid' } });
  if (reader.purpose === 'mute') await db.update(stones).set(notifyColumns(frequency)).where(eq(stones.id, reader.id));
  else if (reader.purpose === 'unsubscribe-collection')
    await db
      .update(collectionSubscriptions)
      .set({ frequency: frequency as Frequency })
      .where(eq(collectionSubscriptions.id, reader.id));
  else
    await db
      .update(subscriptions)
      .set({ frequency: frequency as Frequency })
      .where(eq(subscriptions.id, reader.id));
  return { ...before, frequency };
}
