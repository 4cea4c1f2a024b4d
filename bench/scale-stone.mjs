// One stone of `npm run bench:scale` with everything that belongs to it (bench/scale-seed.mjs calls it per stone):
// its finds in time order, its counters as the app keeps them (decision records 002 and 017), its owner link,
// photos, a subscriber now and then, and the mails of the last weeks as the outbox still holds them.
import { haversineKm } from '../src/shared/geo.ts';
import { COMMENTS, PLACES, STORY } from './scale-shapes.mjs';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
/** A find faster than this since the last counted position is flagged (api/finds/guard-sql.ts MAX_PLAUSIBLE_KMH). */
const MAX_KMH = 1000;
/** Stones unseen this long were called missing by their owner; the cron's own check (365 days) finds none left. */
export const MISSING_AFTER_DAYS = 335;
/** The outbox holds the mails of these last days (the cron deletes sent rows after 30, mail/maintenance.ts). */
export const OUTBOX_DAYS = 21;

const PRECISIONS = ['exact', 'exact', 'exact', 'exact', 'exact', 'exact', 'km', 'km', 'town', 'town'];
/** @type {Record<string, number | null>} */
const DIGITS = { exact: null, km: 2, town: 1 };

/**
 * @typedef {object} StoneSpec
 * @property {string} id
 * @property {string} code
 * @property {string} title
 * @property {number} createdAt ms
 * @property {string | null} collectionId
 * @property {string} creatorEmail
 * @property {'de' | 'en'} locale
 * @property {number} findCount
 * @property {boolean} notify the owner's find mails
 * @property {'none' | 'story' | 'photos'} premium
 * @property {boolean} ownerLink a row in owner_tokens (the creation mail's link; a collection's stones have the collection's)
 */

/**
 * Writes the stone, its finds and what belongs to it; answers how many finds it wrote.
 * @param {import('./scale-seed.mjs').Writer} w
 * @param {ReturnType<typeof import('./scale-shapes.mjs').random>} rnd
 * @param {StoneSpec} s
 * @param {number} now
 */
