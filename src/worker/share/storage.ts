import { log } from '../lib/logger';
import { DEFAULT_SHARE_CARD_DEBOUNCE_SECONDS, shareCardDebounceSeconds } from '../settings/checks';

/*
 * Where share cards live and how the job is asked for one. The cards are objects in the PHOTOS bucket under
 * `share/` (the owners' photos are `<uuid>.<ext>` at its root: the two never meet), named by the version
 * (shared/share-image.ts). Renders travel on the mail queue as a second kind of message (decision record 025).
 */

/**
 * A queue message asking for a stone's or a collection's card, as it is at `requestedAt` (epoch milliseconds: the
 * moment the message is due, SHARE_CARD_DEBOUNCE_SECONDS after the write that sent it; the writes until then that
 * sent none count on it, `notOnTheirWay` below): the job skips it when the current card was read after that moment.
 * Messages queued by a version before renders coalesced have none and are always handled.
 */
export type ShareMessage = ({ share: 'stone'; code: string } | { share: 'collection'; id: string }) & { requestedAt?: number };

export function isShareMessage(body: unknown): body is ShareMessage {
  if (typeof body !== 'object' || body === null) return false;
  const message = body as Record<string, unknown>;
  if (message.requestedAt !== undefined && !Number.isSafeInteger(message.requestedAt)) return false;
  return (
    (message.share === 'stone' && typeof message.code === 'string') || (message.share === 'collection' && typeof message.id === 'string')
  );
}

/** Whether an object of the bucket is a share card (the photos' orphan sweep leaves them to the share job). */
export const isShareCardKey = (key: string) => key.startsWith('share/');

export const stoneCardPrefix = (code: string) => `share/stone/${code}/`;
export const collectionCardPrefix = (id: string) => `share/collection/${id}/`;
export const stoneCardKey = (code: string, version: string) => `${stoneCardPrefix(code)}${version}.png`;
export const collectionCardKey = (id: string, version: string) => `${collectionCardPrefix(id)}${version}.png`;

/** The stone's code or the collection's id a card's key names, or null for a key that is no card's. */
export function cardOwnerOf(key: string): { code: string } | { collectionId: string } | null {
  const found = /^share\/(stone|collection)\/([^/]+)\/[^/]+$/.exec(key);
  if (!found?.[2]) return null;
  return found[1] === 'stone' ? { code: found[2] } : { collectionId: found[2] };
}

/**
 * How long a replaced card stays: a link shared before the change shows its card (messengers fetch it when the
 * link is first posted, some again later) for a week after a newer one took its place.
 */
export const SUPERSEDED_CARD_DAYS = 7;

/**
 * Deletes the cards under `prefix` (one stone's or collection's) that a newer one replaced more than the grace
 * period ago: a card was replaced when the next one was stored. Run by the job after each new card, so a card is
 * never older than a week past its replacement when the stone changes again; a stone that never changes again
 * keeps at most the cards of its last week of changes. A card stored before `validFrom` (the stone's or
 * collection's `cards_valid_from`: it may show something since erased) has no grace: one that the erasure could not
 * delete goes now.
 */
export async function sweepOldCards(
  bucket: R2Bucket,
  prefix: string,
  current: string,
  now: Date,
  validFrom: Date | null = null,
): Promise<void> {
  const listed = await bucket.list({ prefix, limit: 1000 });
  const objects = [...listed.objects].sort((a, b) => a.uploaded.getTime() - b.uploaded.getTime());
  const cutoff = now.getTime() - SUPERSEDED_CARD_DAYS * 86_400_000;
  const old = objects.filter((object, i) => {
    const replacedAt = objects[i + 1]?.uploaded.getTime();
    const erased = validFrom !== null && object.uploaded.getTime() < validFrom.getTime();
    return object.key !== current && (erased || (replacedAt !== undefined && replacedAt < cutoff));
  });
  if (old.length > 0) await bucket.delete(old.map((object) => object.key));
}

