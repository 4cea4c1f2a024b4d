import { and, eq, or, type SQL, sql } from 'drizzle-orm';
import { hasPosition, type Position } from '../../../shared/geo';
import type { Locale } from '../../../shared/i18n/locale';
import type { FindInput } from '../../../shared/schemas/find';
import type { FindView } from '../../../shared/types';
import { batchByName, type NamedResults } from '../../db/batch';
import type { Db } from '../../db/client';
import { FIND_COLUMNS } from '../../db/columns';
import { uniqueViolation } from '../../db/errors';
import { finds, stones } from '../../db/schema';
import { countryAt } from '../../geo/countries';
import { ApiError } from '../../lib/errors';
import { shownPlace } from '../../lib/legacy-place';
import { insertCollectionFindMails, insertOwnerFindMail, insertSubscriberFindMails } from '../../mail/find-queries';
import { subscribeStatements } from '../../mail/follow-queries';
import { writtenIds } from '../../mail/outbox';
import { findPhotoWritten, insertFindPhoto, type StoredFindPhoto } from '../../photos/find-photo-queries';
import { changeTotals } from '../statistics/queries';
import type { FindStone } from '../stones/queries';
import { legFromSql } from './distance-sql';
import * as guard from './guard-sql';

export interface AddedFind {
  find: FindView;
  totalDistance: number;
  /** The site totals after this find, for the statistics cache (none for a replay). */
  totals: Array<{ stoneCount: number; findCount: number; totalDistanceKm: number }>;
  /** Outbox rows written with the find (owner, subscribers, the finder's confirmation), to be queued. */
  mailIds: string[];
  /** The send repeated a key the device used before: the answer is the find stored then, nothing was written. */
  replayed: boolean;
  /** The finder's photo's row was written with the find (false without one, for a replay, or when the stone had no room). */
  photoStored: boolean;
}

/** What the finder's device and network tell about this find (both optional: a test or a script may send neither). */
export interface FindClient {
  /** The device's `Idempotency-Key` for this find. */
  key: string | null;
  /** The client's keyed hash for this stone (lib/client-hash.ts), for the repeat check. */
  hash: string | null;
  /** The finder's photo, already in R2: its row joins the batch (none for a JSON find, which costs nothing more). */
  photo?: StoredFindPhoto | null;
  /** Days the photo waits for the owner before the cron deletes it (FIND_PHOTO_PENDING_DAYS): the owner's mail says so. */
  photoPendingDays?: number;
}

/**
 * Adds a find in one atomic batch that reads the stone's state inside the transaction: the next sequence number,
 * the leg from the last counted position (computed by SQLite), the plausibility flag, the stone's distance, its
 * share of the site totals and its mails (to the owner, to every confirmed subscriber, and a confirmation to a
 * finder who gave an address). D1 runs batches one after another, so concurrent finds on one stone queue up
 * instead of failing: nothing to retry, and the stored distance equals a recomputation over the counted finds
 * (decision records 002 and 017). A key the device sent before (`Idempotency-Key`) writes nothing: every
 * statement after the insert is guarded by the new row existing, and the answer is the find stored the first time.
 * The write reads a constant number of rows, however many stones and finds exist.
 */
