import { formatDistance } from '../../shared/geo';
import type { Locale } from '../../shared/i18n/locale';
import { intlTag } from '../../shared/i18n/locale';
import { OWNER_LINK_TTL_DAYS } from '../../shared/schemas/limits';
import { type TextId, type TextValues, text } from '../lib/i18n';
import type { Block, MailLinks } from './blocks';
import { mailNames } from './builders';
import { goalBlocks, goalName } from './goal';
import type { MailJob } from './jobs';
import { carriesOwnerLink, lasting, ownerLinkBlocks } from './owner-blocks';

export interface RenderedMail {
  subject: string;
  text: string;
  html: string;
  headers: Record<string, string>;
}

const escapeHtml = (value: string) =>
  value.replace(/[&<>"']/g, (ch) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[ch] ?? ch);

/** "22.11.2026, 14:05" in German, "22/11/2026, 14:05" in English: the reader's locale, German time. */
function formatWhen(iso: string, locale: Locale): string {
  return new Intl.DateTimeFormat(intlTag[locale], { dateStyle: 'medium', timeStyle: 'short', timeZone: 'Europe/Berlin' }).format(
    new Date(iso),
  );
}

/** "22. November 2026" in German, "22 November 2026" in English: a day, German time. */
function formatDay(iso: string, locale: Locale): string {
  return new Intl.DateTimeFormat(intlTag[locale], { dateStyle: 'long', timeZone: 'Europe/Berlin' }).format(new Date(iso));
}

function mapLink(latitude: number, longitude: number): string {
  const lat = latitude.toFixed(5);
  const lon = longitude.toFixed(5);
  return `https://www.openstreetmap.org/?mlat=${lat}&mlon=${lon}#map=15/${lat}/${lon}`;
}

/** The mail's content as blocks, so the text and the HTML version say the same. */
function blocks(
  job: MailJob,
  links: MailLinks,
  t: (id: TextId, values?: TextValues) => string,
  locale: Locale,
): { subject: string; body: Block[]; footer: Block[] } {
  if (carriesOwnerLink(job)) return ownerLinkBlocks(job, links, t);
  const names = mailNames(job);
  const stone = links.stone ?? '';
  switch (job.kind) {
    case 'find-owner':
    case 'find-subscriber':
    case 'find-collection': {
      const { find } = job;
      const body: Block[] = [
        {
          kind: 'p',
          text: t(job.kind === 'find-collection' ? 'server.mail.collection.findIntro' : 'server.mail.find.intro', {
            ...names,
            date: formatWhen(find.createdAt, locale),
          }),
        },
        // A stone that was missing: the news of the mail, so right after its first line.
        ...(typeof find.foundAgainAfterDays === 'number'
          ? [{ kind: 'p', text: t('server.mail.find.foundAgain', { days: find.foundAgainAfterDays }) } as const]
          : []),
        // The goal this find reached: the news too (one mail, decision record 042).
        ...(find.goal ? goalBlocks(find.goal, t, locale) : []),
        { kind: 'p', text: t('server.mail.find.where', { location: find.location }) },
      ];
      if (find.latitude !== null && find.longitude !== null)
        body.push({ kind: 'link', label: t('server.mail.find.map'), url: mapLink(find.latitude, find.longitude) });
      if (find.comment) body.push({ kind: 'p', text: t('server.mail.find.comment', { comment: find.comment }) });
      body.push({ kind: 'p', text: t('server.mail.find.distance', { distance: formatDistance(find.totalDistanceKm, intlTag[locale]) }) });
      if (find.kept) body.push({ kind: 'p', text: t('server.mail.find.kept') });
      const owner = job.kind === 'find-owner';
      if (owner && find.flag)
        body.push({
          kind: 'p',
          text: t(find.flag === 'speed' ? 'server-owner.mail.find.flaggedSpeed' : 'server-owner.mail.find.flaggedRepeat'),
        });
      // Only the owner's mail says so: nobody else may know of a photo before the owner approves it.
      if (owner && find.photo) {
        body.push({ kind: 'p', text: t('server-owner.mail.find.photoWaiting') });
        // Mails written before undecided photos expired do not name the days.
        if (find.photoPendingDays)
          body.push({ kind: 'p', text: t('server-owner.mail.find.photoExpires', { days: find.photoPendingDays }) });
        if (links.owner)
          body.push(
            { kind: 'link', label: t('server-owner.mail.find.photoReview'), url: links.owner },
            { kind: 'p', text: t('server-owner.mail.owner.linkExpires', { days: OWNER_LINK_TTL_DAYS }) },
          );
      }
      body.push({ kind: 'button', label: t('server.mail.find.button'), url: stone });
      const goalSubject = find.goal ? t('server.mail.find.goalSubject', { ...names, goal: goalName(find.goal, locale) }) : null;
      if (job.kind === 'find-collection') {
        body.push({ kind: 'link', label: t('server.mail.collection.page', names), url: links.collection ?? '' });
        return {
          subject: goalSubject ?? t('server.mail.collection.findSubject', names),
          body,
          footer: [
            { kind: 'link', label: t('server.mail.collection.unsubscribeFooter', names), url: links.stopPage ?? '' },
            { kind: 'link', label: t('server.mail.find.preferencesFooter'), url: links.preferences ?? '' },
          ],
        };
      }
      return {
        subject: goalSubject ?? t(owner ? 'server-owner.mail.find.ownerSubject' : 'server.mail.find.subscriberSubject', names),
        body,
        footer: [
          {
            kind: 'link',
            label: t(owner ? 'server-owner.mail.find.muteFooter' : 'server.mail.find.unsubscribeFooter'),
            url: links.stopPage ?? '',
          },
          {
            kind: 'link',
            label: t(owner ? 'server-owner.mail.find.preferencesFooter' : 'server.mail.find.preferencesFooter'),
            url: links.preferences ?? '',
          },
        ],
      };
    }
    case 'collection-confirm':
      return {
        subject: t('server.mail.collection.confirmSubject', names),
        body: [
          { kind: 'p', text: t('server.mail.collection.confirmIntro', names) },
          { kind: 'link', label: t('server.mail.confirm.action'), url: links.confirm ?? '' },
          { kind: 'button', label: t('server.mail.confirm.button'), url: links.confirm ?? '' },
          { kind: 'p', text: t('server.mail.confirm.ignore') },
        ],
        footer: [],
      };
    case 'confirm':
      return {
        subject: t(job.follow ? 'server.mail.follow.subject' : 'server.mail.confirm.subject', names),
        body: [
          { kind: 'p', text: t(job.follow ? 'server.mail.follow.intro' : 'server.mail.confirm.intro', names) },
          { kind: 'link', label: t('server.mail.confirm.action'), url: links.confirm ?? '' },
          { kind: 'button', label: t('server.mail.confirm.button'), url: links.confirm ?? '' },
          { kind: 'p', text: t('server.mail.confirm.ignore') },
        ],
        footer: [],
      };
    case 'stone-missing':
      return {
        subject: t('server-owner.mail.missing.subject', names),
        body: [
          { kind: 'p', text: t('server-owner.mail.missing.intro', names) },
          {
            kind: 'p',
            text: job.lastSeenPlace
              ? t('server-owner.mail.missing.lastSeen', { date: formatDay(job.lastSeenAt, locale), location: job.lastSeenPlace })
              : t('server-owner.mail.missing.neverFound', { date: formatDay(job.lastSeenAt, locale) }),
          },
          { kind: 'p', text: t('server-owner.mail.missing.findAgain') },
          { kind: 'link', label: t('server-owner.mail.missing.public'), url: stone },
          { kind: 'link', label: t('server-owner.mail.missing.owner'), url: links.owner ?? '' },
          ...lasting(links, t('server-owner.mail.owner.linkExpires', { days: OWNER_LINK_TTL_DAYS })),
          { kind: 'button', label: t('server-owner.mail.missing.button'), url: stone },
        ],
        footer: [],
      };
    case 'payment': {
      const amount = new Intl.NumberFormat(intlTag[locale], { style: 'currency', currency: job.currency.toUpperCase() }).format(
        job.amountCents / 100,
      );
      const what =
        job.event === 'disputed'
          ? 'server-owner.mail.payment.disputed'
          : job.full
            ? 'server-owner.mail.payment.refundedFull'
            : 'server-owner.mail.payment.refunded';
      return {
        subject: t(
          job.event === 'refunded' ? 'server-owner.mail.payment.refundedSubject' : 'server-owner.mail.payment.disputedSubject',
          names,
        ),
        body: [
          { kind: 'p', text: t(what, { ...names, amount }) },
          { kind: 'p', text: t('server-owner.mail.payment.stays') },
          { kind: 'button', label: t('server-owner.mail.payment.stone'), url: stone },
        ],
        footer: [],
      };
    }
  }
}

/** The plain-text version: a button becomes its label and address, unless a link above gave that address. */
function blockText(block: Block, index: number, all: Block[]): string {
  if (block.kind === 'p') return block.text;
  // A picture says nothing the text does not: the text version leaves it out.
  if (block.kind === 'image') return '';
  if (block.kind === 'button' && all.slice(0, index).some((b) => b.kind !== 'p' && b.url === block.url)) return '';
  return `${block.label}${block.kind === 'button' ? ':' : ''}\n${block.url}`;
}

function blockHtml(block: Block): string {
  const p = 'margin:0 0 16px;font-size:16px;line-height:1.5;color:#1c1917';
  if (block.kind === 'p') return `<p style="${p}">${escapeHtml(block.text)}</p>`;
  if (block.kind === 'image')
    return `<p style="margin:24px 0 8px"><img src="${escapeHtml(block.url)}" alt="${escapeHtml(block.alt)}" width="504" style="display:block;width:100%;max-width:504px;height:auto;border-radius:8px;border:1px solid #e7e5e4"></p>`;
  if (block.kind === 'link') {
    return `<p style="${p}">${escapeHtml(block.label)}<br><a href="${escapeHtml(block.url)}" style="color:#b45309;word-break:break-all">${escapeHtml(block.url)}</a></p>`;
  }
  return `<p style="margin:24px 0"><a href="${escapeHtml(block.url)}" style="display:inline-block;background:#292524;color:#ffffff;text-decoration:none;font-weight:600;padding:12px 20px;border-radius:8px">${escapeHtml(block.label)}</a></p>`;
}

/**
 * A mail in the reader's language: plain text and HTML with the same content (every value escaped in the HTML),
 * links absolute, and the RFC 8058 one-click headers when the mail can be stopped.
 */
export function renderMail(job: MailJob, locale: Locale, links: MailLinks, productName: string): RenderedMail {
  const t = (id: TextId, values?: TextValues) => text(locale, id, values);
  const made = blocks(job, links, t, locale);
  return renderBlocks(made, locale, productName, links.stopPost);
}

/**
 * Blocks as a mail: the greeting, the body, the signature and the footer, in text and in HTML; a link without an
 * address goes (an owner link withdrawn before the mail went out), and `stopPost` makes the one-click headers.
 */
export function renderBlocks(
  made: { subject: string; body: Block[]; footer: Block[] },
  locale: Locale,
  productName: string,
  stopPost?: string,
): RenderedMail {
  const t = (id: TextId, values?: TextValues) => text(locale, id, values);
  const { subject } = made;
  const body = made.body.filter((block) => block.kind === 'p' || block.url);
  const footer = made.footer.filter((block) => block.kind === 'p' || block.url);
  const greeting = t('server.mail.greeting');
  const signature = t('server.mail.signature', { product: productName });
  const textParts = [greeting, ...body.map(blockText).filter(Boolean), signature];
  if (footer.length) textParts.push('--', ...footer.map(blockText));
  const html = `<!DOCTYPE html><html lang="${locale}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(subject)}</title></head><body style="margin:0;padding:0;background:#fafaf9;font-family:system-ui,-apple-system,'Segoe UI',sans-serif"><table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="background:#fafaf9"><tr><td align="center" style="padding:24px 12px"><table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="max-width:560px;background:#ffffff;border:1px solid #e7e5e4;border-radius:16px"><tr><td style="padding:20px 28px;border-bottom:1px solid #e7e5e4;font-weight:700;font-size:18px;color:#292524"><span style="display:inline-block;width:14px;height:14px;border-radius:50%;background:#d97706;margin-right:8px;vertical-align:-1px"></span>${escapeHtml(productName)}</td></tr><tr><td style="padding:28px"><p style="margin:0 0 16px;font-size:16px;color:#1c1917">${escapeHtml(greeting)}</p>${body.map(blockHtml).join('')}<p style="margin:24px 0 0;font-size:16px;color:#1c1917">${escapeHtml(signature)}</p></td></tr>${
    footer.length
      ? `<tr><td style="padding:16px 28px;border-top:1px solid #e7e5e4;font-size:13px;color:#78716c">${footer.map(blockHtml).join('').replaceAll('font-size:16px', 'font-size:13px')}</td></tr>`
      : ''
  }</table></td></tr></table></body></html>`;
  const headers: Record<string, string> = {};
  if (stopPost) {
    headers['List-Unsubscribe'] = `<${stopPost}>`;
    headers['List-Unsubscribe-Post'] = 'List-Unsubscribe=One-Click';
  }
  return { subject, text: textParts.join('\n\n'), html, headers };
}
