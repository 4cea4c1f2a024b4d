import { OWNER_LINK_TTL_DAYS } from '../../shared/schemas/limits';
import type { TextId, TextValues } from '../lib/i18n';
import type { Block, MailLinks } from './blocks';
import { mailNames } from './builders';
import type { MailJob } from './jobs';

/**
 * The mails whose point is an owner link: the creation mails (the link lasts until revoked), "send me my owner link"
 * (it expires after OWNER_LINK_TTL_DAYS) and the one that replaces every revoked link. Each says how long its link
 * works.
 */

type OwnerLinkMail = Extract<MailJob, { kind: 'stone-created' | 'owner-link' | 'collection-created' | 'collection-owner-link' }>;
type Translate = (id: TextId, values?: TextValues) => string;
type Content = { subject: string; body: Block[]; footer: Block[] };

export const carriesOwnerLink = (job: MailJob): job is OwnerLinkMail =>
  job.kind === 'stone-created' || job.kind === 'owner-link' || job.kind === 'collection-created' || job.kind === 'collection-owner-link';

/** How long the mail's owner link works, said right below it: nothing when the mail goes without one. */
export function lasting(links: MailLinks, says: string): Block[] {
  return links.owner ? [{ kind: 'p', text: says }] : [];
}

export function ownerLinkBlocks(job: OwnerLinkMail, links: MailLinks, t: Translate): Content {
  if (job.kind === 'collection-created' || job.kind === 'collection-owner-link') return collectionBlocks(job, links, t);
  const names = mailNames(job);
  const stone = links.stone ?? '';
  if (job.kind === 'stone-created')
    return {
      subject: t('server-owner.mail.created.subject', names),
      body: [
        { kind: 'p', text: t('server-owner.mail.created.intro', names) },
        { kind: 'link', label: t('server-owner.mail.created.public'), url: stone },
        { kind: 'link', label: t('server-owner.mail.created.qr'), url: links.qr ?? '' },
        { kind: 'link', label: t('server-owner.mail.created.owner'), url: links.owner ?? '' },
        ...lasting(links, t('server-owner.mail.created.ownerLasts')),
        { kind: 'button', label: t('server-owner.mail.created.button'), url: stone },
      ],
      footer: [],
    };
  // The link that replaces every revoked one lasts until revoked; one asked for on the stone's page expires.
  if (job.replacesRevoked)
    return {
      subject: t('server-owner.mail.owner.revokedSubject', names),
      body: [
        { kind: 'link', label: t('server-owner.mail.owner.revokedIntro', names), url: links.owner ?? '' },
        { kind: 'p', text: t('server-owner.mail.owner.revokedKeep') },
        { kind: 'button', label: t('server-owner.mail.owner.button'), url: links.owner ?? '' },
        { kind: 'p', text: t('server-owner.mail.owner.revokedNotYou') },
      ],
      footer: [],
    };
  return {
    subject: t('server-owner.mail.owner.subject', names),
    body: [
      { kind: 'link', label: t('server-owner.mail.owner.intro', names), url: links.owner ?? '' },
      { kind: 'p', text: t('server-owner.mail.owner.keep') },
      { kind: 'p', text: t('server-owner.mail.owner.linkExpires', { days: OWNER_LINK_TTL_DAYS }) },
      { kind: 'button', label: t('server-owner.mail.owner.button'), url: links.owner ?? '' },
      { kind: 'p', text: t('server-owner.mail.owner.notYou') },
    ],
    footer: [],
  };
}

/** A memorial collection's mails: its page, its label sheet and a new owner link for the whole set. */
function collectionBlocks(job: Extract<OwnerLinkMail, { collectionId: string }>, links: MailLinks, t: Translate): Content {
  const names = { title: job.title };
  if (job.kind === 'collection-created')
    return {
      subject: t('server-owner.mail.collectionCreated.subject', names),
      body: [
        { kind: 'p', text: t('server-owner.mail.collectionCreated.intro', { ...names, count: job.stoneCount }) },
        { kind: 'link', label: t('server-owner.mail.collectionCreated.page'), url: links.collection ?? '' },
        { kind: 'link', label: t('server-owner.mail.collectionCreated.labels'), url: links.labels ?? '' },
        { kind: 'link', label: t('server-owner.mail.collectionCreated.owner'), url: links.owner ?? '' },
        ...lasting(links, t('server-owner.mail.collectionCreated.ownerLasts')),
        { kind: 'button', label: t('server-owner.mail.collectionCreated.button'), url: links.collection ?? '' },
      ],
      footer: [],
    };
  if (job.replacesRevoked)
    return {
      subject: t('server-owner.mail.collectionOwner.revokedSubject', names),
      body: [
        { kind: 'link', label: t('server-owner.mail.collectionOwner.revokedIntro', names), url: links.owner ?? '' },
        { kind: 'p', text: t('server-owner.mail.collectionOwner.revokedKeep') },
        { kind: 'button', label: t('server-owner.mail.collectionOwner.button'), url: links.owner ?? '' },
        { kind: 'p', text: t('server-owner.mail.collectionOwner.revokedNotYou') },
      ],
      footer: [],
    };
  return {
    subject: t('server-owner.mail.collectionOwner.subject', names),
    body: [
      { kind: 'link', label: t('server-owner.mail.collectionOwner.intro', names), url: links.owner ?? '' },
      { kind: 'p', text: t('server-owner.mail.collectionOwner.keep') },
      { kind: 'p', text: t('server-owner.mail.collectionOwner.linkExpires', { days: OWNER_LINK_TTL_DAYS }) },
      { kind: 'button', label: t('server-owner.mail.collectionOwner.button'), url: links.owner ?? '' },
      { kind: 'p', text: t('server-owner.mail.collectionOwner.notYou') },
    ],
    footer: [],
  };
}
