/**
 * Renders that coalesce (decision record 025): every write that changes a card asks for it as it is at
 * that moment, delivered SHARE_CARD_DEBOUNCE_SECONDS later; the first message of a burst renders the newest state,
 * and the others find it on the card. These tests count renders (the job's writes of cards to R2), not time: the
 * queue's delivery after the debounce is played by handing the job the messages with its clock set to then.
 */
import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import type { StoneView } from '../../src/shared/types';
import { CATCH_UP_SPACING_SECONDS, catchUpShareCards } from '../../src/worker/share/catch-up';
import { handleShareMessages, type Outcome, renderStoneShare } from '../../src/worker/share/job';
import type { ShareMessage } from '../../src/worker/share/storage';
import { collectionBody } from '../support/collections';
import { call } from '../support/factory';
import { sharing, targets } from '../support/share-queue';

/** The mail queue's batch size (wrangler.toml `max_batch_size`). */
const BATCH_SIZE = 10;
const DEBOUNCE_SECONDS = 60;

/** The cards bucket with its writes of cards counted: one write is one render. */
function countingBucket() {
  let renders = 0;
  const bucket = new Proxy(env.PHOTOS, {
    get(target, property) {
      if (property === 'put')
        return (key: string, ...rest: unknown[]) => {
          if (key.startsWith('share/')) renders += 1;
          return (target.put as (...args: unknown[]) => unknown)(key, ...rest);
        };
      const value = Reflect.get(target, property);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
  return { bindings: { ...env, SHARE_IMAGES: 'on', PHOTOS: bucket } as Env, renders: () => renders };
}

const asMessage = (body: ShareMessage, i: number): Message<ShareMessage> => ({
  id: `coalesce-${i}`,
  timestamp: new Date(body.requestedAt ?? Date.now()),
  attempts: 1,
  body,
  ack: () => {},
  retry: () => {},
});

/**
 * The messages as the queue delivers them: in batches of BATCH_SIZE in the order they are due, each batch once its
 * newest message is due (its `requestedAt`; the job's clock is set to that moment).
 */
async function deliverWhenDue(bindings: Env, messages: ShareMessage[]) {
  const outcomes: Outcome[] = [];
  const due = messages.map((m) => ({ m, at: m.requestedAt ?? 0 })).sort((a, b) => a.at - b.at);
  for (let i = 0; i < due.length; i += BATCH_SIZE) {
    const batch = due.slice(i, i + BATCH_SIZE);
    const now = new Date(Math.max(...batch.map((d) => d.at)));
    outcomes.push(
      ...(await handleShareMessages(
        batch.map((d, j) => asMessage(d.m, i + j)),
        bindings,
        now,
      )),
    );
  }
  return outcomes;
}

describe('share card renders coalesce', () => {
  it('a burst of 100 finds on one stone renders its card at most once per debounce period, from the newest state', {
    timeout: 120_000,
  }, async () => {
    const share = sharing();
    const before = Date.now();
    const created = await share.post('/api/stones', { creatorEmail: 'burst@example.org', title: 'Vielgefundener Stein' });
    const { code } = await created.json<{ code: string }>();
    const started = Date.now();
    for (let i = 0; i < 100; i++) {
      const res = await share.post(`/api/stones/${code}/finds`, { location: `Ort ${i + 1}`, comment: `Fund ${i + 1}` });
      expect(res.status).toBe(201);
    }
    const span = Date.now() - started;
    const messages = share.take();
    const delays = share.takeDelays();
    // The creation's message is on its way for a minute: the finds in that minute send none of their own (a slower
    // machine's longer burst one more per minute it lasted). Each asks for the stone, after the debounce, and names
    // the moment it is due.
    const periods = 1 + Math.floor(span / (DEBOUNCE_SECONDS * 1000));
    expect(messages.length).toBeGreaterThanOrEqual(1);
    expect(messages.length).toBeLessThanOrEqual(periods);
    expect(targets(messages)).toEqual(messages.map(() => ({ share: 'stone', code })));
    expect(delays).toEqual(messages.map(() => DEBOUNCE_SECONDS));
    const [first] = messages;
    expect(first?.requestedAt).toBeGreaterThanOrEqual(before + DEBOUNCE_SECONDS * 1000);
    expect(first?.requestedAt).toBeLessThanOrEqual(started + DEBOUNCE_SECONDS * 1000);

    const counted = countingBucket();
    const outcomes = await deliverWhenDue(counted.bindings, messages);
    // One render per message at most: a burst within a minute is one render.
    expect(counted.renders()).toBeGreaterThanOrEqual(1);
    expect(counted.renders()).toBeLessThanOrEqual(periods);
    expect(outcomes.filter((o) => o === 'rendered')).toHaveLength(counted.renders());
    expect(outcomes.filter((o) => o !== 'rendered' && o !== 'coalesced' && o !== 'unchanged')).toEqual([]);

    // The card shows the newest state, all 100 finds: a read of it now finds nothing to render.
    expect((await renderStoneShare(counted.bindings, code)).outcome).toBe('unchanged');
    expect(((await (await call(`/api/stones/${code}`)).json()) as StoneView).shareImage).toMatch(/\/share\/stone\//);
  });

  it('skip a message asked for before the card was read, and look again at one asked for after it', async () => {
    const share = sharing();
    expect((await share.post('/api/stones', { creatorEmail: 'burst@example.org', title: 'Stein' })).status).toBe(201);
    const [first] = share.take();
    if (!first?.requestedAt) throw new Error('no message');
    const code = first.share === 'stone' ? first.code : '';
    const counted = countingBucket();
    // Delivered a little after it was due, as a queue does (a read counts from a second before it starts).
    const delivered = new Date(first.requestedAt + 2000);
    expect(await handleShareMessages([asMessage(first, 0)], counted.bindings, delivered)).toEqual(['rendered']);
    // The same request again (a queue delivers at least once): the read after it has it.
    expect(await handleShareMessages([asMessage(first, 1)], counted.bindings, delivered)).toEqual(['coalesced']);
    // Asked for after that read: looked at again (nothing changed, so nothing is rendered).
    const after = { ...first, requestedAt: delivered.getTime() + 1 };
    const later = new Date(after.requestedAt + DEBOUNCE_SECONDS * 1000);
    expect(await handleShareMessages([asMessage(after, 2)], counted.bindings, later)).toEqual(['unchanged']);
    // A message from a version before renders coalesced (no moment) is always looked at.
    expect(await handleShareMessages([asMessage({ share: 'stone', code }, 3)], counted.bindings, later)).toEqual(['unchanged']);
    expect(counted.renders()).toBe(1);
  });

  it('a write that sent none is on the card its message on the way renders, though a render read the card meanwhile', async () => {
    const share = sharing();
    expect((await share.post('/api/stones', { creatorEmail: 'burst@example.org', title: 'Stein' })).status).toBe(201);
    const [message] = share.take();
    if (!message?.requestedAt || message.share !== 'stone') throw new Error('no message');
    const counted = countingBucket();
    // Another render reads the card now: another isolate's message, or an older one the queue delivered late.
    expect((await renderStoneShare(counted.bindings, message.code)).outcome).toBe('rendered');
    // A find while the creation's message is on its way sends none of its own.
    const found = await share.post(`/api/stones/${message.code}/finds`, { location: 'Hamburg', comment: 'Am Hafen' });
    expect(found.status).toBe(201);
    expect(share.take()).toEqual([]);
    // That message, when due, covers the find: the card read before it is not taken for it.
    expect(await handleShareMessages([asMessage(message, 0)], counted.bindings, new Date(message.requestedAt))).toEqual(['rendered']);
    expect(counted.renders()).toBe(2);
    expect((await renderStoneShare(counted.bindings, message.code)).outcome).toBe('unchanged');
  });

  it('wait as long as SHARE_CARD_DEBOUNCE_SECONDS says', async () => {
    const share = sharing({ SHARE_CARD_DEBOUNCE_SECONDS: '5' });
    expect((await share.post('/api/stones', { creatorEmail: 'burst@example.org', title: 'Stein' })).status).toBe(201);
    expect(share.takeDelays()).toEqual([5]);
  });

  it('a collection of 50 stones asks for its own card once, and its stones come from the catch-up, spread out', {
    timeout: 60_000,
  }, async () => {
    const share = sharing();
    const res = await share.post('/api/collections', collectionBody({ count: 50 }));
    expect(res.status).toBe(201);
    const created = await res.json<{ id: string; stones: Array<{ code: string }> }>();
    expect(created.stones).toHaveLength(50);
    const messages = share.take();
    expect(targets(messages)).toEqual([{ share: 'collection', id: created.id }]);

    const counted = countingBucket();
    expect(await deliverWhenDue(counted.bindings, messages)).toEqual(['rendered']);
    expect(counted.renders()).toBe(1);

    // The cron asks for the stones without a card, each a step later than the one before: no burst of renders.
    const sent: Array<{ body: ShareMessage; delaySeconds?: number }> = [];
    const queue = { sendBatch: async (batch: typeof sent) => void sent.push(...batch) } as unknown as Queue;
    expect(await catchUpShareCards({ ...env, SHARE_IMAGES: 'on', EMAIL_QUEUE: queue } as Env)).toBe(50);
    const codes = new Set(created.stones.map((stone) => stone.code));
    expect(sent.every((m) => m.body.share === 'stone' && codes.has(m.body.code))).toBe(true);
    expect(sent.map((m) => m.delaySeconds)).toEqual(sent.map((_, i) => DEBOUNCE_SECONDS + i * CATCH_UP_SPACING_SECONDS));
  });
});
