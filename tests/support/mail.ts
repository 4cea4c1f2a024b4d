import { createExecutionContext, createMessageBatch, env, getQueueResult } from 'cloudflare:test';
import { vi } from 'vitest';
import { randomCode } from '../../src/shared/code';
import { getDb } from '../../src/worker/db/client';
import worker from '../../src/worker/index';
import { insertMail } from '../../src/worker/mail/queries';
import type { DevMail } from '../../src/worker/mail/transport';
import { call, insertStone } from './factory';

export interface OutboxRow {
  id: string;
  dedupe_key: string;
  kind: string;
  recipient: string;
  locale: string;
  payload: string;
  subject: string;
  status: string;
  attempts: number;
  last_error: string | null;
}

export async function outbox(): Promise<OutboxRow[]> {
  const { results } = await env.DB.prepare('SELECT * FROM email_outbox ORDER BY created_at, id').all<OutboxRow>();
  return results;
}

/** The mails the development transport kept, newest first, as /dev/mail.json lists them. */
export async function devMails(): Promise<DevMail[]> {
  const res = await call('/dev/mail.json');
  if (res.status !== 200) throw new Error(`/dev/mail.json answered ${res.status}`);
  return (await res.json<{ messages: DevMail[] }>()).messages;
}

/**
 * Polls until the real queue has delivered and the consumer sent mails that `match` finds (the first poll that
 * finds `count` wins); fails with how many it found when `timeoutMs` passes first.
 */
export function waitForMails(match: (mails: DevMail[]) => DevMail[], count = 1, timeoutMs = 10_000): Promise<DevMail[]> {
  return vi.waitFor(
    async () => {
      const found = match(await devMails());
      if (found.length < count) throw new Error(`expected ${count} mail(s), found ${found.length} after ${timeoutMs} ms`);
      return found;
    },
    { timeout: timeoutMs, interval: 100 },
  );
}

export const mailsTo = (to: string) => (mails: DevMail[]) => mails.filter((mail) => mail.to === to);

/** The first link in the mail's text that starts with `prefix` (absolute, as sent). */
export function linkIn(mail: DevMail, prefix: string): string {
  const link = mail.text.split(/\s+/).find((word) => word.startsWith(prefix));
  if (!link) throw new Error(`no link starting with ${prefix} in:\n${mail.text}`);
  return link;
}

/** The token of a link like https://…/abo/bestaetigen?token=… */
export const tokenOf = (link: string) => new URL(link).searchParams.get('token') ?? '';

/** Delivers queue messages for outbox rows straight to the Worker's queue() and tells what it did with each. */
export async function deliver(outboxIds: string[], vars: Partial<Env> = {}, attempts = 1) {
  const batch = createMessageBatch(
    'reisesteine-email',
    outboxIds.map((outboxId, i) => ({ id: `msg-${i}-${crypto.randomUUID()}`, timestamp: new Date(), attempts, body: { outboxId } })),
  );
  const ctx = createExecutionContext();
  await worker.queue(batch, { ...env, ...vars });
  return getQueueResult(batch, ctx);
}

/** An outbox row written straight into D1 and never queued: only the test delivers it. */
export async function unqueuedOwnerLinkMail(recipient: string): Promise<string> {
  const stone = await insertStone({ code: randomCode((bytes) => crypto.getRandomValues(bytes)), title: 'Unterwegs' });
  const [row] = await insertMail(
    getDb(env.DB),
    { kind: 'owner-link', stoneId: stone.id, code: stone.code, title: 'Unterwegs' },
    recipient,
    'de',
    `test:${crypto.randomUUID()}`,
  );
  if (!row) throw new Error('row not written');
  return row.id;
}
