/**
 * Faults of D1: overloaded, locked, a connection lost before or after a write. Nothing is stored twice, a write
 * whose outcome the app cannot know answers 503, and photo rows and objects stay together.
 */
import { env } from 'cloudflare:test';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { callWith, countRows, expectApiError, insertStone, snapshot } from '../support/factory';
import { expectConsistentPhotos, newCode, photoStone, postJsonWith, quiet, siteTotals, upload } from '../support/faults';
import { outbox } from '../support/mail';

afterEach(() => {
  vi.restoreAllMocks();
});

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

  // A change of the owner's mail setting is one statement (a new title also rewrites its words, in a batch).
  it('changes an owner’s setting once when the update met a locked database the first time', async () => {
    quiet();
    const stone = await insertStone({ code: newCode(), title: 'Alt' });
    const { db, hits } = faultyD1({ message: BUSY, on: 'statement', when: 'before', sql: /^update "stones"/ });
    const res = await postJsonWith({ DB: db }, `/api/admin/stones/${stone.adminToken}`, { notifyOnFind: false }, 'PATCH');
    expect(res.status).toBe(200);
    expect(hits.count).toBe(1);
    expect(await env.DB.prepare('SELECT notify_on_find FROM stones WHERE id = ?').bind(stone.id).first('notify_on_find')).toBe(0);
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

  it('answers 503 for a single statement’s write whose connection was lost, and the setting stays as it was', async () => {
    quiet();
    const stone = await insertStone({ code: newCode(), title: 'Vorher' });
    const { db, hits } = faultyD1({ message: CONNECTION_LOST, on: 'statement', when: 'before', sql: /^update "stones"/ });
    const res = await postJsonWith({ DB: db }, `/api/admin/stones/${stone.adminToken}`, { notifyOnFind: false }, 'PATCH');
    await expectApiError(res, 503, 'DATABASE_UNAVAILABLE');
    expect(hits.count).toBe(1);
    expect(await env.DB.prepare('SELECT notify_on_find FROM stones WHERE id = ?').bind(stone.id).first('notify_on_find')).toBe(1);
  });

  it('changes an owner’s title and its words once when their batch met a locked database the first time', async () => {
    quiet();
    const stone = await insertStone({ code: newCode(), title: 'Alt' });
    const { db, hits } = faultyD1({ message: BUSY, on: 'batch', when: 'before', sql: /^update "stones"/ });
    const res = await postJsonWith({ DB: db }, `/api/admin/stones/${stone.adminToken}`, { title: 'Neu' }, 'PATCH');
    expect(res.status).toBe(200);
    expect(hits.count).toBe(1);
    expect(await env.DB.prepare('SELECT title FROM stones WHERE id = ?').bind(stone.id).first('title')).toBe('Neu');
    const words = await env.DB.prepare('SELECT word FROM stone_title_words WHERE stone_code = ?').bind(stone.code).all();
    expect(words.results.map((row) => row.word)).toEqual(['neu']);
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
