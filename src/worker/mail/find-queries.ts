import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { type FindMailKind, findMailJob, mailDedupe, subjectOf } from './builders';
import type { FindFacts } from './jobs';
import { dedupeKeyWithId, insertMailsFrom, randomId, statusFor, subjectCase } from './queries';

/*
 * The find mails, written by the find's own batch (api/finds/queries.ts): one statement per kind of reader, each
 * writing a row per reader in the reader's language, or none at all.
 */

/**
 * How a find mail statement learns what only the find's own batch knows: whether the find was written (a repeated
 * send writes no mail), the stone's distance after it and the find's plausibility flag.
 */
export interface FindMailState {
  onlyIf: SQL;
  totalDistanceKm: SQL;
  flag: SQL;
  /** Days a missing stone was gone, when this find found it again (NULL otherwise). */
  foundAgainAfterDays: SQL;
  /** The goal this find reached (a JSON object, shared/types.ts GoalReached), NULL when it reached none. */
  goal: SQL;
  /** The finder's photo was stored with the find (the owner's mail only): its row is written earlier in the batch. */
  photo?: SQL;
}

/**
 * The stone a find mail is about: its id, and its collection (a stone joins one when it is made and never moves, so
 * the find's batch can take it from the stone as read before).
 */
export interface FoundStone {
  id: string;
  collectionId: string | null;
}

/**
 * What sets the find mails apart: who reads them, found where, their key, and what the statement fills into the
 * job besides the reader's id.
 */
const findReaders: Record<
  FindMailKind,
  { idPath: string; recipient: SQL; status: SQL; dedupeKey: (findId: string) => SQL; from: (stone: FoundStone) => SQL; fill?: SQL }
> = {
  // Only while the stone's find mails are on.
  'find-owner': {
    idPath: '$.stoneId',
    recipient: sql`creator_email`,
    status: statusFor(sql`notify`),
    dedupeKey: (findId) => sql`${mailDedupe.findOwner(findId)}`,
    from: (stone) => sql`FROM stones WHERE id = ${stone.id} AND notify_on_find = 1`,
  },
  'find-subscriber': {
    idPath: '$.subscriptionId',
    recipient: sql`email`,
    status: statusFor(sql`frequency`),
    dedupeKey: (findId) => dedupeKeyWithId((id) => mailDedupe.findSubscriber(findId, id)),
    // The stone's followers by mail and by push (a push subscription's recipient is `push:<id>`).
    from: (stone) =>
      sql`FROM (SELECT id, email, locale, frequency FROM subscriptions WHERE stone_id = ${stone.id} AND confirmed_at IS NOT NULL UNION ALL SELECT id, 'push:' || id AS email, locale, frequency FROM push_subscriptions WHERE stone_id = ${stone.id}) WHERE 1`,
  },
  // The followers of the stone's collection; one who follows the stone too has its mail already.
  'find-collection': {
    idPath: '$.subscriptionId',
    recipient: sql`email`,
    status: statusFor(sql`cs.frequency`),
    dedupeKey: (findId) => dedupeKeyWithId((id) => mailDedupe.findCollection(findId, id)),
    // By mail and by push alike: a browser that follows the stone itself has its message already.
    from: (stone) =>
      sql`FROM (SELECT cs.id, cs.email, cs.locale, cs.frequency, cs.collection_id FROM collection_subscriptions cs WHERE cs.collection_id = ${stone.collectionId} AND cs.confirmed_at IS NOT NULL AND NOT EXISTS (SELECT 1 FROM subscriptions s WHERE s.stone_id = ${stone.id} AND s.email = cs.email AND s.confirmed_at IS NOT NULL) UNION ALL SELECT p.id, 'push:' || p.id, p.locale, p.frequency, p.collection_id FROM push_subscriptions p WHERE p.collection_id = ${stone.collectionId} AND NOT EXISTS (SELECT 1 FROM push_subscriptions q WHERE q.stone_id = ${stone.id} AND q.endpoint = p.endpoint)) cs WHERE 1`,
    fill: sql`'$.collection.id', cs.collection_id, '$.collection.title', (SELECT c.title FROM collections c WHERE c.id = cs.collection_id)`,
  },
};

/**
 * The find mails of one kind, each in its reader's language, in one statement: the rows are written with the find
 * or not at all.
 */
function insertFindMails(
  kind: FindMailKind,
  db: Db,
  stone: FoundStone,
  findId: string,
  facts: { code: string; title: string; find: FindFacts },
  now: Date,
  state: FindMailState,
) {
  const readers = findReaders[kind];
  const job = findMailJob(kind, facts);
  const payload = readers.fill
    ? sql`json_set(${JSON.stringify(job)}, ${readers.idPath}, id, ${readers.fill})`
    : sql`json_set(${JSON.stringify(job)}, ${readers.idPath}, id)`;
  return insertMailsFrom(
    db,
    kind,
    {
      id: randomId,
      dedupeKey: readers.dedupeKey(findId),
      recipient: readers.recipient,
      locale: sql`locale`,
      payload: state.photo
        ? sql`json_set(${payload}, '$.find.totalDistanceKm', ${state.totalDistanceKm}, '$.find.flag', ${state.flag}, '$.find.foundAgainAfterDays', ${state.foundAgainAfterDays}, '$.find.goal', json(${state.goal}), '$.find.photo', json(CASE WHEN ${state.photo} THEN 'true' ELSE 'false' END))`
        : sql`json_set(${payload}, '$.find.totalDistanceKm', ${state.totalDistanceKm}, '$.find.flag', ${state.flag}, '$.find.foundAgainAfterDays', ${state.foundAgainAfterDays}, '$.find.goal', json(${state.goal}))`,
      subject: subjectCase((locale) => subjectOf(job, locale)),
      status: readers.status,
    },
    sql`${readers.from(stone)} AND ${state.onlyIf}`,
    now,
  );
}

type FindMailArgs = Parameters<typeof insertFindMails> extends [FindMailKind, ...infer Rest] ? Rest : never;

/** The find mail to the owner, in the owner's language. */
export const insertOwnerFindMail = (...args: FindMailArgs) => insertFindMails('find-owner', ...args);

/** One find mail per confirmed subscriber of the stone. */
export const insertSubscriberFindMails = (...args: FindMailArgs) => insertFindMails('find-subscriber', ...args);

/** One find mail per confirmed follower of the stone's collection who does not follow the stone itself. */
export const insertCollectionFindMails = (...args: FindMailArgs) => insertFindMails('find-collection', ...args);
