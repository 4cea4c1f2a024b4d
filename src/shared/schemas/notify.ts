import * as v from 'valibot';
import { memorialLetter } from './memorial';

/**
 * How often a reader hears of finds: a mail (or push message) for each find, one letter a day, one a week.
 * Followers choose among these; an owner may also turn them `off` (a follower unsubscribes instead).
 */
export const FREQUENCIES = ['instant', 'daily', 'weekly'] as const;
export type Frequency = (typeof FREQUENCIES)[number];
export const OWNER_NOTIFY = [...FREQUENCIES, 'off'] as const;
export type OwnerNotify = (typeof OWNER_NOTIFY)[number];

export const frequency = v.picklist(FREQUENCIES, 'server.notify.invalid');
export const ownerNotify = v.picklist(OWNER_NOTIFY, 'server-owner.notify.invalid');

/** The letters' kinds: the daily and the weekly one (an instant reader's owed finds go with the daily one). */
export type LetterKind = Exclude<Frequency, 'instant'>;

/** The contract of `notifyOnFind`: `true` means `instant`, `false` `off` (a daily or weekly owner reads `true`). */
export const notifyFromFlag = (on: boolean): OwnerNotify => (on ? 'instant' : 'off');

/** A mail link's token, as the unsubscribe and preferences pages send it. */
export const mailLinkToken = v.pipe(
  v.string('server-owner.token.invalid'),
  v.regex(/^[A-Za-z0-9_-]{20,200}$/, 'server-owner.token.invalid'),
);

/**
 * `POST /api/notifications/preferences`: `{ token }` answers the current choices, `{ token, frequency }` and
 * `{ token, memorialLetter }` change them. The token is a find mail's (or a letter's) unsubscribe or "stop find
 * mails" link; an owner's may choose `off`.
 */
export const preferencesSchema = v.object({
  token: mailLinkToken,
  frequency: v.optional(v.picklist(OWNER_NOTIFY, 'server.notify.invalid')),
  memorialLetter: v.optional(memorialLetter),
});
