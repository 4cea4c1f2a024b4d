import { buildPushPayload } from '@block65/webcrypto-web-push';
import { eq } from 'drizzle-orm';
import { formatDistance } from '../../shared/geo';
import { intlTag, type Locale } from '../../shared/i18n/locale';
import type { Db } from '../db/client';
import { pushSubscriptions } from '../db/schema';
import { text } from '../lib/i18n';
import { goalName } from '../mail/goal';
import { claimLetterParts, groupParts, type LetterPart } from '../mail/letter-parts';
import type { LetterJob } from '../mail/letters';
import type { OutboxRow } from '../mail/send-queries';
import { MailError } from '../mail/transport';
import { isDevelopment } from '../settings/checks';
import { type VapidKeys, vapidKeys } from '../settings/push';
import { pushEndpointProblem } from './endpoints';

/** An outbox row for a push subscription names it as its recipient: `push:<id>` (never an address). */
export const PUSH_RECIPIENT = 'push:';
export const isPushRow = (row: { recipient: string }) => row.recipient.startsWith(PUSH_RECIPIENT);

/** What the service worker shows: a title, a line, and the page a click opens. */
export interface PushNotice {
  title: string;
  body: string;
  url: string;
  /** One notification per stone: a newer one replaces the older. */
  tag: string;
}

/** A find as a push message: the stone, the place, the distance now; a click opens the stone page at its finds. */
function findNotice(part: LetterPart, locale: Locale, site: string): PushNotice {
  const distance = formatDistance(part.find.totalDistanceKm, intlTag[locale]);
  const goal = part.find.goal;
  return {
    // The find that reached the stone's goal says so (decision record 042).
    title: text(locale, goal ? 'server.push.goal.title' : 'server.push.find.title', { title: part.title }),
    body: goal
      ? text(locale, 'server.push.goal.body', { goal: goalName(goal, locale), distance })
      : text(locale, 'server.push.find.body', { location: part.find.location, distance }),
    url: `${site}/${part.code}#funde`,
    tag: `stone:${part.code}`,
  };
}

/** A day's or week's finds as one push message: "3 neue Funde", the stones' names. */
function letterNotice(parts: LetterPart[], locale: Locale, site: string): PushNotice {
  const { stones } = groupParts(parts);
  const first = stones[0];
  return {
    title: text(locale, 'server.push.letter.title', { count: parts.length }),
    body: stones.map((stone) => stone.title).join(', '),
    url: stones.length === 1 && first ? `${site}/${first.code}#funde` : `${site}/${first?.code ?? ''}`,
    tag: 'letter',
  };
}

/**
 * Sends a push message to a subscription: encrypted for it (RFC 8291) and signed with the site's VAPID keys
 * (RFC 8292). The push service's 404 or 410 says the subscription is gone: `gone`. A local stand-in on http (a
 * development server's, the tests') is signed as the https address push services have.
 */
export async function sendPush(
  subscription: { endpoint: string; p256dh: string; auth: string },
  notice: PushNotice,
  vapid: VapidKeys,
  allowLocal: boolean,
): Promise<'sent' | 'gone'> {
  if (pushEndpointProblem(subscription.endpoint, allowLocal)) return 'gone';
  const signedFor = subscription.endpoint.replace(/^http:/, 'https:');
  const payload = await buildPushPayload(
    { data: { ...notice }, options: { ttl: 24 * 60 * 60, urgency: 'normal' } },
    { endpoint: signedFor, expirationTime: null, keys: { p256dh: subscription.p256dh, auth: subscription.auth } },
    vapid,
  );
  const res = await fetch(subscription.endpoint, { ...payload, redirect: 'manual' });
  await res.body?.cancel();
  if (res.status === 404 || res.status === 410) return 'gone';
  if (res.status >= 200 && res.status < 300) return 'sent';
  // Too many, or the service failing: later. Anything else (a refused key, a payload too large) will not heal.
  throw new MailError(`push service answered ${res.status}`, res.status === 429 || res.status >= 500);
}

/**
 * An outbox row for a push subscription, delivered: a find as its message, a letter as one message for its finds.
 * `skipped` when push is off, the subscription gone (deleted here when its service says so), or a letter has
 * nothing to tell.
 */
export async function deliverPush(db: Db, env: Env, row: OutboxRow): Promise<'sent' | 'skipped'> {
  const vapid = vapidKeys(env);
  const subscription = await db
    .select()
    .from(pushSubscriptions)
    .where(eq(pushSubscriptions.id, row.recipient.slice(PUSH_RECIPIENT.length)))
    .get();
  if (!vapid || !subscription) return 'skipped';
  const site = env.PUBLIC_SITE_URL.replace(/\/$/, '');
  const locale = row.locale as Locale;
  let notice: PushNotice;
  if (row.kind === 'letter') {
    const parts = await claimLetterParts(db, row, JSON.parse(row.payload) as LetterJob);
    if (parts.length === 0) return 'skipped';
    notice = letterNotice(parts, locale, site);
  } else notice = findNotice(JSON.parse(row.payload) as LetterPart, locale, site);
  const sent = await sendPush(subscription, notice, vapid, isDevelopment(env));
  if (sent === 'gone') {
    await db.delete(pushSubscriptions).where(eq(pushSubscriptions.id, subscription.id));
    return 'skipped';
  }
  return 'sent';
}
