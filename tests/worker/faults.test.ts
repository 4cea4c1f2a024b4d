/**
 * Faults injected into the Worker's bindings (R2, the mail queue, D1) and into Stripe's delivery: whatever fails,
 * nothing is lost and nothing is stored twice, and the client gets a clear answer in the API's one error shape.
 */
import { env } from 'cloudflare:test';
import Stripe from 'stripe';
import { afterEach, describe, expect, inject, it, vi } from 'vitest';
import { randomCode } from '../../src/shared/code';
import { MAX_PHOTOS } from '../../src/shared/schemas/limits';
import { ORPHAN_CONFIRM_MS, ORPHAN_GRACE_MS } from '../../src/worker/api/owner/photos';
import { runCron } from '../../src/worker/jobs/cron';
import { REQUEUE_AFTER_MS } from '../../src/worker/mail/outbox';
import { callWith, countRows, expectApiError, insertStone, snapshot } from '../support/factory';
import { TINY_JPEG } from '../support/images';
import { deliver, devMails, outbox } from '../support/mail';

const postJsonWith = (vars: Partial<Env>, path: string, body: unknown, method = 'POST') =>
  callWith(vars, path, { method, headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });

const newCode = () => randomCode((bytes) => crypto.getRandomValues(bytes));

afterEach(() => {
  vi.restoreAllMocks();
});

/** Quiet the app's expected warnings and errors about the injected faults. */
const quiet = () => {
  vi.spyOn(console, 'warn').mockImplementation(() => {});
  vi.spyOn(console, 'error').mockImplementation(() => {});
  vi.spyOn(console, 'log').mockImplementation(() => {});
};

// ---------------------------------------------------------------------------------------------------------------
// R2

