import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { CRON_STEPS } from '../../src/worker/jobs/cron';
import { CATCH_UP_SPACING_SECONDS, catchUpShareCards } from '../../src/worker/share/catch-up';
import { isShareMessage, type ShareMessage } from '../../src/worker/share/storage';
import { insertCollection } from '../support/collections';
import { insertStone } from '../support/factory';
import { targets } from '../support/share-queue';

/** The Worker's bindings with share cards on and the queue's messages kept here. */
function sharing(share = 'on') {
  const sent: ShareMessage[] = [];
  const delays: Array<number | undefined> = [];
  const queue = {
    sendBatch: async (messages: Array<{ body: unknown; delaySeconds?: number }>) => {
      sent.push(...messages.map((m) => m.body).filter(isShareMessage));
      delays.push(...messages.map((m) => m.delaySeconds));
    },
  } as unknown as Queue;
  return { bindings: { ...env, SHARE_IMAGES: share, EMAIL_QUEUE: queue } as Env, sent, delays };
}

const day = (n: number) => new Date(Date.UTC(2026, 0, n));

describe("the cron's catch-up of share cards", () => {
  it('asks for every stone and collection without a card, oldest first, a limited number per run, and none with one', async () => {
    await insertStone({ code: 'CA7-C40-003', createdAt: day(3) });
    await insertStone({ code: 'CA7-C40-001', createdAt: day(1) });
    await insertStone({ code: 'CA7-C40-002', createdAt: day(2), shareCard: '0123456789abcdef' });
    await insertStone({ code: 'CA7-C40-004', createdAt: day(4) });
    const { id } = await insertCollection({ title: 'Ohne Karte' });
    const carded = await insertCollection({ title: 'Mit Karte' });
    await env.DB.prepare("UPDATE collections SET share_card = 'fedcba9876543210' WHERE id = ?").bind(carded.id).run();

    const first = sharing();
    expect(await catchUpShareCards(first.bindings, 2)).toBe(3);
    expect(targets(first.sent)).toEqual([
      { share: 'stone', code: 'CA7-C40-001' },
      { share: 'stone', code: 'CA7-C40-003' },
      { share: 'collection', id },
    ]);
    // Spread out: each a step after the one before, the first after the debounce.
    expect(first.delays).toEqual([60, 60 + CATCH_UP_SPACING_SECONDS, 60 + 2 * CATCH_UP_SPACING_SECONDS]);

    const all = sharing();
    await catchUpShareCards(all.bindings);
    const codes = all.sent.flatMap((m) => (m.share === 'stone' ? [m.code] : []));
    expect(codes).toEqual(['CA7-C40-001', 'CA7-C40-003', 'CA7-C40-004']);
    expect(targets(all.sent)).not.toContainEqual({ share: 'collection', id: carded.id });
  });

  it('asks for nothing when share cards are off, and runs as a step of the cron', async () => {
    await insertStone({ code: 'CA7-C40-00F' });
    const off = sharing('off');
    expect(await catchUpShareCards(off.bindings)).toBe(0);
    expect(off.sent).toEqual([]);
    expect(CRON_STEPS.map(([name]) => name)).toContain('share cards');
  });
});