export function writeStone(w, rnd, s, now) {
  const span = Math.max(now - s.createdAt - HOUR, 1);
  const times = Array.from({ length: s.findCount }, () => Math.floor(s.createdAt + HOUR + rnd.next() * span)).sort((a, b) => a - b);
  let place = rnd.pick(PLACES);
  let km = 0;
  /** @type {{ latitude: number, longitude: number, at: number } | null} */
  let last = null;
  let lastSeen = s.createdAt;
  let hiddenCount = 0;
  let status = 'travelling';
  let statusSince = s.createdAt;
  const finds = times.map((at, i) => {
    if (rnd.next() > 0.3) place = rnd.pick(PLACES);
    const precision = rnd.pick(PRECISIONS);
    const positioned = rnd.next() > 0.05;
    const round = (/** @type {number} */ v) => (DIGITS[precision] === null ? v : Number(v.toFixed(DIGITS[precision])));
    const latitude = positioned ? round(Number(place[2]) + (rnd.next() - 0.5) / 10) : null;
    const longitude = positioned ? round(Number(place[3]) + (rnd.next() - 0.5) / 10) : null;
    const hidden = rnd.next() < 0.02;
    const leg = last && latitude !== null && longitude !== null ? haversineKm(last, { latitude, longitude }) : 0;
    const flag = last && leg > (MAX_KMH * Math.max(at - last.at, 0)) / HOUR ? 'speed' : null;
    const kept = rnd.next() < 0.05;
    const counted = !hidden && flag === null;
    if (hidden) hiddenCount++;
    if (counted) {
      km += leg;
      if (latitude !== null && longitude !== null) last = { latitude, longitude, at };
      lastSeen = at;
      const next = kept ? 'resting' : 'travelling';
      if (next !== status) [status, statusSince] = [next, at];
    }
    return {
      id: rnd.uuid(),
      stone_id: s.id,
      seq: i + 1,
      location: precision === 'exact' ? `${place[0]}, ${place[1]}` : place[0],
      latitude,
      longitude,
      comment: rnd.next() < 0.4 ? rnd.pick(COMMENTS) : '',
      finder_email: rnd.next() < 0.03 ? `finder${rnd.int(1e6)}@example.org` : null,
      hidden: hidden ? 1 : 0,
      created_at: at,
      client_key: rnd.next() < 0.9 ? rnd.uuid() : null,
      client_hash: null,
      flag,
      flag_accepted: 0,
      kept: kept ? 1 : 0,
      found_again_after_days: null,
      country_code: place[4],
      hidden_by: hidden ? 'owner' : null,
      precision,
      km,
    };
  });
  if (status === 'travelling' && now - lastSeen > MISSING_AFTER_DAYS * DAY)
    [status, statusSince] = ['missing', lastSeen + MISSING_AFTER_DAYS * DAY];
  // (Assigned in the callback above: TypeScript's narrowing of `last` to null does not see it.)
  const lastPosition = /** @type {{ latitude: number, longitude: number, at: number } | null} */ (last);
  const paid = s.premium !== 'none';
  w.insert('stones', {
    id: s.id,
    code: s.code,
    title: s.title,
    story: paid ? STORY : null,
    creator_email: s.creatorEmail,
    has_photos: s.premium === 'photos' ? 1 : 0,
    has_story: paid ? 1 : 0,
    is_paid: paid ? 1 : 0,
    payment_intent_id: paid ? `pi_${rnd.hex(24)}` : null,
    owner_token_hash: rnd.hex(64),
    find_seq: finds.length,
    hidden_find_count: hiddenCount,
    total_distance_km: km,
    locale: s.locale,
    notify_on_find: s.notify ? 1 : 0,
    last_latitude: lastPosition?.latitude ?? null,
    last_longitude: lastPosition?.longitude ?? null,
    last_position_at: lastPosition?.at ?? null,
    created_at: s.createdAt,
    updated_at: null,
    collection_id: s.collectionId,
    status,
    status_since: statusSince,
    last_seen_at: lastSeen,
    share_card: rnd.hex(16),
    cards_valid_from: null,
    card_read_at: lastSeen,
  });
  const recent = now - OUTBOX_DAYS * DAY;
  for (const { km: totalDistanceKm, ...find } of finds) {
    w.insert('finds', find);
    if (!s.notify || find.created_at < recent) continue;
    const facts = { location: find.location, latitude: find.latitude, longitude: find.longitude, comment: find.comment };
    const createdAt = new Date(find.created_at).toISOString();
    const payload = { kind: 'find-owner', stoneId: s.id, code: s.code, title: s.title, find: { ...facts, createdAt, totalDistanceKm } };
    mail(w, rnd, { kind: 'find-owner', key: `find:${find.id}:owner`, s, payload, at: find.created_at });
  }
  if (s.ownerLink) w.insert('owner_tokens', { token_hash: rnd.hex(64), stone_id: s.id, created_at: s.createdAt, expires_at: null });
  if (s.ownerLink && s.createdAt >= recent) {
    const payload = { kind: 'stone-created', stoneId: s.id, code: s.code, title: s.title };
    mail(w, rnd, { kind: 'stone-created', key: `created:${s.id}`, s, payload, at: s.createdAt });
  }
  for (let i = s.premium === 'photos' ? 1 + rnd.int(2) : 0; i > 0; i--) {
    const key = `${rnd.uuid()}.jpg`;
    w.insert('photos', {
      id: key.slice(0, 36),
      stone_id: s.id,
      r2_key: key,
      content_type: 'image/jpeg',
      size_bytes: 180_000 + rnd.int(600_000),
      created_at: s.createdAt + i,
    });
  }
  if (rnd.next() < 0.04) {
    const at = s.createdAt + rnd.int(Math.max(now - s.createdAt - DAY, 1));
    const email = `folger${rnd.int(1e7)}@example.org`;
    w.insert('subscriptions', {
      id: rnd.uuid(),
      stone_id: s.id,
      email,
      locale: rnd.next() < 0.8 ? 'de' : 'en',
      confirmed_at: at + HOUR,
      created_at: at,
    });
  }
  return finds.length;
}

/**
 * A sent mail as the outbox keeps it until the cron's clean-up.
 * @param {import('./scale-seed.mjs').Writer} w
 * @param {ReturnType<typeof import('./scale-shapes.mjs').random>} rnd
 * @param {{ kind: string, key: string, s: { creatorEmail: string, locale: string, title: string }, payload: object, at: number }} m
 */
export function mail(w, rnd, { kind, key, s, payload, at }) {
  const subject = kind === 'find-owner' ? `„${s.title}“ wurde gefunden` : `Dein Stein „${s.title}“ ist bereit`;
  w.insert('email_outbox', {
    id: rnd.uuid(),
    dedupe_key: key,
    kind,
    recipient: s.creatorEmail,
    locale: s.locale,
    payload: JSON.stringify(payload),
    subject: s.locale === 'en' ? subject.replace('wurde gefunden', 'was found') : subject,
    status: 'sent',
    attempts: 1,
    last_error: null,
    created_at: at,
    queued_at: at,
    claimed_at: at + 800,
    sent_at: at + 1500,
  });
}
