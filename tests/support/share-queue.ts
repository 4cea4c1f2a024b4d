import { createExecutionContext, createMessageBatch, env, getQueueResult } from 'cloudflare:test';
import worker from '../../src/worker/index';
import { isShareMessage, type ShareMessage } from '../../src/worker/share/storage';
import { callWith } from './factory';

/**
 * The Worker with share cards on (the tests' configuration has them off), its queue messages kept here instead of
 * sent, so a test delivers them to the job itself (deliver) when it wants the cards rendered.
 */
export function sharing(settings: Partial<Env> = {}) {
  const sent: unknown[] = [];
  const delays: Array<number | undefined> = [];
  const queue = {
    send: async (body: unknown) => void sent.push(body),
    sendBatch: async (messages: Array<{ body: unknown; delaySeconds?: number }>) => {
      sent.push(...messages.map((m) => m.body));
      delays.push(...messages.filter((m) => isShareMessage(m.body)).map((m) => m.delaySeconds));
    },
  } as unknown as Queue;
  const vars: Partial<Env> = { ...settings, SHARE_IMAGES: 'on', EMAIL_QUEUE: queue };
  const send = (method: string, path: string, body?: unknown, headers: Record<string, string> = {}) =>
    callWith(vars, path, {
      method,
      headers: body === undefined ? headers : { 'content-type': 'application/json', ...headers },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  return {
    vars,
    post: (path: string, body: unknown, headers?: Record<string, string>) => send('POST', path, body, headers),
    patch: (path: string, body: unknown, headers?: Record<string, string>) => send('PATCH', path, body, headers),
    delete: (path: string, body?: unknown, headers?: Record<string, string>) => send('DELETE', path, body, headers),
    /** The share messages sent so far, taken. */
    take: (): ShareMessage[] => sent.splice(0).filter(isShareMessage),
    /** The delays (seconds) the share messages were sent with so far, taken. */
    takeDelays: () => delays.splice(0),
  };
}

/** What the messages ask for, without the moment each was asked at (which every message of a write carries). */
export function targets(messages: ShareMessage[]): ShareMessage[] {
  for (const message of messages) if (typeof message.requestedAt !== 'number') throw new Error('a share message without requestedAt');
  return messages.map(({ requestedAt: _, ...target }) => target);
}

/** Delivers messages to the Worker's queue() as the mail queue would, with the bindings `vars` changes. */
export async function deliver(messages: ShareMessage[], vars: Partial<Env> = {}) {
  const batch = createMessageBatch(
    'reisesteine-email',
    messages.map((body, i) => ({ id: `share-${i}-${crypto.randomUUID()}`, timestamp: new Date(), attempts: 1, body })),
  );
  const ctx = createExecutionContext();
  await worker.queue(batch, { ...env, ...vars });
  return getQueueResult(batch, ctx);
}

/** The keys stored under `prefix` (a stone's or collection's cards: share/stone/{code}/), in order. */
export const cardKeys = async (prefix: string) => (await env.PHOTOS.list({ prefix })).objects.map((o) => o.key).sort();
