import { eq } from 'drizzle-orm';
import { FREQUENCIES, type Frequency, OWNER_NOTIFY, type OwnerNotify } from '../../../shared/schemas/notify';
import type { NotificationPreferences } from '../../../shared/types';
import type { Db } from '../../db/client';
import { collectionSubscriptions, collections, stones, subscriptions } from '../../db/schema';
import { ApiError } from '../../lib/errors';
import { findMailToken } from '../../mail/tokens';
import { berlinTime } from '../../settings/digest';
import { notifyColumns, notifyOf } from '../stones/queries';

type Purpose = 'unsubscribe' | 'unsubscribe-collection' | 'mute';

/**
 * The reader a preferences link names, by its token: a stone's follower (`unsubscribe`), a collection's follower
 * (`unsubscribe-collection`) or a stone's owner (`mute`): the same link a find mail or a letter carries to stop
 * them, so whoever may stop the mails may also choose how often they come.
 */
async function readerOf(db: Db, token: string): Promise<{ purpose: Purpose; id: string } | null> {
  const found = await findMailToken(db, token, ['unsubscribe', 'unsubscribe-collection', 'mute']);
  if (!found) return null;
  return { purpose: found.purpose as Purpose, id: found.targetId };
}

/**
 * When the letter of the year comes to a reader: on the memorial day; without one, to the owner on the creation's
 * anniversary (German calendar day), to a follower never.
 */
const memorialOf = (owner: boolean, memorialDay: string | null, createdAt: Date) =>
  memorialDay !== null
    ? { memorialDay, memorialAnniversary: false }
    : owner
      ? { memorialDay: berlinTime(createdAt).day.slice(5), memorialAnniversary: true }
      : { memorialDay: null, memorialAnniversary: false };

async function current(db: Db, reader: { purpose: Purpose; id: string }): Promise<NotificationPreferences | null> {
  if (reader.purpose === 'mute') {
    const row = await db
      .select({
        code: stones.code,
        title: stones.title,
        notifyOnFind: stones.notifyOnFind,
        notify: stones.notify,
        memorialDay: stones.memorialDay,
        memorialLetter: stones.memorialLetter,
        createdAt: stones.createdAt,
      })
      .from(stones)
      .where(eq(stones.id, reader.id))
      .get();
    return row
      ? {
          reader: 'owner',
          frequency: notifyOf(row),
          choices: [...OWNER_NOTIFY],
          title: row.title,
          code: row.code,
          collectionId: null,
          memorialLetter: row.memorialLetter,
          ...memorialOf(true, row.memorialDay, row.createdAt),
        }
      : null;
  }
  if (reader.purpose === 'unsubscribe-collection') {
    const row = await db
      .select({
        frequency: collectionSubscriptions.frequency,
        memorialLetter: collectionSubscriptions.memorialLetter,
        title: collections.title,
        collectionId: collections.id,
        memorialDay: collections.memorialDay,
        createdAt: collections.createdAt,
      })
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
          memorialLetter: row.memorialLetter,
          ...memorialOf(false, row.memorialDay, row.createdAt),
        }
      : null;
  }
  const row = await db
    .select({
      frequency: subscriptions.frequency,
      memorialLetter: subscriptions.memorialLetter,
      title: stones.title,
      code: stones.code,
      memorialDay: stones.memorialDay,
      createdAt: stones.createdAt,
    })
    .from(subscriptions)
    .innerJoin(stones, eq(stones.id, subscriptions.stoneId))
    .where(eq(subscriptions.id, reader.id))
    .get();
  return row
    ? {
        reader: 'stone',
        frequency: row.frequency,
        choices: [...FREQUENCIES],
        title: row.title,
        code: row.code,
        collectionId: null,
        memorialLetter: row.memorialLetter,
        ...memorialOf(false, row.memorialDay, row.createdAt),
      }
    : null;
}

/** The reader's row changed: the owner's stone, or the follower's subscription. */
function write(db: Db, reader: { purpose: Purpose; id: string }, set: { frequency?: OwnerNotify; memorialLetter?: boolean }) {
  const memorial = set.memorialLetter !== undefined ? { memorialLetter: set.memorialLetter } : {};
  if (reader.purpose === 'mute')
    return db
      .update(stones)
      .set({ ...(set.frequency !== undefined ? notifyColumns(set.frequency) : {}), ...memorial })
      .where(eq(stones.id, reader.id));
  const frequency = set.frequency !== undefined ? { frequency: set.frequency as Frequency } : {};
  return reader.purpose === 'unsubscribe-collection'
    ? db
        .update(collectionSubscriptions)
        .set({ ...frequency, ...memorial })
        .where(eq(collectionSubscriptions.id, reader.id))
    : db
        .update(subscriptions)
        .set({ ...frequency, ...memorial })
        .where(eq(subscriptions.id, reader.id));
}

/**
 * `POST /api/notifications/preferences`: the current choices of the reader the token names, or, with `frequency`
 * or `memorialLetter`, the choices changed and answered. Held find mails keep waiting: the next letter the new
 * choice allows takes them (decision record 037). Null for an unknown or expired link, or a reader gone since.
 */
export async function preferences(
  db: Db,
  token: string,
  change: { frequency?: OwnerNotify; memorialLetter?: boolean },
): Promise<NotificationPreferences | null> {
  const reader = await readerOf(db, token);
  if (!reader) return null;
  const before = await current(db, reader);
  if (!before) return null;
  const frequency = change.frequency !== undefined && change.frequency !== before.frequency ? change.frequency : undefined;
  const memorialLetter =
    change.memorialLetter !== undefined && change.memorialLetter !== before.memorialLetter ? change.memorialLetter : undefined;
  if (frequency !== undefined && !(before.choices as readonly string[]).includes(frequency))
    throw new ApiError(400, 'VALIDATION_ERROR', 'server.notify.invalid', { frequency: { id: 'server.notify.invalid' } });
  if (frequency === undefined && memorialLetter === undefined) return before;
  await write(db, reader, { frequency, memorialLetter });
  return { ...before, ...(frequency !== undefined ? { frequency } : {}), ...(memorialLetter !== undefined ? { memorialLetter } : {}) };
}