export async function addFind(
  db: Db,
  stone: FindStone,
  input: FindInput,
  locale: Locale,
  client: FindClient = { key: null, hash: null },
): Promise<AddedFind> {
  const stoneId = stone.id;
  const position: Position | null =
    input.latitude !== null && input.longitude !== null && hasPosition(input)
      ? { latitude: input.latitude, longitude: input.longitude }
      : null;
  // The country from the position and the outlines; the device's word only where they cannot tell (geo/countries.ts).
  // Without a position, the device's word as it came.
  const countryCode = position ? await countryAt(position, input.countryCode) : input.countryCode;
  const id = crypto.randomUUID();
  const createdAt = new Date();
  const now = createdAt.getTime();
  const inserted = guard.findInserted(id);
  const counted = guard.findCounted(id);
  // The stone's last counted position as the batch reads it (aliased `s`), before the stone's own update.
  const last = { latitude: sql`s.last_latitude`, longitude: sql`s.last_longitude`, at: sql`s.last_position_at` };
  // Only a positioned find on a stone whose goal is open may reach it: the others' batch carries no goal SQL. A goal
  // set after the stone was read (a millisecond ago) is reached by the next find.
  const reaches = stone.goalOpen && position !== null;
  const flag = guard.findFlagSql(guard.speedFlagSql(last, position, now), guard.repeatFlagSql(client.hash, now));
  const facts = {
    code: stone.code,
    title: stone.title,
    find: {
      location: input.location,
      latitude: position?.latitude ?? null,
      longitude: position?.longitude ?? null,
      comment: input.comment,
      createdAt: createdAt.toISOString(),
      kept: input.keep,
      // Filled in by the statement from the stone as this find left it (see `insertOwnerFindMail`).
      totalDistanceKm: 0,
    },
  };
  const findState = {
    totalDistanceKm: sql`(SELECT ${stones.totalDistanceKm} FROM ${stones} WHERE ${stones.id} = ${stoneId})`,
    flag: guard.storedFlagSql(id),
    foundAgainAfterDays: sql`(SELECT ${finds.foundAgainAfterDays} FROM ${finds} WHERE ${finds.id} = ${id})`,
    goal: reaches ? guard.goalReachedBySql(stoneId, now) : sql`NULL`,
  };
  // A finder's address is for following the stone only: it lives in that subscription (confirmed or deleted after a
  // week), never on the find, which keeps `finder_email` empty.
  const follow = input.finderEmail
    ? subscribeStatements(db, { stoneId, email: input.finderEmail, locale, code: stone.code, title: stone.title, follow: true }, createdAt)
    : undefined;
  const statements = {
    find: db
      .insert(finds)
      .select(
        sql`SELECT ${id}, s.id, s.find_seq + 1, ${input.location}, ${position?.latitude ?? null}, ${position?.longitude ?? null}, ${input.comment}, NULL, 0, ${now}, ${client.key}, ${client.hash}, ${flag}, 0, ${input.keep ? 1 : 0}, ${guard.foundAgainSql(flag, now)}, ${countryCode}, NULL, ${input.precision} FROM ${stones} s WHERE s.id = ${stoneId}`,
      )
      .onConflictDoNothing({ target: [finds.stoneId, finds.clientKey] }),
    photo: client.photo ? insertFindPhoto(db, id, stoneId, client.photo, inserted, createdAt) : undefined,
    // The site totals before the stone's own update: the leg is measured from the stone's last position as it was.
    totals: changeTotals(
      db,
      {
        finds: 1,
        km: sql`(SELECT CASE WHEN ${counted} THEN ${legFromSql(last.latitude, last.longitude, position)} ELSE 0 END FROM ${stones} s WHERE s.id = ${stoneId})`,
      },
      inserted,
    ),
    stone: db
      .update(stones)
      .set({
        findSeq: sql`${stones.findSeq} + 1`,
        // A counted find says where the stone is now: with its finder for a while, or on its way again.
        ...guard.statusAfterFind(counted, input.keep ? 'resting' : 'travelling', now),
        totalDistanceKm: sql`${stones.totalDistanceKm} + CASE WHEN ${counted} THEN ${legFromSql(sql`last_latitude`, sql`last_longitude`, position)} ELSE 0 END`,
        ...(reaches ? { goalReachedAt: guard.goalReachedSql(counted, position, countryCode, now) } : {}),
        ...(position
          ? {
              lastLatitude: sql`CASE WHEN ${counted} THEN ${position.latitude} ELSE ${stones.lastLatitude} END`,
              lastLongitude: sql`CASE WHEN ${counted} THEN ${position.longitude} ELSE ${stones.lastLongitude} END`,
              lastPositionAt: sql`CASE WHEN ${counted} THEN ${now} ELSE ${stones.lastPositionAt} END`,
            }
          : {}),
      })
      .where(and(eq(stones.id, stoneId), inserted)),
    // Only the owner hears of a photo: it waits for their approval, and nobody else may see it before. Whether its
    // row was written (a stone with no room for another waiting photo stores the find without it) is read in SQL.
    ownerMail: insertOwnerFindMail(
      db,
      stone,
      id,
      client.photo ? { ...facts, find: { ...facts.find, photoPendingDays: client.photoPendingDays } } : facts,
      createdAt,
      { onlyIf: inserted, ...findState, photo: client.photo ? findPhotoWritten(id) : undefined },
    ),
    // Before the finder's own subscription is written: a finder is not mailed about their own find. A flagged
    // find waits for the owner; its followers hear of the next plausible one.
    subscriberMails: insertSubscriberFindMails(db, stone, id, facts, createdAt, { onlyIf: and(inserted, counted) as SQL, ...findState }),
    // The followers of the stone's collection, each once: one who follows the stone as well has its mail above. A
    // stone in no collection has no such statement, so the write costs it nothing.
    collectionMails: stone.collectionId
      ? insertCollectionFindMails(db, stone, id, facts, createdAt, { onlyIf: and(inserted, counted) as SQL, ...findState })
      : undefined,
    // This find, or the one stored the first time the device sent its key.
    stored: db
      .select({ ...FIND_COLUMNS, totalDistanceKm: stones.totalDistanceKm })
      .from(finds)
      .innerJoin(stones, eq(stones.id, finds.stoneId))
      .where(and(eq(finds.stoneId, stoneId), client.key ? or(eq(finds.id, id), eq(finds.clientKey, client.key)) : eq(finds.id, id))),
    followSubscription: follow?.[0],
    followMail: follow?.[1],
  };
  let results: NamedResults<typeof statements>;
  try {
    results = await batchByName(db, statements);
  } catch (error) {
    // D1 runs the batch as one transaction and batches one after another, so the next number cannot be taken in
    // between; should it ever be, the whole batch was refused and nothing was written.
    if (uniqueViolation(error, 'finds.stone_id')) throw new ApiError(503, 'BUSY', 'server.api.busy');
    throw error;
  }
  const row = results.stored[0];
  if (!row) throw new ApiError(404, 'STONE_NOT_FOUND', 'server.api.stoneNotFound');
  const replayed = row.id !== id;
  if (replayed && (row.location !== input.location || row.comment !== input.comment))
    throw new ApiError(422, 'IDEMPOTENCY_KEY_REUSED', 'server.api.idempotencyKeyReused');
  return {
    find: {
      id: row.id,
      // As stored: the schema left out street, number and postcode (a replay of a legacy key shows it as reviewed).
      location: shownPlace(row),
      latitude: row.latitude,
      longitude: row.longitude,
      comment: row.comment,
      createdAt: row.createdAt.toISOString(),
      pending: row.flag !== null && !row.flagAccepted,
      kept: row.kept,
      foundAgainAfterDays: row.foundAgainAfterDays,
      // A new photo waits for the owner; the public view shows none until then.
      photo: null,
    },
    totalDistance: row.totalDistanceKm,
    totals: replayed ? [] : results.totals,
    mailIds: replayed
      ? []
      : writtenIds(results.ownerMail, results.subscriberMails, results.collectionMails ?? [], results.followMail ?? []),
    replayed,
    photoStored: (results.photo?.length ?? 0) > 0,
  };
}
