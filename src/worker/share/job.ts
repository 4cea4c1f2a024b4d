import { formatDistance } from '../../shared/geo';
import { intlTag } from '../../shared/i18n/locale';
import { getDb } from '../db/client';
import { edgeCacheSeconds, invalidate } from '../lib/edge-cache';
import { text } from '../lib/i18n';
import { log } from '../lib/logger';
import { goalName } from '../mail/goal';
import { type CollectionCard, cardVersion, roundJourney, type StoneCard } from './content';
import {
  collectionCardReadAt,
  collectionCardValidity,
  markCollectionCardRead,
  markStoneCardRead,
  readCollectionCard,
  readStoneCard,
  setCollectionCard,
  setStoneCard,
  stoneCardReadAt,
  stoneCardValidity,
} from './queries';
import {
  arrived,
  collectionCardKey,
  collectionCardPrefix,
  type ShareMessage,
  shareTarget,
  stoneCardKey,
  stoneCardPrefix,
  sweepOldCards,
} from './storage';

/*
 * The share job (decision record 025): one queue message names a stone or a collection; the job reads what its
 * card shows, and when that changed since the stored version, renders the card, stores it in R2 and sets the new
 * version with a guarded write. The renderer (fonts, land, decoders: most of the job's size) is loaded by a dynamic
 * import here only, so no page or API request evaluates it.
 */

export type Outcome = 'rendered' | 'unchanged' | 'stored-already' | 'superseded' | 'gone' | 'coalesced';

/*
 * Renders coalesce: a message arrives SHARE_CARD_DEBOUNCE_SECONDS after the write that sent it and asks
 * for the card as it is at its `requestedAt`, the moment it is due (the writes in between sent none and count on it:
 * storage.ts `notOnTheirWay`). The first to arrive reads the newest state and records when it read (`card_read_at`);
 * every later message due before that moment is skipped with one small read ('coalesced'). So a stone or
 * collection is rendered at most once per debounce period (and isolate that asked), always from its newest state.
 *
 * The read's moment is taken this much earlier than the job's clock says: the Worker that stamped the message and
 * the job may run on machines whose clocks differ a little, and a change a moment after the read must not count as
 * read. The cost of the margin is at most one render more.
 */
const CLOCK_MARGIN_MS = 1000;

/** When a read that starts now counts as made (see CLOCK_MARGIN_MS). */
const readMoment = (now: Date) => new Date(now.getTime() - CLOCK_MARGIN_MS);

/** Whether a card read at `readAt` already has what a message asked for at `requestedAt`. */
const alreadyRead = (readAt: Date | null | undefined, requestedAt: number | undefined) =>
  requestedAt !== undefined && readAt != null && readAt.getTime() >= requestedAt;

const frame = (env: Env) => ({ productName: env.PRODUCT_NAME, host: new URL(env.PUBLIC_SITE_URL).host });

const renderer = () => import('./render/worker-render');

/**
 * The pages and JSON that name the card are in the edge cache (decision record 014): a new generation there, so
 * this data centre's next read names the new card. Elsewhere the cached page names the previous card, which
 * still answers, for at most EDGE_CACHE_SECONDS.
 */
const refreshReads = (env: Env, scope: `stone:${string}` | `collection:${string}`) =>
  invalidate(new URL(env.PUBLIC_SITE_URL).origin, [scope], edgeCacheSeconds(env), null);

/**
 * A card this render stored but could not set: what it shows changed meanwhile, perhaps by an erasure (a find
 * hidden, the stone deleted) after the read, and it was stored after that erasure's `cards_valid_from`, which alone
 * would let it be served. So it goes, unless another render has made the same version current meanwhile.
 */
async function forgetSuperseded(bucket: R2Bucket, key: string, version: string, current: string | null | undefined): Promise<void> {
  if (current !== version) await bucket.delete(key);
}

/**
 * Renders the stone's card when what it shows changed and no read since `requestedAt` has it already; answers what
 * it did, and the stone's collection. `now` is the job's clock (tests move it past a debounce or a grace period).
 */
