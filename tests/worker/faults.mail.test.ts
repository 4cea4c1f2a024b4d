/**
 * Faults of the mail queue: a find whose mails cannot be queued keeps them in the outbox, the cron queues them
 * again, and each is sent exactly once.
 */
import { env } from 'cloudflare:test';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { runCron } from '../../src/worker/jobs/cron';
import { REQUEUE_AFTER_MS } from '../../src/worker/mail/outbox';
import { countRows, insertStone } from '../support/factory';
import { newCode, postJsonWith, quiet } from '../support/faults';
import { deliver, devMails, outbox } from '../support/mail';

afterEach(() => {
  vi.restoreAllMocks();
});

const failingQueue = (): Queue =>
  ({
    send: async () => {
      throw new Error('Queue send failed: internal error');
    },
    sendBatch: async () => {
      throw new Error('Queue sendBatch failed: internal error');
    },
  }) as unknown as Queue;

/** A queue that records the outbox ids it is given and delivers nothing. */
function recordingQueue(): { queue: Queue; sent: string[] } {
  const sent: string[] = [];
  const queue = {
    send: async (body: { outboxId: string }) => {
      sent.push(body.outboxId);
    },
    sendBatch: async (messages: Array<{ body: { outboxId: string } }>) => {
      sent.push(...messages.map((m) => m.body.outboxId));
    },
  } as unknown as Queue;
  return { queue, sent };
}

describe('the queue failing after a find', () => {
  it('stores the find with its mails; the cron queues them again and each is sent exactly once', async () => {
    quiet();
    const owner = `owner-${crypto.randomUUID()}@example.org`;
    const subscriber = `reader-${crypto.randomUUID()}@example.org`;
    const stone = await insertStone({ code: newCode(), title: 'Wanderstein', creatorEmail: owner });
    await env.DB.prepare("INSERT INTO subscriptions (id, stone_id, email, locale, confirmed_at) VALUES (?, ?, ?, 'de', ?)")
      .bind(crypto.randomUUID(), stone.id, subscriber, Date.now())
      .run();

    const res = await postJsonWith({ EMAIL_QUEUE: failingQueue() }, `/api/stones/${stone.code}/finds`, { location: 'Hamburg' });
    expect(res.status).toBe(201);
    expect(await countRows('finds')).toBe(1);
    const written = await outbox();
    expect(written.map((row) => [row.kind, row.recipient, row.status]).sort()).toEqual(
      [
        ['find-owner', owner, 'pending'],
        ['find-subscriber', subscriber, 'pending'],
      ].sort(),
    );

    // Before REQUEUE_AFTER_MS the cron leaves them alone; after it, it queues each once.
    const early = recordingQueue();
    await runCron({ ...env, EMAIL_QUEUE: early.queue } as Env, new Date(Date.now() + 60_000));
    expect(early.sent).toEqual([]);
    const later = new Date(Date.now() + REQUEUE_AFTER_MS + 60_000);
    const first = recordingQueue();
    await runCron({ ...env, EMAIL_QUEUE: first.queue } as Env, later);
    expect([...first.sent].sort()).toEqual(written.map((row) => row.id).sort());
    const again = recordingQueue();
    await runCron({ ...env, EMAIL_QUEUE: again.queue } as Env, later);
    expect(again.sent).toEqual([]);

    // The queue delivers at least once: the same messages twice still send one mail each.
    await deliver(first.sent);
    await deliver(first.sent);
    const mails = await devMails();
    expect(mails.filter((mail) => mail.to === owner)).toHaveLength(1);
    expect(mails.filter((mail) => mail.to === subscriber)).toHaveLength(1);
    expect((await outbox()).map((row) => row.status)).toEqual(['sent', 'sent']);

    const afterwards = recordingQueue();
    await runCron({ ...env, EMAIL_QUEUE: afterwards.queue } as Env, new Date(later.getTime() + REQUEUE_AFTER_MS * 3));
    expect(afterwards.sent).toEqual([]);
  });
});
