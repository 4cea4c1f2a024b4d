import type { Db } from '../db/client';
import { log } from '../lib/logger';
import { cardsValidityOfStone, existingCardOwners } from './queries';
import { cardOwnerOf, collectionCardPrefix, stoneCardPrefix } from './storage';

/*
 * Erasing what a share card shows (decision record 025). A card is a picture of the stone at one moment: once a find
 * it shows is hidden, a photo it shows deleted, or a stone of a collection deleted, every card that may show it must
 * go, not only the current one. The change's own batch sets the card column to NULL and `cards_valid_from` to now
 * (queries.ts cardsErased): from that moment the serving route answers no card stored before it (serve.ts). Then the objects
 * are deleted (purgeErasedCards); one that cannot be is not served all the same, and the next render's sweep
 * (storage.ts sweepOldCards) or the cron's orphan sweep removes it. The write's change asks the job for a new card.
 */

/**
 * Deletes the card objects under `prefix` that `keep` does not keep (all without it), page by page. A failure is
 * logged, not thrown: the change it follows is made, and serving refuses what is left (see above).
 */
export async function removeCards(bucket: R2Bucket, prefix: string, keep: (object: R2Object) => boolean = () => false): Promise<void> {
  try {
    let cursor: string | undefined;
    do {
      const page = await bucket.list({ prefix, limit: 1000, ...(cursor ? { cursor } : {}) });
      const gone = page.objects.filter((object) => !keep(object)).map((object) => object.key);
      if (gone.length > 0) await bucket.delete(gone);
      cursor = page.truncated ? page.cursor : undefined;
    } while (cursor);
  } catch (error) {
    log.error('share cards left in the bucket (not served; swept later)', { error: String(error) });
  }
}

/** Keeps the current card and those stored since the erasure (rendered from what is left); all when nothing was erased. */
export const storedSince = (validFrom: Date | null, current: string | null) => (object: R2Object) =>
  validFrom === null || object.uploaded.getTime() >= validFrom.getTime() || (current !== null && object.key.endsWith(`/${current}.png`));

/**
 * After an erasing change of the stone `stoneId` (a hidden find, a deleted photo): removes its cards stored before
 * the erasure, and its collection's when that was erased too. Reads what the change wrote, so it is right whatever
 * the caller thinks changed, and removes nothing when nothing was erased.
 */
export async function purgeErasedCards(db: Db, bucket: R2Bucket, stoneId: string): Promise<void> {
  const validity = await cardsValidityOfStone(db, stoneId);
  if (!validity) return;
  const { stone, collection } = validity;
  if (stone.cardsValidFrom) await removeCards(bucket, stoneCardPrefix(stone.code), storedSince(stone.cardsValidFrom, stone.shareCard));
  if (collection?.cardsValidFrom) {
    await removeCards(bucket, collectionCardPrefix(collection.id), storedSince(collection.cardsValidFrom, collection.shareCard));
  }
}

/** Of share card keys, those whose stone or collection still exists (the others are orphans for the cron's sweep). */
export async function cardKeysWithOwner(db: Db, keys: string[]): Promise<Set<string>> {
  const kept = new Set<string>();
  for (let i = 0; i < keys.length; i += 90) {
    const chunk = keys.slice(i, i + 90).map((key) => ({ key, owner: cardOwnerOf(key) }));
    const codes = [...new Set(chunk.flatMap(({ owner }) => (owner && 'code' in owner ? [owner.code] : [])))];
    const collectionIds = [...new Set(chunk.flatMap(({ owner }) => (owner && 'collectionId' in owner ? [owner.collectionId] : [])))];
    const existing = await existingCardOwners(db, { codes, collectionIds });
    for (const { key, owner } of chunk) {
      if (owner && ('code' in owner ? existing.codes.has(owner.code) : existing.collectionIds.has(owner.collectionId))) kept.add(key);
    }
  }
  return kept;
}