/** The photo bucket, failing the puts whose number (1-based, counted over all calls) is in `failing`. */
function failingBucket(failing: number[], counter = { puts: 0 }): R2Bucket {
  return new Proxy(env.PHOTOS, {
    get(target, property) {
      if (property === 'put') {
        return async (...args: Parameters<R2Bucket['put']>) => {
          counter.puts++;
          if (failing.includes(counter.puts)) throw new Error('put: We encountered an internal error. Please try again. (10001)');
          return target.put(...args);
        };
      }
      const value = Reflect.get(target, property);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
}

/** Every photo row has its object and every object its row. */
async function photoKeys() {
  const { results } = await env.DB.prepare('SELECT r2_key FROM photos ORDER BY r2_key').all<{ r2_key: string }>();
  const objects = (await env.PHOTOS.list()).objects.map((o) => o.key).sort();
  return { rows: results.map((r) => r.r2_key), objects };
}

async function expectConsistentPhotos(count: number) {
  const { rows, objects } = await photoKeys();
  expect(objects).toEqual(rows);
  expect(rows).toHaveLength(count);
}

async function photoStone() {
  return insertStone({ code: newCode(), title: 'Fotostein', hasPhotos: true, isPaid: true });
}

function uploadForm(count: number): FormData {
  const form = new FormData();
  for (let i = 0; i < count; i++) form.append('photo', new File([TINY_JPEG], `${i}.jpg`, { type: 'image/jpeg' }));
  return form;
}

const upload = (vars: Partial<Env>, adminToken: string, count: number) =>
  callWith(vars, `/api/admin/stones/${adminToken}/photos`, { method: 'POST', body: uploadForm(count) });

describe('R2 failing during a photo upload', () => {
  it.each([1, 2, 3])('answers 503 and keeps neither a row nor an object when put %i of three fails', async (failing) => {
    quiet();
    const { adminToken } = await photoStone();
    const res = await upload({ PHOTOS: failingBucket([failing]) }, adminToken, 3);
    await expectApiError(res, 503, 'PHOTO_STORAGE_UNAVAILABLE');
    await expectConsistentPhotos(0);
  });

  it('stores the next upload whole after a failed one', async () => {
    quiet();
    const { adminToken } = await photoStone();
    await expectApiError(await upload({ PHOTOS: failingBucket([2]) }, adminToken, 2), 503, 'PHOTO_STORAGE_UNAVAILABLE');
    expect((await upload({}, adminToken, 2)).status).toBe(201);
    await expectConsistentPhotos(2);
  });

  it('refuses photos on the free creation path before R2 is touched, storing nothing', async () => {
    const counter = { puts: 0 };
    const form = new FormData();
    form.set('creatorEmail', 'a@example.org');
    form.set('title', 'Mit Foto');
    form.append('photo', new File([TINY_JPEG], 'a.jpg', { type: 'image/jpeg' }));
    const before = await snapshot();
    const res = await callWith({ PHOTOS: failingBucket([1], counter) }, '/api/stones', { method: 'POST', body: form });
    await expectApiError(res, 402, 'PAYMENT_REQUIRED');
    expect(counter.puts).toBe(0);
    expect(await snapshot()).toEqual(before);
    await expectConsistentPhotos(0);
  });
});

describe('an object left behind because R2 failed its removal too', () => {
  it('is removed by the cron once two runs a day apart found it without a row, and photos with their rows stay', async () => {
    quiet();
    const { adminToken } = await photoStone();
    expect((await upload({}, adminToken, 1)).status).toBe(201);
    const broken = new Proxy(failingBucket([2]), {
      get(target, property) {
        if (property === 'delete') {
          return async () => {
            throw new Error('delete: We encountered an internal error. Please try again. (10001)');
          };
        }
        return Reflect.get(target, property);
      },
    });
    await expectApiError(await upload({ PHOTOS: broken }, adminToken, 2), 503, 'PHOTO_STORAGE_UNAVAILABLE');
    const left = await photoKeys();
    expect(left.rows).toHaveLength(1);
    expect(left.objects).toHaveLength(2);

    // An object without a row may be an upload under way (stored, its row not yet written): it stays a while.
    await runCron(env, new Date(Date.now() + 60_000));
    expect((await photoKeys()).objects).toHaveLength(2);
    // Then it is seen without a row, and removed only when a run a day later still finds none (a restored
    // database may be missing rows of real photos; tests/worker/photo-sweep.test.ts has the rules).
    const seen = Date.now() + ORPHAN_GRACE_MS + 60_000;
    await runCron(env, new Date(seen));
    expect((await photoKeys()).objects).toHaveLength(2);
    await runCron(env, new Date(seen + ORPHAN_CONFIRM_MS));
    await expectConsistentPhotos(1);
  });
});

describe('six photo uploads at once', () => {
  it('never stores more than five photos, rows and objects alike; the refused ones get a 409', async () => {
    const { adminToken } = await photoStone();
    const answers = await Promise.all(Array.from({ length: MAX_PHOTOS + 1 }, () => upload({}, adminToken, 1)));
    const created = answers.filter((res) => res.status === 201);
    const refused = answers.filter((res) => res.status !== 201);
    expect(created).toHaveLength(MAX_PHOTOS);
    for (const res of refused) await expectApiError(res, 409, 'TOO_MANY_PHOTOS');
    await expectConsistentPhotos(MAX_PHOTOS);
  });

  it('keeps rows and objects equal when six uploads of two photos race and one put fails', async () => {
    quiet();
    const { adminToken } = await photoStone();
    const counter = { puts: 0 };
    const bucket = failingBucket([5], counter);
    const answers = await Promise.all(Array.from({ length: 6 }, () => upload({ PHOTOS: bucket }, adminToken, 2)));
    const statuses = answers.map((res) => res.status);
    for (const res of answers.filter((r) => r.status !== 201)) await expectApiError(res, res.status);
    expect(statuses.every((status) => [201, 409, 503].includes(status))).toBe(true);
    expect(statuses.filter((status) => status === 503)).toHaveLength(1);
    const { rows, objects } = await photoKeys();
    expect(objects).toEqual(rows);
    expect(rows.length).toBeLessThanOrEqual(MAX_PHOTOS);
    expect(rows).toHaveLength(2 * statuses.filter((status) => status === 201).length);
  });
});

// ---------------------------------------------------------------------------------------------------------------
// The mail queue

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

// ---------------------------------------------------------------------------------------------------------------
// D1

type FaultPlace = 'batch' | 'statement';

interface D1Fault {
  message: string;
  /** Where it strikes: a batch, or a single statement's execution. */
  on: FaultPlace;
  /** Before the call runs (nothing written) or after it (written, the answer lost). */
  when: 'before' | 'after';
  /** How many calls fail, from the first one that matches. */
  times?: number;
  /** Only calls whose SQL matches (all statements of a batch, joined). */
  sql?: RegExp;
}

/** env.DB with `fault` injected; `hits` counts the calls that failed. */
function faultyD1(fault: D1Fault): { db: D1Database; hits: { count: number } } {
  const hits = { count: 0 };
  const real = new WeakMap<object, D1PreparedStatement>();
  const sqlOf = new WeakMap<object, string>();
  const strike = async <T>(sql: string, run: () => Promise<T>): Promise<T> => {
    const matches = fault.sql ? fault.sql.test(sql) : true;
    if (!matches || hits.count >= (fault.times ?? 1)) return run();
    hits.count++;
    if (fault.when === 'after') await run();
    throw new Error(`D1_ERROR: ${fault.message}`);
  };
  const wrap = (statement: D1PreparedStatement, sql: string): D1PreparedStatement => {
    const proxy = new Proxy(statement, {
      get(target, property) {
        if (property === 'bind') return (...values: unknown[]) => wrap(target.bind(...values), sql);
        const value = Reflect.get(target, property);
        if (typeof value !== 'function') return value;
        if (fault.on === 'statement' && ['run', 'all', 'first', 'raw'].includes(String(property))) {
          return (...args: unknown[]) => strike(sql, () => (value as (...a: unknown[]) => Promise<unknown>).apply(target, args));
        }
        return value.bind(target);
      },
    });
    real.set(proxy, statement);
    sqlOf.set(proxy, sql);
    return proxy;
  };
  // The binding and the sessions the app opens on it (one per request, lib/d1-session.ts) fail alike.
  const faulty = <T extends D1Database | D1DatabaseSession>(base: T): T =>
    new Proxy(base, {
      get(target, property) {
        if (property === 'prepare') return (sql: string) => wrap(target.prepare(sql), sql);
        if (property === 'batch') {
          return (statements: D1PreparedStatement[]) => {
            const raw = statements.map((s) => real.get(s) ?? s);
            const sql = statements.map((s) => sqlOf.get(s) ?? '').join(';\n');
            return fault.on === 'batch' ? strike(sql, () => target.batch(raw)) : target.batch(raw);
          };
        }
        if (property === 'withSession' && 'withSession' in target)
          return (constraint?: string) => faulty(target.withSession(constraint as D1SessionConstraint));
        const value = Reflect.get(target, property);
        return typeof value === 'function' ? value.bind(target) : value;
      },
    });
  return { db: faulty(env.DB), hits };
}

const OVERLOADED = 'D1 DB is overloaded. Too many requests queued.';
const CONNECTION_LOST = 'Network connection lost.';
const BUSY = 'database is locked: SQLITE_BUSY';

const newStone = { creatorEmail: 'creator@example.org', title: 'Ein Stein' };

async function siteTotals() {
  return env.DB.prepare('SELECT stone_count, find_count, premium_count FROM site_totals WHERE id = 1').first<{
    stone_count: number;
    find_count: number;
    premium_count: number;
  }>();
}

describe('D1 answering transient errors', () => {
  it('creates a stone exactly once when D1 refused the first attempt as overloaded', async () => {
    quiet();
    const { db, hits } = faultyD1({ message: OVERLOADED, on: 'batch', when: 'before', sql: /insert into "stones"/ });
    const res = await postJsonWith({ DB: db }, '/api/stones', newStone);
    expect(res.status).toBe(201);
    expect(hits.count).toBe(1);
    expect(await countRows('stones')).toBe(1);
    expect((await outbox()).map((row) => row.kind)).toEqual(['stone-created']);
    expect(await siteTotals()).toMatchObject({ stone_count: 1 });
  });

  it('logs a find exactly once when its batch met a locked database the first time', async () => {
    quiet();
    const stone = await insertStone({ code: newCode() });
    const { db, hits } = faultyD1({ message: BUSY, on: 'batch', when: 'before', sql: /insert into "finds"/ });
    const res = await postJsonWith({ DB: db }, `/api/stones/${stone.code}/finds`, { location: 'Kiel' });
    expect(res.status).toBe(201);
    expect(hits.count).toBe(1);
    expect(await countRows('finds')).toBe(1);
    expect(await siteTotals()).toMatchObject({ find_count: 1 });
  });

  it('changes an owner’s title once when the update met a locked database the first time', async () => {
    quiet();
    const stone = await insertStone({ code: newCode(), title: 'Alt' });
    const { db, hits } = faultyD1({ message: BUSY, on: 'statement', when: 'before', sql: /^update "stones"/ });
    const res = await postJsonWith({ DB: db }, `/api/admin/stones/${stone.adminToken}`, { title: 'Neu' }, 'PATCH');
    expect(res.status).toBe(200);
    expect(hits.count).toBe(1);
    expect(await env.DB.prepare('SELECT title FROM stones WHERE id = ?').bind(stone.id).first('title')).toBe('Neu');
  });

  it('answers a read after the connection was lost once', async () => {
    quiet();
    const stone = await insertStone({ code: newCode(), title: 'Gelesen' });
    const { db, hits } = faultyD1({ message: CONNECTION_LOST, on: 'batch', when: 'before', sql: /^select/ });
    const res = await callWith({ DB: db }, `/api/stones/${stone.code}`);
    expect(res.status).toBe(200);
    expect(hits.count).toBe(1);
    expect(await res.json()).toMatchObject({ code: stone.code, title: 'Gelesen' });
  });

  it('answers 503 and writes nothing when the connection was lost before a stone’s write ran (its outcome is unknown to the app)', async () => {
    quiet();
    const { db, hits } = faultyD1({ message: CONNECTION_LOST, on: 'batch', when: 'before', sql: /insert into "stones"/ });
    const before = await snapshot();
    const res = await postJsonWith({ DB: db }, '/api/stones', newStone);
    await expectApiError(res, 503, 'DATABASE_UNAVAILABLE');
    expect(res.headers.get('retry-after')).toBe('1');
    expect(hits.count).toBe(1);
    expect(await snapshot()).toEqual(before);
  });

  it('answers 503 and stores the stone once, not twice, when the connection was lost after its write committed', async () => {
    quiet();
    const { db, hits } = faultyD1({ message: CONNECTION_LOST, on: 'batch', when: 'after', sql: /insert into "stones"/ });
    const res = await postJsonWith({ DB: db }, '/api/stones', newStone);
    await expectApiError(res, 503, 'DATABASE_UNAVAILABLE');
    expect(hits.count).toBe(1);
    expect(await countRows('stones')).toBe(1);
    expect(await countRows('email_outbox')).toBe(1);
    expect(await siteTotals()).toMatchObject({ stone_count: 1 });
  });

  it('answers 503 and writes nothing when D1 stays overloaded', async () => {
    quiet();
    const stone = await insertStone({ code: newCode() });
    const { db, hits } = faultyD1({ message: OVERLOADED, on: 'batch', when: 'before', times: 100, sql: /insert into "finds"/ });
    const before = await snapshot();
    const res = await postJsonWith({ DB: db }, `/api/stones/${stone.code}/finds`, { location: 'Kiel' });
    await expectApiError(res, 503, 'DATABASE_UNAVAILABLE');
    expect(hits.count).toBe(3);
    expect(await snapshot()).toEqual(before);
  });

  it('answers 503 for a single statement’s write whose connection was lost, and the title stays as it was', async () => {
    quiet();
    const stone = await insertStone({ code: newCode(), title: 'Vorher' });
    const { db, hits } = faultyD1({ message: CONNECTION_LOST, on: 'statement', when: 'before', sql: /^update "stones"/ });
    const res = await postJsonWith({ DB: db }, `/api/admin/stones/${stone.adminToken}`, { title: 'Nachher' }, 'PATCH');
    await expectApiError(res, 503, 'DATABASE_UNAVAILABLE');
    expect(hits.count).toBe(1);
    expect(await env.DB.prepare('SELECT title FROM stones WHERE id = ?').bind(stone.id).first('title')).toBe('Vorher');
  });

  it('keeps photo rows and objects together when the connection is lost around the rows’ write', async () => {
    quiet();
    const lostBefore = await photoStone();
    const before = faultyD1({ message: CONNECTION_LOST, on: 'batch', when: 'before', sql: /insert into "photos"/ });
    await expectApiError(await upload({ DB: before.db }, lostBefore.adminToken, 2), 503, 'DATABASE_UNAVAILABLE');
    await expectConsistentPhotos(0);

    const lostAfter = await photoStone();
    const after = faultyD1({ message: CONNECTION_LOST, on: 'batch', when: 'after', sql: /insert into "photos"/ });
    await expectApiError(await upload({ DB: after.db }, lostAfter.adminToken, 2), 503, 'DATABASE_UNAVAILABLE');
    await expectConsistentPhotos(2);
  });
});

// ---------------------------------------------------------------------------------------------------------------
// Stripe delivering a webhook again

const WEBHOOK_SECRET = 'whsec_test_secret';
const stripeVars = () => ({
  STRIPE_SECRET_KEY: 'sk_test_fake',
  STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
  STRIPE_API_BASE: inject('fakeServicesUrl'),
});

async function order(body: Record<string, unknown>): Promise<{ paymentIntentId: string; adminToken?: string }> {
  const res = await postJsonWith(stripeVars(), '/api/create-payment-intent', { stripePromotionCodeId: null, ...body });
  expect(res.status).toBe(201);
  return res.json();
}

async function pay(paymentIntentId: string) {
  const res = await fetch(`${inject('fakeServicesUrl')}/fake-stripe/pay/${paymentIntentId}`, { method: 'POST', body: '' });
  expect(res.status).toBe(200);
}

async function succeededEvent(paymentIntentId: string, amount: number) {
  const row = await env.DB.prepare('SELECT id FROM orders WHERE payment_intent_id = ?').bind(paymentIntentId).first<{ id: string }>();
  return JSON.stringify({
    id: `evt_${crypto.randomUUID().replaceAll('-', '')}`,
    object: 'event',
    type: 'payment_intent.succeeded',
    data: {
      object: {
        id: paymentIntentId,
        object: 'payment_intent',
        amount,
        currency: 'eur',
        status: 'succeeded',
        metadata: { orderId: row?.id ?? '' },
      },
    },
  });
}

async function deliverWebhook(payload: string): Promise<Response> {
  const signature = await Stripe.webhooks.generateTestHeaderStringAsync({
    payload,
    secret: WEBHOOK_SECRET,
    cryptoProvider: Stripe.createSubtleCryptoProvider(),
  });
  return callWith(stripeVars(), '/api/webhooks/stripe', {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'stripe-signature': signature },
    body: payload,
  });
}

const buyer = () => ({ creatorEmail: `buyer-${crypto.randomUUID()}@example.org`, title: 'Bezahlt', story: 'Lang' });

describe('a Stripe webhook delivered three times', () => {
  it.each(['one after another', 'at the same time'])('makes one stone and one mail when the event arrives %s', async (how) => {
    const stoneData = buyer();
    const { paymentIntentId } = await order({ amount: 10, features: { photos: true, story: true }, stoneData });
    await pay(paymentIntentId);
    const payload = await succeededEvent(paymentIntentId, 1000);
    const answers =
      how === 'at the same time'
        ? await Promise.all([1, 2, 3].map(() => deliverWebhook(payload)))
        : [await deliverWebhook(payload), await deliverWebhook(payload), await deliverWebhook(payload)];
    for (const res of answers) {
      expect(res.status).toBe(200);
      expect(await res.json()).toEqual({ received: true });
    }
    expect(await countRows('stones')).toBe(1);
    expect(await siteTotals()).toMatchObject({ stone_count: 1, premium_count: 1 });
    const mails = await outbox();
    expect(mails.map((row) => [row.kind, row.recipient])).toEqual([['stone-created', stoneData.creatorEmail]]);
    await deliver(mails.map((row) => row.id));
    expect((await devMails()).filter((mail) => mail.to === stoneData.creatorEmail)).toHaveLength(1);
    expect(await env.DB.prepare('SELECT count(*) AS n FROM payment_events').first('n')).toBe(1);
  });

  it('upgrades a stone once when the upgrade’s event arrives three times at once', async () => {
    const stone = await insertStone({ code: newCode(), title: 'Alt' });
    const { paymentIntentId } = await order({ amount: 5, features: { photos: true, story: false }, upgradeToken: stone.adminToken });
    await pay(paymentIntentId);
    const payload = await succeededEvent(paymentIntentId, 500);
    const before = await siteTotals();
    const answers = await Promise.all([1, 2, 3].map(() => deliverWebhook(payload)));
    for (const res of answers) expect(res.status).toBe(200);
    expect(await env.DB.prepare('SELECT has_photos, is_paid FROM stones WHERE id = ?').bind(stone.id).first()).toEqual({
      has_photos: 1,
      is_paid: 1,
    });
    expect(await siteTotals()).toEqual({ ...before, premium_count: (before?.premium_count ?? 0) + 1 });
    expect(await countRows('stones')).toBe(1);
    expect(await countRows('email_outbox')).toBe(0);
  });
});