/*
 * The cards this isolate has asked for whose message is still on its way. A write to a stone or a
 * collection whose message is due later sends none of its own: that message, read when it arrives, finds the
 * newest state, this write's included. So a message covers the writes until it is due, and says so: its
 * `requestedAt` is the moment it is due, and the job skips it only when the card was read after that moment
 * (job.ts). A burst of finds on one stone sends one message per debounce period instead of one per find, and
 * the queue and the job see a message per card, not per write.
 *
 * Memory of one isolate: another isolate, or this one after an eviction, asks once more — never less. A message that
 * could not be sent is not remembered, so the next write asks again.
 */

/** `stone:{code}` or `collection:{id}` → when its message is due (epoch milliseconds). */
const due = new Map<string, number>();
/** Past this many, the entries already due are dropped (a busy isolate meets many stones). */
const PRUNE_AT = 1000;

/** The card a message asks for: `stone:{code}` or `collection:{id}` (the job handles one message per card and batch). */
export const shareTarget = (message: ShareMessage) => (message.share === 'stone' ? `stone:${message.code}` : `collection:${message.id}`);

/** The messages whose card has no message on its way at `now`. */
function notOnTheirWay(messages: readonly ShareMessage[], now: number): ShareMessage[] {
  return messages.filter((message) => (due.get(shareTarget(message)) ?? 0) <= now);
}

/** Remembers the messages sent, each due at its `requestedAt`. */
function onTheirWay(messages: readonly ShareMessage[], now: number): void {
  if (due.size >= PRUNE_AT) for (const [key, at] of due) if (at <= now) due.delete(key);
  for (const message of messages) if (message.requestedAt !== undefined) due.set(shareTarget(message), message.requestedAt);
}

/**
 * The messages have arrived: their cards have none on its way from this isolate any more (one due later stays).
 * A queue delivers a message when it is due, so this changes nothing there; a Worker test delivers at once.
 */
export function arrived(messages: readonly ShareMessage[]): void {
  for (const message of messages) {
    const key = shareTarget(message);
    if ((due.get(key) ?? 0) <= (message.requestedAt ?? Number.MAX_SAFE_INTEGER)) due.delete(key);
  }
}

/** Forgets every message on its way: the Worker tests' storage reset empties the queue they were in. */
export function forgetMessagesOnTheirWay(): void {
  due.clear();
}

/**
 * Asks the job for the cards (after the write that changed them, through waitUntil: no answer waits). A message
 * that does not reach the queue leaves the card one change behind until the next change; the write itself stands.
 * `SHARE_IMAGES = "off"` (the Worker tests, which deliver share messages themselves) queues nothing.
 *
 * Renders coalesce (decision record 025): each message is delivered after SHARE_CARD_DEBOUNCE_SECONDS and stamped
 * with that moment, so the first to arrive renders the newest state and the others find it on the card; a write
 * whose card already has a message on its way from this isolate sends none (`notOnTheirWay` below). `spacingSeconds`
 * spreads many messages out (the cron's catch-up), one more step of delay each; those are sent as they are.
 */
export async function queueShareCards(env: Env, messages: readonly ShareMessage[], spacingSeconds = 0): Promise<void> {
  if (env.SHARE_IMAGES === 'off' || messages.length === 0) return;
  const now = Date.now();
  const delay = shareCardDebounceSeconds(env) ?? DEFAULT_SHARE_CARD_DEBOUNCE_SECONDS;
  const asked = spacingSeconds === 0 ? notOnTheirWay(messages, now) : [...messages];
  if (asked.length === 0) return;
  const sent = asked.map((message, i) => {
    const delaySeconds = Math.min(MAX_QUEUE_DELAY_SECONDS, delay + i * spacingSeconds);
    return { body: { ...message, requestedAt: now + delaySeconds * 1000 }, delaySeconds };
  });
  try {
    await env.EMAIL_QUEUE.sendBatch(sent);
    onTheirWay(
      sent.map((message) => message.body),
      now,
    );
  } catch (error) {
    log.warn('share card render not queued', { count: asked.length, error: String(error) });
  }
}

/** The longest delay Cloudflare Queues accept for a message (12 hours). */
const MAX_QUEUE_DELAY_SECONDS = 43_200;
