import { env } from 'cloudflare:test';
import { expect, it } from 'vitest';
import { renderLetter } from '../../src/worker/mail/letter-render';
import { writeLetters } from '../../src/worker/mail/letters';
import { createStone } from '../support/factory';

/**
 * What the cron's letter step costs for 10 000 recipients (decision record 037): each a daily follower of a stone
 * with one held find mail. The step writes 10 000 letter rows in one statement and queues them a hundred per send;
 * the consumer renders them, not the cron. A measurement for `npm run bench`, not a test: its figure depends on the
 * machine, and the local D1 runs in the same workerd, so the time includes its SQL (in production D1's, not the
 * Worker's CPU).
 */
const RECIPIENTS = 10_000;

it('writes and queues the daily letters of 10 000 recipients in one cron step', async () => {
  const { code } = await createStone({ title: 'Viel gefolgter Stein' });
  const stone = await env.DB.prepare('SELECT id FROM stones WHERE code = ?').bind(code).first<{ id: string }>();
  const payload = JSON.stringify({
    kind: 'find-subscriber',
    subscriptionId: '',
    code,
    title: 'Viel gefolgter Stein',
    find: { location: 'Kiel', latitude: null, longitude: null, comment: '', createdAt: '2026-11-30T10:00:00.000Z', totalDistanceKm: 0 },
  });
  await env.DB.batch([
    env.DB.prepare(
      `WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < ?)
       INSERT INTO subscriptions (id, stone_id, email, locale, confirmed_at, frequency, created_at)
       SELECT 'sub-' || i, ?, 'leser' || i || '@example.org', 'de', 1, 'daily', 1 FROM n`,
    ).bind(RECIPIENTS, stone?.id),
    env.DB.prepare(
      `INSERT INTO email_outbox (id, dedupe_key, kind, recipient, locale, payload, subject, status, attempts, created_at, queued_at)
       SELECT 'held-' || id, 'find:x:sub:' || id, 'find-subscriber', email, 'de', json_set(?, '$.subscriptionId', id), 'Fund', 'held', 0, 1, 1
       FROM subscriptions WHERE stone_id = ?`,
    ).bind(payload, stone?.id),
  ]);
  let sends = 0;
  const queue = { sendBatch: async () => void sends++, send: async () => void sends++ } as unknown as Queue;
  await env.CACHE.get('clock');
  const started = performance.now();
  const written = await writeLetters({ ...env, EMAIL_QUEUE: queue }, new Date('2026-12-01T07:05:00Z'));
  await env.CACHE.get('clock');
  const stepMs = performance.now() - started;
  expect(written).toBe(RECIPIENTS);
  expect(sends).toBe(RECIPIENTS / 100);
  console.info(
    `LETTERS_CRON ${JSON.stringify({ recipients: RECIPIENTS, letters: written, queueSends: sends, stepMs: Math.round(stepMs) })}`,
  );
});

it("renders a week's letter of a follower of a whole collection: 50 stones, 7 finds each", async () => {
  const stones = Array.from({ length: 50 }, (_, s) => ({
    code: `A1B-2C3-${(100 + s).toString(16).toUpperCase().padStart(3, '0')}`,
    title: `Für Oma Lisbeth ${s + 1}`,
    collection: 'Für Oma Lisbeth',
    owner: false,
    card: `/share/stone/x/${s}.png`,
    finds: Array.from({ length: 7 }, (_, f) => ({
      location: `Ort ${f}`,
      latitude: 54.3,
      longitude: 10.1,
      comment: 'Am Strand gefunden, mit Grüßen an die Familie.',
      createdAt: `2026-11-2${f}T10:00:00.000Z`,
      totalDistanceKm: 100 + f,
    })),
  }));
  const readers = [{ title: 'Für Oma Lisbeth', purpose: 'unsubscribe-collection' as const, targetId: 'c1', token: 't'.repeat(43) }];
  await env.CACHE.get('clock');
  const started = performance.now();
  const mail = renderLetter(
    { kind: 'weekly', stones, readers, stopPage: 'https://x/abo/abmelden?token=t', stopPost: 'https://x/api' },
    'https://reisesteine.de',
    'de',
    'Reisesteine',
  );
  await env.CACHE.get('clock');
  const renderMs = performance.now() - started;
  expect(mail.text).toContain('Für Oma Lisbeth 50');
  console.info(
    `LETTER_RENDER ${JSON.stringify({ stones: 50, finds: 350, renderMs: Math.round(renderMs), htmlBytes: mail.html.length, textBytes: mail.text.length })}`,
  );
});

it('writes the letters of the year of 10 000 owners whose day it is, among 50 000 stones whose day it is not', async () => {
  // 10 000 stones remember 1 December, 40 000 other days; 10 000 more were made on another day without one.
  await env.DB.prepare(
    `WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 60000)
     INSERT INTO stones (id, code, title, creator_email, owner_token_hash, locale, memorial_day, created_at)
     SELECT 'm-' || i, printf('%03X-%03X-%03X', i / 4096 / 4096, (i / 4096) % 4096, i % 4096), 'Gedenkstein ' || i,
       'familie' || i || '@example.org', 'hash-' || i, 'de',
       CASE WHEN i <= 10000 THEN '12-01' WHEN i <= 50000 THEN printf('%02d-%02d', 1 + i % 11, 1 + i % 28) END,
       1750000000000 + i FROM n`,
  ).run();
  let sends = 0;
  const queue = { sendBatch: async () => void sends++, send: async () => void sends++ } as unknown as Queue;
  await env.CACHE.get('clock');
  const started = performance.now();
  const written = await writeLetters({ ...env, EMAIL_QUEUE: queue }, new Date('2026-12-01T07:05:00Z'));
  await env.CACHE.get('clock');
  const stepMs = performance.now() - started;
  expect(written).toBe(10_000);
  console.info(`MEMORIAL_CRON ${JSON.stringify({ stones: 60_000, letters: written, queueSends: sends, stepMs: Math.round(stepMs) })}`);
});
