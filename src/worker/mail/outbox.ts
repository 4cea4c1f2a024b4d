import { log } from '../lib/logger';

/**
 * Queueing: the rows are written by the statements in queries.ts, inside the batch of the write that causes
 * them; after the batch, one queue message per written row goes to `EMAIL_QUEUE` (decision record 009).
 */

/** The queue message: only the outbox row's id (the row holds everything else). */
export interface MailMessage {
  outboxId: string;
}

/** A row still pending this long after it was queued lost its queue message: the cron queues it again. */
export const REQUEUE_AFTER_MS = 5 * 60 * 1000;
/** A row claimed this long ago by a consumer that never finished (crashed) is sent again. */
export const STALE_CLAIM_MS = 10 * 60 * 1000;

/**
 * Queues one message per written row. A failure loses nothing: the rows stay pending and the cron queues
 * them again after REQUEUE_AFTER_MS.
 */
export async function queueMails(queue: Queue, ids: string[]): Promise<void> {
  for (let i = 0; i < ids.length; i += 100) {
    const chunk = ids.slice(i, i + 100);
    try {
      await queue.sendBatch(chunk.map((outboxId) => ({ body: { outboxId } satisfies MailMessage })));
    } catch (error) {
      log.warn('mail not queued: the cron will queue it again', { count: chunk.length, error: String(error) });
    }
  }
}

/**
 * Ids of the rows to queue that the statements of a batch wrote (each answered `RETURNING id`, and its status where
 * a row may be held for a letter: those wait for the cron's letters and are not queued).
 */
export const writtenIds = (...results: Array<Array<{ id: string; status?: string }>>) =>
  results
    .flat()
    .filter((row) => row.status !== 'held')
    .map((row) => row.id);
