import { collectionPath } from '../../shared/collection';
import { LOCALES, type Locale } from '../../shared/i18n/locale';
import { text } from '../lib/i18n';
import type { MailLinks } from './blocks';
import { type FindFacts, isCollectionMail, type MailJob, type StoneMailJob } from './jobs';

/**
 * What each mail says apart from its body (render.ts writes that when it is sent): its subject, the key that
 * keeps it from being written twice, the job stored for it and the links it carries.
 */

const day = (at: Date) => at.toISOString().slice(0, 10);
const hour = (at: Date) => at.toISOString().slice(0, 13);

/** The subject in the reader's language, stored with the row (the operator admin lists it). */
export const subjectOf = (job: MailJob, locale: Locale): string => {
  if (isCollectionMail(job)) {
    const id =
      job.kind === 'collection-created'
        ? 'server-owner.mail.collectionCreated.subject'
        : job.replacesRevoked
          ? 'server-owner.mail.collectionOwner.revokedSubject'
          : 'server-owner.mail.collectionOwner.subject';
    return text(locale, id, { title: job.title });
  }
  const names = mailNames(job);
  switch (job.kind) {
    case 'stone-created':
      return text(locale, 'server-owner.mail.created.subject', names);
    case 'find-owner':
      return text(locale, 'server-owner.mail.find.ownerSubject', names);
    case 'find-subscriber':
      return text(locale, 'server.mail.find.subscriberSubject', names);
    case 'confirm':
      return text(locale, job.follow ? 'server.mail.follow.subject' : 'server.mail.confirm.subject', names);
    case 'owner-link':
      return text(locale, job.replacesRevoked ? 'server-owner.mail.owner.revokedSubject' : 'server-owner.mail.owner.subject', names);
    case 'find-collection':
      return text(locale, 'server.mail.collection.findSubject', names);
    case 'collection-confirm':
      return text(locale, 'server.mail.collection.confirmSubject', names);
    case 'stone-missing':
      return text(locale, 'server-owner.mail.missing.subject', names);
    case 'payment':
      return text(
        locale,
        job.event === 'refunded' ? 'server-owner.mail.payment.refundedSubject' : 'server-owner.mail.payment.disputedSubject',
        names,
      );
  }
};

/** The names a mail's texts may use: the stone's title and code, and its collection's title where it has one. */
export function mailNames(job: StoneMailJob): { title: string; code: string; collection: string } {
  if (job.kind === 'collection-confirm') return { title: job.title, code: '', collection: job.collection.title };
  return { title: job.title, code: job.code, collection: job.kind === 'find-collection' ? job.collection.title : '' };
}

/** A subject in each language, for statements that write rows for readers of either. */
export const subjectsByLocale = (make: (locale: Locale) => string): Record<Locale, string> =>
  Object.fromEntries(LOCALES.map((locale) => [locale, make(locale)])) as Record<Locale, string>;

/** The outbox's dedupe keys: a second write of the same mail finds its key taken and writes nothing. */
export const mailDedupe = {
  created: (stoneId: string) => `created:${stoneId}`,
  findOwner: (findId: string) => `find:${findId}:owner`,
  findSubscriber: (findId: string, subscriptionId: string) => `find:${findId}:sub:${subscriptionId}`,
  /** A collection follower's mail about one find (at most one per find and follower). */
  findCollection: (findId: string, subscriptionId: string) => `find:${findId}:collection:${subscriptionId}`,
  /** One confirmation per subscription and day: asking again the same day sends nothing more. */
  confirm: (subscriptionId: string, now: Date) => `confirm:${subscriptionId}:${day(now)}`,
  /** At most one owner-link mail per stone and hour, whoever asks how often. */
  ownerLink: (stoneId: string, now: Date) => `owner-link:${stoneId}:${hour(now)}`,
  /** One mail per stone and missing episode (the time it went missing): a stone found and lost again gets another. */
  missing: (stoneId: string, since: Date) => `missing:${stoneId}:${since.getTime()}`,
  /** The fresh link after the owner made every link invalid: one per revocation (a later one mails again). */
  linksRevoked: (stoneId: string, now: Date) => `links-revoked:${stoneId}:${now.getTime()}`,
  collectionCreated: (collectionId: string) => `collection-created:${collectionId}`,
  collectionLinksRevoked: (collectionId: string, now: Date) => `collection-links-revoked:${collectionId}:${now.getTime()}`,
  /** At most one owner-link mail per collection and hour, whoever asks how often. */
  collectionOwnerLink: (collectionId: string, now: Date) => `collection-owner-link:${collectionId}:${hour(now)}`,
  /** One mail per order and change of its payment (a refund's new total, a dispute opened). */
  payment: (orderId: string, event: 'refunded' | 'disputed', amountCents: number) => `payment:${orderId}:${event}:${amountCents}`,
};

export type FindMailKind = 'find-owner' | 'find-subscriber' | 'find-collection';

/**
 * A find mail's job with its reader's id left empty (`stoneId` for the owner, `subscriptionId` for a subscriber):
 * the statement that writes the rows fills it in per reader.
 */
export function findMailJob(kind: FindMailKind, facts: { code: string; title: string; find: FindFacts }): MailJob {
  if (kind === 'find-owner') return { kind, stoneId: '', ...facts };
  // The collection's names are filled in by the statement too: the find's batch knows the stone, not its collection.
  if (kind === 'find-collection') return { kind, subscriptionId: '', collection: { id: '', title: '' }, ...facts };
  return { kind, subscriptionId: '', ...facts };
}

/**
 * The links of a mail on `site` (no trailing slash), with the token its kind carries (null: an owner link withdrawn
 * before the mail went out), and the owner token of an owner's find mail about a photo (tokens.ts mintSecondTokenFor).
 */
export function mailLinks(site: string, job: MailJob, token: string | null, ownerToken: string | null = null): MailLinks {
  if (isCollectionMail(job)) {
    const collection = `${site}${collectionPath(job.collectionId)}`;
    return { collection, labels: `${collection}/etiketten`, ...(token ? { owner: `${site}/admin/sammlung/${token}` } : {}) };
  }
  if (job.kind === 'collection-confirm')
    return { collection: `${site}${collectionPath(job.collection.id)}`, confirm: `${site}/abo/bestaetigen?token=${token}` };
  const stone = `${site}/${job.code}`;
  switch (job.kind) {
    case 'stone-created':
    case 'owner-link':
    case 'stone-missing':
      // No token: every owner link was made invalid after the mail was written, so it goes without one.
      return { stone, ...(token ? { owner: `${site}/admin/stone/${token}` } : {}), qr: `${site}/api/stones/${job.code}/qr.svg` };
    case 'find-collection':
      return {
        stone,
        collection: `${site}${collectionPath(job.collection.id)}`,
        stopPage: `${site}/abo/abmelden?token=${token}`,
        stopPost: `${site}/api/notifications/unsubscribe?token=${token}`,
        preferences: `${site}/abo/einstellungen?token=${token}`,
      };
    case 'find-owner':
    case 'find-subscriber':
      return {
        stone,
        stopPage: `${site}/abo/abmelden?token=${token}`,
        stopPost: `${site}/api/notifications/unsubscribe?token=${token}`,
        preferences: `${site}/abo/einstellungen?token=${token}`,
        ...(ownerToken ? { owner: `${site}/admin/stone/${ownerToken}` } : {}),
      };
    case 'confirm':
      return { stone, confirm: `${site}/abo/bestaetigen?token=${token}` };
    case 'payment':
      return { stone };
  }
}
