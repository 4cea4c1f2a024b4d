import { and, eq, lt, or, sql } from 'drizzle-orm';
import type { Locale } from '../../shared/i18n/locale';
import { type Db, getDb } from '../db/client';
import { emailOutbox, stones, subscriptions } from '../db/schema';
import { log } from '../lib/logger';
import type { MailJob } from '../mail/jobs';
import { type MailMessage, STALE_CLAIM_MS } from '../mail/outbox';
import { type MailLinks, renderMail } from '../mail/render';
import {
  CONFIRM_TOKEN_TTL_MS,
  dropMintedTokens,
  type MintedTokens,
  mintMailToken,
  mintOwnerToken,
  STOP_TOKEN_TTL_MS,
} from '../mail/tokens';
import { MailError, type MailTransport, mailTransportFromEnv } from '../services/mail';

/** Sends per row before the row is marked failed (the operator admin lists those and can send them again). */
export const MAX_SEND_ATTEMPTS = 5;

/** 30 s, 1 min, 2 min, 4 min, … at most 15 min between attempts. */
export const retryDelaySeconds = (attempt: number) => Math.min(900, 30 * 2 ** Math.max(0, attempt - 1));

type OutboxRow = typeof emailOutbox.$inferSelect;

const sqlIncrement = sql`${emailOutbox.attempts} + 1`;

/** Claims a row for sending: only one consumer can, so a message delivered twice sends one mail. */
async function claim(db: Db, id: string, now: Date): Promise<OutboxRow | undefined> {
  const [row] = await db
    .update(emailOutbox)
    .set({ status: 'sending', claimedAt: now, attempts: sqlIncrement })
    .where(
      and(
        eq(emailOutbox.id, id),
        or(
          eq(emailOutbox.status, 'pending'),
          and(eq(emailOutbox.status, 'sending'), lt(emailOutbox.claimedAt, new Date(now.getTime() - STALE_CLAIM_MS))),
        ),
      ),
    )
    .returning();
  return row;
}

/**
 * The links of the mail, with fresh tokens where it needs them, or null when nobody is to get it any more
 * (unsubscribed, already confirmed, find mails turned off, stone gone).
 */
async function prepareLinks(db: Db, env: Env, job: MailJob, minted: MintedTokens): Promise<MailLinks | null> {
  const site = env.PUBLIC_SITE_URL.replace(/\/$/, '');
  const stone = `${site}/${job.code}`;
  const stopLinks = (token: string) => ({
    stopPage: `${site}/abo/abmelden?token=${token}`,
    stopPost: `${site}/api/notifications/unsubscribe?token=${token}`,
  });
  switch (job.kind) {
    case 'stone-created':
    case 'owner-link': {
      const exists = await db.select({ id: stones.id }).from(stones).where(eq(stones.id, job.stoneId)).get();
      if (!exists) return null;
      const owner = `${site}/admin/stone/${await mintOwnerToken(db, minted, job.stoneId)}`;
      return { stone, owner, qr: `${site}/api/stones/${job.code}/qr.svg` };
    }
    case 'find-owner': {
      const current = await db.select({ on: stones.notifyOnFind }).from(stones).where(eq(stones.id, job.stoneId)).get();
      if (!current?.on) return null;
      return { stone, ...stopLinks(await mintMailToken(db, minted, 'mute', job.stoneId, STOP_TOKEN_TTL_MS)) };
    }
    case 'find-subscriber': {
      const sub = await db
        .select({ confirmedAt: subscriptions.confirmedAt })
        .from(subscriptions)
        .where(eq(subscriptions.id, job.subscriptionId))
        .get();
      if (!sub?.confirmedAt) return null;
      return { stone, ...stopLinks(await mintMailToken(db, minted, 'unsubscribe', job.subscriptionId, STOP_TOKEN_TTL_MS)) };
    }
    case 'confirm': {
      const sub = await db
        .select({ confirmedAt: subscriptions.confirmedAt })
        .from(subscriptions)
        .where(eq(subscriptions.id, job.subscriptionId))
        .get();
      if (!sub || sub.confirmedAt) return null;
      const token = await mintMailToken(db, minted, 'confirm', job.subscriptionId, CONFIRM_TOKEN_TTL_MS);
      return { stone, confirm: `${site}/abo/bestaetigen?token=${token}` };
    }
  }
}

type Outcome = { done: true } | { retryInSeconds: number };

/** Sends one outbox row, at most once whatever happens to its queue messages. */
export async function sendOutboxRow(
  env: Env,
  transport: MailTransport | { unavailable: string },
  outboxId: string,
  now = new Date(),
): Promise<Outcome> {
  const db = getDb(env.DB);
  const row = await claim(db, outboxId, now);
  // Sent, skipped, failed, or being sent by another consumer right now: nothing to do.
  if (!row) return { done: true };
  const finish = (values: Partial<OutboxRow>) => db.update(emailOutbox).set(values).where(eq(emailOutbox.id, row.id));
  if ('unavailable' in transport) {
    log.error('mail not sent: no mail transport', { outboxId: row.id, reason: transport.unavailable });
    await finish({ status: 'failed', lastError: transport.unavailable });
    return { done: true };
  }
  const job = JSON.parse(row.payload) as MailJob;
  const minted: MintedTokens = { mail: [], owner: [] };
  try {
    const links = await prepareLinks(db, env, job, minted);
    if (!links) {
      await finish({ status: 'skipped', lastError: null });
      return { done: true };
    }
    const mail = renderMail(job, row.locale as Locale, links, env.PRODUCT_NAME);
    await transport.send({ id: row.id, from: env.MAIL_FROM, replyTo: env.MAIL_REPLY_TO, to: row.recipient, ...mail });
    await finish({ status: 'sent', sentAt: new Date(), lastError: null });
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