export async function renderStoneShare(
  env: Env,
  code: string,
  now = new Date(),
  requestedAt?: number,
): Promise<{ outcome: Outcome; collectionId: string | null }> {
  const db = getDb(env.DB);
  if (requestedAt !== undefined) {
    const seen = await stoneCardReadAt(db, code);
    if (!seen) return { outcome: 'gone', collectionId: null };
    if (alreadyRead(seen.readAt, requestedAt)) return { outcome: 'coalesced', collectionId: seen.collectionId };
  }
  const readAt = readMoment(now);
  const read = await readStoneCard(db, code);
  if (!read) return { outcome: 'gone', collectionId: null };
  const done = (outcome: Outcome) => ({ outcome, collectionId: read.stone.collectionId });
  const { stone, journey, photo } = read;
  const card: StoneCard = {
    ...frame(env),
    title: stone.title,
    code: stone.code,
    distance: formatDistance(stone.totalDistanceKm, intlTag[stone.locale]),
    finds: text(stone.locale, 'server-owner.share.finds', { count: stone.findCount }),
    journey: roundJourney(journey),
    photo: photo?.r2Key ?? null,
    // Only a reached goal is on the card, and only then is it part of its content (older cards keep their versions).
    ...(stone.goalReachedAt
      ? {
          goal: text(stone.locale, 'server-owner.share.goal', {
            goal: goalName({ name: stone.goalName, country: stone.goalCountry, note: '' }, stone.locale),
          }),
        }
      : {}),
  };
  const version = await cardVersion(card);
  if (version === stone.shareCard) {
    await markStoneCardRead(db, stone.id, readAt);
    return done('unchanged');
  }
  const key = stoneCardKey(stone.code, version);
  // The same content was rendered before (a retry after the write failed, a find hidden and shown again).
  const stored = (await env.PHOTOS.head(key)) !== null;
  if (!stored) {
    const object = photo ? await env.PHOTOS.get(photo.r2Key) : null;
    const photoBytes = object && photo ? { bytes: new Uint8Array(await object.arrayBuffer()), contentType: photo.contentType } : null;
    const { png, photoLeftOut } = await (await renderer()).stonePng(card, photoBytes);
    if (photoLeftOut) log.warn('share card without its photo', { code: stone.code, reason: photoLeftOut });
    await env.PHOTOS.put(key, png, { httpMetadata: { contentType: 'image/png' } });
  }
  if (!(await setStoneCard(db, stone.id, version, stone.state, readAt))) {
    if (!stored) await forgetSuperseded(env.PHOTOS, key, version, (await stoneCardValidity(db, stone.code))?.shareCard);
    return done('superseded');
  }
  await refreshReads(env, `stone:${stone.code}`);
  await sweepOldCards(env.PHOTOS, stoneCardPrefix(stone.code), key, now, stone.cardsValidFrom);
  return done(stored ? 'stored-already' : 'rendered');
}

/** As renderStoneShare, for a memorial collection's card. */
export async function renderCollectionShare(env: Env, id: string, now = new Date(), requestedAt?: number): Promise<Outcome> {
  const db = getDb(env.DB);
  if (requestedAt !== undefined) {
    const readAt = await collectionCardReadAt(db, id);
    if (readAt === undefined) return 'gone';
    if (alreadyRead(readAt, requestedAt)) return 'coalesced';
  }
  const readAt = readMoment(now);
  const origin = env.PUBLIC_SITE_URL.replace(/\/$/, '');
  const read = await readCollectionCard(db, id, (locale) => ({ origin, locale: intlTag[locale] }));
  if (!read) return 'gone';
  const { view, locale } = read;
  const card: CollectionCard = {
    ...frame(env),
    title: view.title,
    dedication: view.dedication,
    stones: text(locale, 'server-owner.share.stones', { count: view.stones.length }),
    distance: view.formattedDistance,
    finds: text(locale, 'server-owner.share.finds', { count: view.findCount }),
    journeys: view.stones.map((stone) => roundJourney(stone.journey)),
  };
  const version = await cardVersion(card);
  if (version === read.shareCard) {
    await markCollectionCardRead(db, id, readAt);
    return 'unchanged';
  }
  const key = collectionCardKey(id, version);
  const stored = (await env.PHOTOS.head(key)) !== null;
  if (!stored) await env.PHOTOS.put(key, await (await renderer()).collectionPng(card), { httpMetadata: { contentType: 'image/png' } });
  if (!(await setCollectionCard(db, id, version, read.state, readAt))) {
    if (!stored) await forgetSuperseded(env.PHOTOS, key, version, (await collectionCardValidity(db, id))?.shareCard);
    return 'superseded';
  }
  await refreshReads(env, `collection:${id}`);
  await sweepOldCards(env.PHOTOS, collectionCardPrefix(id), key, now, read.cardsValidFrom);
  return stored ? 'stored-already' : 'rendered';
}

/** A stone's card, then its collection's (a find on any of its stones changes the collection's figures and map). */
async function handle(env: Env, message: ShareMessage, now: Date): Promise<Outcome[]> {
  if (message.share === 'collection') return [await renderCollectionShare(env, message.id, now, message.requestedAt)];
  const { outcome, collectionId } = await renderStoneShare(env, message.code, now, message.requestedAt);
  return collectionId ? [outcome, await renderCollectionShare(env, collectionId, now, message.requestedAt)] : [outcome];
}

/** Retries: 1 min, 2, 4 … (the queue gives up after max_retries; the next change renders the card anyway). */
const retryDelay = (attempts: number) => Math.min(900, 60 * 2 ** Math.max(0, attempts - 1));

/**
 * The share messages of a queue batch; the same stone or collection twice in one batch is handled once, for the
 * newest of its messages. Answers what the job did for each card it looked at (tests count the renders).
 */
export async function handleShareMessages(messages: ReadonlyArray<Message<ShareMessage>>, env: Env, now = new Date()): Promise<Outcome[]> {
  const newest = new Map<string, Message<ShareMessage>>();
  for (const message of messages) {
    const seen = newest.get(shareTarget(message.body));
    if (!seen || (message.body.requestedAt ?? Number.MAX_SAFE_INTEGER) >= (seen.body.requestedAt ?? Number.MAX_SAFE_INTEGER))
      newest.set(shareTarget(message.body), message);
  }
  arrived(messages.map((message) => message.body));
  const outcomes: Outcome[] = [];
  for (const message of messages) {
    if (newest.get(shareTarget(message.body)) !== message) {
      message.ack();
      continue;
    }
    try {
      outcomes.push(...(await handle(env, message.body, now)));
      message.ack();
    } catch (error) {
      log.error('share card failed, will retry', { target: shareTarget(message.body), attempt: message.attempts, error: String(error) });
      message.retry({ delaySeconds: retryDelay(message.attempts) });
    }
  }
  return outcomes;
}
