import { and, eq, inArray, isNull, or } from 'drizzle-orm';
import type { Locale } from '../../../shared/i18n/locale';
import { batchByName } from '../../db/batch';
import type { Db } from '../../db/client';
import { collectionSubscriptions, collections, emailOutbox, mailTokens, stones, subscriptions } from '../../db/schema';
import { followCollectionStatements, subscribeStatements } from '../../mail/follow-queries';
import type { CollectionNames } from '../../mail/jobs';
import type { LetterPart } from '../../mail/letter-parts';
import type { MemorialJob, MemorialSubject } from '../../mail/memorial';
import { writtenIds } from '../../mail/outbox';
import { findMailToken } from '../../mail/tokens';
import type { StoneRef } from '../stones/queries';

/** What a mail link acted on: a stone (its code), or a collection (its id, and no code). */
type StoneNames = { code: string | null; title: string; collectionId?: string };

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

/** Someone asks to follow a whole collection: as `subscribe`, for the collection's followers. */
export async function followCollection(db: Db, collection: CollectionNames, email: string, locale: Locale): Promise<string[]> {
  const [follower, confirmMail] = followCollectionStatements(db, { collection, email, locale });
  const written = await batchByName(db, { follower, confirmMail });
  return writtenIds(written.confirmMail);
}

/** Confirms the collection follower a confirmation link belongs to (once; the link is used up). */
async function confirmFollower(db: Db, found: { targetId: string; tokenHash: string }): Promise<StoneNames | null> {
  const [, , names] = await db.batch([
    db
      .update(collectionSubscriptions)
      .set({ confirmedAt: new Date() })
      .where(and(eq(collectionSubscriptions.id, found.targetId), isNull(collectionSubscriptions.confirmedAt))),
    db.delete(mailTokens).where(eq(mailTokens.tokenHash, found.tokenHash)),
    followerCollection(db, found.targetId),
  ]);
  return names[0] ? { code: null, title: names[0].title, collectionId: names[0].id } : null;
}

/** The collection a follower follows. */
const followerCollection = (db: Db, followerId: string) =>
  db
    .select({ id: collections.id, title: collections.title })
    .from(collectionSubscriptions)
    .innerJoin(collections, eq(collections.id, collectionSubscriptions.collectionId))
    .where(eq(collectionSubscriptions.id, followerId));

/** Confirms the subscription (or collection follower) a confirmation link belongs to (once; the link is used up), or null. */
export async function confirmSubscription(db: Db, token: string): Promise<StoneNames | null> {
  const found = await findMailToken(db, token, ['confirm', 'confirm-collection']);
  if (!found) return null;
  if (found.purpose === 'confirm-collection') return confirmFollower(db, found);
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
 * A letter's one-click stop: every reading it told ends — its stones' and collections' followers are unsubscribed,
 * its owners' find mails turned off. Names the first stone and every title.
 */
async function stopLetter(db: Db, letterId: string): Promise<StoneNames | null> {
  const [parts, letter] = await db.batch([
    db.select({ payload: emailOutbox.payload }).from(emailOutbox).where(eq(emailOutbox.letterId, letterId)),
    db.select({ kind: emailOutbox.kind, payload: emailOutbox.payload }).from(emailOutbox).where(eq(emailOutbox.id, letterId)),
  ]);
  if (letter[0]?.kind === 'memorial') return stopMemorial(db, JSON.parse(letter[0].payload) as MemorialJob);
  const jobs = parts.map((row) => JSON.parse(row.payload) as LetterPart);
  if (jobs.length === 0) return null;
  const ids = (kind: LetterPart['kind']) => [
    ...new Set(jobs.flatMap((job) => (job.kind !== kind ? [] : job.kind === 'find-owner' ? [job.stoneId] : [job.subscriptionId]))),
  ];
  const followers = ids('find-subscriber');
  const collectionFollowers = ids('find-collection');
  const owned = ids('find-owner');
  await db.batch([
    db.delete(mailTokens).where(inArray(mailTokens.targetId, [...followers, ...collectionFollowers, '-'])),
    db.delete(subscriptions).where(inArray(subscriptions.id, [...followers, '-'])),
    db.delete(collectionSubscriptions).where(inArray(collectionSubscriptions.id, [...collectionFollowers, '-'])),
    db
      .update(stones)
      .set({ notifyOnFind: false })
      .where(inArray(stones.id, [...owned, '-'])),
  ]);
  const titles = [...new Set(jobs.map((job) => (job.kind === 'find-collection' ? job.collection.title : job.title)))];
  return { code: jobs[0]?.code ?? null, title: titles.join(', ') };
}

/**
 * A letter of the year's one-click stop: none comes any more for what it told — its owners' and followers' choice
 * turned off (the follower keeps following the finds). Names the first stone and every title.
 */
async function stopMemorial(db: Db, job: MemorialJob): Promise<StoneNames | null> {
  const ids = (t: MemorialSubject['t']) => [...job.subjects.filter((s) => s.t === t).map((s) => s.id), '-'];
  const off = { memorialLetter: false };
  const followedStones = db
    .select({ id: subscriptions.stoneId })
    .from(subscriptions)
    .where(inArray(subscriptions.id, ids('follower')));
  const followedSets = db
    .select({ id: collectionSubscriptions.collectionId })
    .from(collectionSubscriptions)
    .where(inArray(collectionSubscriptions.id, ids('collection-follower')));
  const [, , , , stoneNames, setNames] = await db.batch([
    db
      .update(stones)
      .set(off)
      .where(inArray(stones.id, ids('stone'))),
    db
      .update(subscriptions)
      .set(off)
      .where(inArray(subscriptions.id, ids('follower'))),
    db
      .update(collections)
      .set(off)
      .where(inArray(collections.id, ids('collection'))),
    db
      .update(collectionSubscriptions)
      .set(off)
      .where(inArray(collectionSubscriptions.id, ids('collection-follower'))),
    db
      .select({ code: stones.code, title: stones.title })
      .from(stones)
      .where(or(inArray(stones.id, ids('stone')), inArray(stones.id, followedStones))),
    db
      .select({ id: collections.id, title: collections.title })
      .from(collections)
      .where(or(inArray(collections.id, ids('collection')), inArray(collections.id, followedSets))),
  ]);
  const titles = [...new Set([...stoneNames, ...setNames].map((row) => row.title))];
  if (titles.length === 0) return null;
  const first = stoneNames[0];
  return first ? { code: first.code, title: titles.join(', ') } : { code: null, title: titles.join(', '), collectionId: setNames[0]?.id };
}

/**
 * What an unsubscribe link does: a subscriber's or collection follower's link deletes the subscription (and every
 * link of it); the owner's "stop find mails" link turns the stone's find mails off. Null for an unknown or expired link.
 */
export async function stopMails(db: Db, token: string): Promise<StoneNames | null> {
  const found = await findMailToken(db, token, ['unsubscribe', 'mute', 'unsubscribe-collection', 'unsubscribe-letter']);
  if (!found) return null;
  if (found.purpose === 'unsubscribe-letter') return stopLetter(db, found.targetId);
  if (found.purpose === 'unsubscribe-collection') {
    const [names] = await db.batch([
      followerCollection(db, found.targetId),
      db.delete(mailTokens).where(eq(mailTokens.targetId, found.targetId)),
      db.delete(collectionSubscriptions).where(eq(collectionSubscriptions.id, found.targetId)),
    ]);
    return names[0] ? { code: null, title: names[0].title, collectionId: names[0].id } : null;
  }
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
