import type { Locale } from '../../shared/i18n/locale';
import { type Db, getDb } from '../db/client';
import { log } from '../lib/logger';
import { deliverPush, isPushRow } from '../push/deliver';
import { isShareMessage } from '../share/storage';
import { mailLinks } from './builders';
import type { MailJob } from './jobs';
import { composeLetter } from './letter-parts';
import { composeMemorial } from './memorial-letter';
import type { MailMessage } from './outbox';
import { dropMintedTokens } from './queries';
import { type RenderedMail, renderMail } from './render';
import { claimOutboxRow, finishOutboxRow, type OutboxRow, readerWaits } from './send-queries';
import { type MintedTokens, mintSecondTokenFor, mintTokenFor, noTokens } from './tokens';
import { MailError, type MailTransport, mailTransportFromEnv } from './transport';

/** Sends per row before the row is marked failed (the operator admin lists those and can send them again). */
export const MAX_SEND_ATTEMPTS = 5;

/** 30 s, 1 min, 2 min, 4 min, … at most 15 min between attempts. */
export const retryDelaySeconds = (attempt: number) => Math.min(900, 30 * 2 ** Math.max(0, attempt - 1));

type Outcome = { done: true } | { retryInSeconds: number };

/** A mail's row as the mail to send, or null when nobody waits for it any more. */
async function composeMail(db: Db, env: Env, row: OutboxRow, minted: MintedTokens, now: Date): Promise<RenderedMail | null> {
  const job = JSON.parse(row.payload) as MailJob;
  if (!(await readerWaits(db, job))) return null;
  const token = await mintTokenFor(db, minted, job, now.getTime());
  const links = mailLinks(env.PUBLIC_SITE_URL.replace(/\/$/, ''), job, token, await mintSecondTokenFor(db, minted, job, now.getTime()));
  return renderMail(job, row.locale as Locale, links, env.PRODUCT_NAME);
}

/** Sends one outbox row, at most once whatever happens to its queue messages. */
export async function sendOutboxRow(
  env: Env,
  transport: MailTransport | { unavailable: string },
  outboxId: string,
  now = new Date(),
): Promise<Outcome> {
  const db = getDb(env.DB);
  const row = await claimOutboxRow(db, outboxId, now);
  // Sent, skipped, failed, or being sent by another consumer right now: nothing to do.
  if (!row) return { done: true };
  const finish = (values: Partial<OutboxRow>) => finishOutboxRow(db, row.id, values);
  const push = isPushRow(row);
  if (!push && 'unavailable' in transport) {
    log.error('mail not sent: no mail transport', { outboxId: row.id, reason: transport.unavailable });
    await finish({ status: 'failed', lastError: transport.unavailable });
    return { done: true };
  }
  const minted = noTokens();
  try {
    // A push message: its own delivery, the same claim, retries and failure as a mail.
    if (push) {
      const pushed = await deliverPush(db, env, row);
      await finish(pushed === 'sent' ? { status: 'sent', sentAt: new Date(), lastError: null } : { status: 'skipped', lastError: null });
      return { done: true };
    }
    if ('unavailable' in transport) throw new Error('no mail transport');
    // Nothing to send any more: its reader is gone (unsubscribed, confirmed, find mails off, stone gone), or a
    // letter found no finds to tell.
    const compose = row.kind === 'letter' ? composeLetter : row.kind === 'memorial' ? composeMemorial : composeMail;
    const mail = await compose(db, env, row, minted, now);
    if (!mail) {
      await finish({ status: 'skipped', lastError: null });
      return { done: true };
    }
    await transport.send({ id: row.id, from: env.MAIL_FROM, replyTo: env.MAIL_REPLY_TO, to: row.recipient, ...mail });
    // A letter's subject is known once it is rendered (the operator's list shows it).
    await finish({ status: 'sent', sentAt: new Date(), lastError: null, subject: mail.subject });
    return { done: true };
  } catch (error) {
    await dropMintedTokens(db, minted);
    const retryable = !(error instanceof MailError) || error.retryable;
    const message = String(error instanceof Error ? error.message : error).slice(0, 500);
    if (retryable && row.attempts < MAX_SEND_ATTEMPTS) {
      const delay = retryDelaySeconds(row.attempts);
      await finish({ status: 'pending', lastError: message, queuedAt: new Date(now.getTime() + delay * 1000) });
      log.warn('mail send failed, will retry', {
        outboxId: row.id,
        kind: row.kind,
        attempt: row.attempts,
        retryInSeconds: delay,
        error: message,
      });
      return { retryInSeconds: delay };
    }
    await finish({ status: 'failed', lastError: message });
    log.error('mail send failed for good', { outboxId: row.id, kind: row.kind, attempts: row.attempts, error: message });
    return { done: true };
  }
}

function isMailMessage(body: unknown): body is MailMessage {
  return typeof body === 'object' && body !== null && typeof (body as MailMessage).outboxId === 'string';
}

/** `queue()`: each message names an outbox row; failures come back with a growing delay. */
export async function handleEmailBatch(batch: MessageBatch<unknown>, env: Env): Promise<void> {
  const transport = mailTransportFromEnv(env);
  for (const message of batch.messages) {
    // Share card renders share the queue; index.ts hands them to the share job.
    if (isShareMessage(message.body)) continue;
    if (!isMailMessage(message.body)) {
      log.error('mail queue message without an outbox id', { messageId: message.id });
      message.ack();
      continue;
    }
    try {
      const outcome = await sendOutboxRow(env, transport, message.body.outboxId);
      if ('retryInSeconds' in outcome) message.retry({ delaySeconds: outcome.retryInSeconds });
      else message.ack();
    } catch (error) {
      // The database itself failed: the message comes back later, the row is untouched or still claimable.
      log.error('mail queue message failed', { messageId: message.id, error: String(error) });
      message.retry({ delaySeconds: retryDelaySeconds(message.attempts) });
    }
  }
}
