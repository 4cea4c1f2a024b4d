import { eq, isNull, sql } from 'drizzle-orm';
import type { Precision } from '../../shared/schemas/precision';
import type { Db } from '../db/client';
import { emailOutbox, finds, stones } from '../db/schema';

/** A find whose precision was never stored, with what its review needs of it and of its stone. */
export function unreviewedFinds(db: Db, limit: number) {
  return (
    db
      .select({
        id: finds.id,
        location: finds.location,
        latitude: finds.latitude,
        longitude: finds.longitude,
        createdAt: finds.createdAt,
        code: stones.code,
        collectionId: stones.collectionId,
      })
      .from(finds)
      .innerJoin(stones, eq(stones.id, finds.stoneId))
      // Only the rows the partial index finds_precision_unreviewed_idx holds: never a scan of every find.
      .where(isNull(finds.precision))
      .limit(limit)
  );
}

/** A reviewed find: its precision and place, the place it had, and what its mails name it by. */
export interface ReviewedPlace {
  id: string;
  precision: Precision;
  location: string;
  previous: string;
  /** The stone's code and the find's time (ISO), as every find mail's payload carries them. */
  code: string;
  createdAt: string;
}

const field = (path: string) => sql.raw(`json_extract(r.value, '$.${path}')`);

/**
 * Stores the reviewed finds' precision and place, and gives the mails that named a changed place (any status:
 * waiting, sent and kept, failed) the new one: the find mails by the stone's code, the find's time and the old
 * place; the `stone-missing` mails by the code and the old place as the last seen place. One batch of three
 * statements, however many finds (each list travels as one JSON parameter). A find reviewed meanwhile (a second
 * run) is left as it is.
 */
export async function storeReviewedPlaces(db: Db, reviewed: readonly ReviewedPlace[]): Promise<void> {
  await db.batch(reviewStatements(db, reviewed));
}

/** The review's statements: the finds by their key, the mails by the code's index (email_outbox_code_idx). */
export function reviewStatements(db: Db, reviewed: readonly ReviewedPlace[]) {
  const changed = JSON.stringify(reviewed.filter((find) => find.location !== find.previous));
  const code = sql`json_extract(${emailOutbox.payload}, '$.code') = ${field('code')}`;
  return [
    db
      .update(finds)
      .set({ precision: sql`${field('precision')}`, location: sql`${field('location')}` })
      .from(sql`json_each(${JSON.stringify(reviewed)}) r`)
      .where(sql`${finds.id} = ${field('id')} AND ${finds.precision} IS NULL`),
    db
      .update(emailOutbox)
      .set({ payload: sql`json_set(${emailOutbox.payload}, '$.find.location', ${field('location')})` })
      .from(sql`json_each(${changed}) r`)
      .where(
        sql`${code} AND json_extract(${emailOutbox.payload}, '$.find.createdAt') = ${field('createdAt')} AND json_extract(${emailOutbox.payload}, '$.find.location') = ${field('previous')}`,
      ),
    db
      .update(emailOutbox)
      .set({ payload: sql`json_set(${emailOutbox.payload}, '$.lastSeenPlace', ${field('location')})` })
      .from(sql`json_each(${changed}) r`)
      .where(
        sql`${emailOutbox.kind} = 'stone-missing' AND ${code} AND json_extract(${emailOutbox.payload}, '$.lastSeenPlace') = ${field('previous')}`,
      ),
  ] as const;
}
