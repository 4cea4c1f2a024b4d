/**
 * How long owner links work and how their owner ends them: a link mailed later (a find mail with a photo, the
 * missing mail, "send me my owner link") works OWNER_LINK_TTL_DAYS, the creation's until revoked; the cron deletes
 * expired ones; `POST …/revoke-links` ends every link of a stone or of a memorial collection and its stones and mails
 * the creator the one link that works from then on.
 */
import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { OWNER_LINK_TTL_DAYS } from '../../src/shared/schemas/limits';
import type { OwnerCollectionView } from '../../src/shared/types';
import { getDb } from '../../src/worker/db/client';
import { CRON_STEPS, runCron } from '../../src/worker/jobs/cron';
import { deriveStoneToken, randomToken, sha256Hex } from '../../src/worker/lib/crypto';
import { sendOutboxRow } from '../../src/worker/mail/consumer';
import type { MailJob } from '../../src/worker/mail/jobs';
import { insertMail } from '../../src/worker/mail/queries';
import { mailTransportFromEnv } from '../../src/worker/mail/transport';
import { createCollection, readOwnerCollection } from '../support/collections';
import { call, createStone, expectApiError, postJson } from '../support/factory';
import { devMails, linkIn, mailsTo, outbox, waitForMails } from '../support/mail';

const SITE = 'https://reisesteine.test';
const DAY_MS = 24 * 60 * 60 * 1000;
const TTL_MS = OWNER_LINK_TTL_DAYS * DAY_MS;

const ownerRead = (token: string) => call(`/api/admin/stones/${token}`);
const collectionRead = (token: string) => call(`/api/admin/collections/${token}`);
const revoke = (token: string) => call(`/api/admin/stones/${token}/revoke-links`, { method: 'POST' });
const revokeCollection = (token: string) => call(`/api/admin/collections/${token}/revoke-links`, { method: 'POST' });

const stoneIdOf = async (code: string) =>
  (await env.DB.prepare('SELECT id FROM stones WHERE code = ?').bind(code).first<string>('id')) ?? '';

/** An owner link as a mail made it: its hash in owner_tokens, made at `createdAt`, expiring at `expiresAt` (null: never). */
async function mailedToken(stoneId: string, createdAt: number, expiresAt: number | null): Promise<string> {
  const token = randomToken();
  await env.DB.prepare('INSERT INTO owner_tokens (token_hash, stone_id, created_at, expires_at) VALUES (?, ?, ?, ?)')
    .bind(await sha256Hex(token), stoneId, createdAt, expiresAt)
    .run();
  return token;
}

async function mailedCollectionToken(collectionId: string, expiresAt: number | null): Promise<string> {
  const token = randomToken();
  await env.DB.prepare('INSERT INTO collection_owner_tokens (token_hash, collection_id, expires_at) VALUES (?, ?, ?)')
    .bind(await sha256Hex(token), collectionId, expiresAt)
    .run();
  return token;
}

const expiryOf = async (table: 'owner_tokens' | 'collection_owner_tokens', token: string) =>
  env.DB.prepare(`SELECT expires_at FROM ${table} WHERE token_hash = ?`)
    .bind(await sha256Hex(token))
    .first<number | null>('expires_at');

const ownerTokenCount = async (stoneId: string) =>
  (await env.DB.prepare('SELECT count(*) AS n FROM owner_tokens WHERE stone_id = ?').bind(stoneId).first<number>('n')) ?? 0;

/** The owner link a sent mail carries, as its token. */
const ownerTokenIn = (text: string, path = '/admin/stone/') => linkIn({ text } as never, `${SITE}${path}`).slice(`${SITE}${path}`.length);

describe('how long a mailed owner link works', () => {
  it(`refuses a link mailed ${OWNER_LINK_TTL_DAYS + 1} days ago like one nobody made, and keeps the creation’s links`, async () => {
    const { code, adminToken } = await createStone({ creatorEmail: 'ttl@example.org' });
    const stoneId = await stoneIdOf(code);
    const now = Date.now();
    const old = await mailedToken(stoneId, now - (OWNER_LINK_TTL_DAYS + 1) * DAY_MS, now - DAY_MS);
    const recent = await mailedToken(stoneId, now - (OWNER_LINK_TTL_DAYS - 1) * DAY_MS, now + DAY_MS);
    // The creation mail's link, made long ago: it stays until revoked.
    const lasting = await mailedToken(stoneId, now - 400 * DAY_MS, null);

    for (const token of [adminToken, recent, lasting]) expect((await ownerRead(token)).status).toBe(200);
    const unknown = await expectApiError(await ownerRead(randomToken()), 404, 'NOT_FOUND');
    expect(await expectApiError(await ownerRead(old), 404, 'NOT_FOUND')).toEqual(unknown);
    // Every route of the link refuses it alike, and nothing changes.
    const patch = await call(`/api/admin/stones/${old}`, {
      method: 'PATCH',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ title: 'Übernommen' }),
    });
    await expectApiError(patch, 404, 'NOT_FOUND');
    await expectApiError(await revoke(old), 404, 'NOT_FOUND');
    await expectApiError(await call(`/api/admin/stones/${old}/export`), 404, 'NOT_FOUND');
    expect(await env.DB.prepare('SELECT title FROM stones WHERE id = ?').bind(stoneId).first('title')).toBe('Opas Reisestein');
    // The page says the link is not valid (any more), with its 404.
    const page = await call(`/admin/stone/${old}`, { headers: { accept: 'text/html' } });
    expect(page.status).toBe(404);
    await page.text();
  });

  it('makes the creation mails’ links last until revoked and every later one expire, and each mail says so', async () => {
    const stoneId = await stoneIdOf((await createStone({ creatorEmail: 'creator-ttl@example.org' })).code);
    const code = (await env.DB.prepare('SELECT code FROM stones WHERE id = ?').bind(stoneId).first<string>('code')) ?? '';
    const { id: collectionId } = await createCollection({ creatorEmail: 'family-ttl@example.org' });
    const find = {
      location: 'Kiel',
      latitude: null,
      longitude: null,
      comment: '',
      createdAt: new Date().toISOString(),
      totalDistanceKm: 0,
    };
    // The missing mail goes only while the stone is still missing.
    await env.DB.prepare("UPDATE stones SET status = 'missing' WHERE id = ?").bind(stoneId).run();
    const now = new Date(Date.now() + 1000);
    const jobs: Array<{ job: MailJob; to: string; lasting: boolean; says: RegExp; path?: string }> = [
      {
        job: { kind: 'stone-created', stoneId, code, title: 'T' },
        to: 'a@example.org',
        lasting: true,
        says: /until you make all owner links invalid/,
      },
      { job: { kind: 'owner-link', stoneId, code, title: 'T' }, to: 'b@example.org', lasting: false, says: /works for 30 days/ },
      {
        job: { kind: 'stone-missing', stoneId, code, title: 'T', lastSeenAt: now.toISOString(), lastSeenPlace: null },
        to: 'c@example.org',
        lasting: false,
        says: /works for 30 days/,
      },
      {
        job: { kind: 'find-owner', stoneId, code, title: 'T', find: { ...find, photo: true } },
        to: 'd@example.org',
        lasting: false,
        says: /works for 30 days/,
      },
      {
        job: { kind: 'collection-created', collectionId, title: 'S', stoneCount: 3 },
        to: 'e@example.org',
        lasting: true,
        says: /until you make all admin links invalid/,
        path: '/admin/sammlung/',
      },
      {
        job: { kind: 'collection-owner-link', collectionId, title: 'S' },
        to: 'f@example.org',
        lasting: false,
        says: /works for 30 days/,
        path: '/admin/sammlung/',
      },
    ];
    const transport = mailTransportFromEnv(env);
    for (const { job, to, lasting, says, path } of jobs) {
      const [row] = await insertMail(getDb(env.DB), job, to, 'en', `test:${crypto.randomUUID()}`);
      expect(await sendOutboxRow(env, transport, row?.id ?? '', now)).toEqual({ done: true });
      const mail = (await devMails()).find((m) => m.to === to);
      expect(mail?.text, job.kind).toMatch(says);
      const token = ownerTokenIn(mail?.text ?? '', path);
      const table = path ? 'collection_owner_tokens' : 'owner_tokens';
      expect(await expiryOf(table, token), job.kind).toBe(lasting ? null : now.getTime() + TTL_MS);
      expect((await call(path ? `/api/admin/collections/${token}` : `/api/admin/stones/${token}`)).status, job.kind).toBe(200);
    }
  });

  it('says it in German too', async () => {
    const { code } = await createStone({ creatorEmail: 'de-ttl@example.org' });
    expect((await postJson(`/api/stones/${code}/owner-link`, { email: 'de-ttl@example.org' }, { 'accept-language': 'de-DE' })).status).toBe(
      202,
    );
    const [mail] = await waitForMails((mails) =>
      mailsTo('de-ttl@example.org')(mails).filter((m) => m.subject.startsWith('Dein Admin-Link')),
    );
    expect(mail?.text).toContain(`Dieser Link gilt ${OWNER_LINK_TTL_DAYS} Tage.`);
  });
});

describe('the cron’s expired owner links', () => {
  it('is one of the cron’s steps, deletes the expired links of stones and collections and keeps the others', async () => {
    expect(CRON_STEPS.map(([name]) => name)).toContain('expired owner links');
    const { code } = await createStone();
    const stoneId = await stoneIdOf(code);
    const { id: collectionId } = await createCollection();
    const now = Date.now();
    const expired = await mailedToken(stoneId, now - 31 * DAY_MS, now - DAY_MS);
    const live = await mailedToken(stoneId, now, now + DAY_MS);
    const lasting = await mailedToken(stoneId, now - 900 * DAY_MS, null);
    const expiredCollection = await mailedCollectionToken(collectionId, now - 1);
    const liveCollection = await mailedCollectionToken(collectionId, now + DAY_MS);

    const step = CRON_STEPS.filter(([name]) => name === 'expired owner links');
    expect(await runCron(env, new Date(now), '', step)).toEqual([]);
    const { results } = await env.DB.prepare(
      'SELECT token_hash AS hash FROM owner_tokens UNION ALL SELECT token_hash FROM collection_owner_tokens',
    ).all<{ hash: string }>();
    const left = new Set(results.map((row) => row.hash));
    for (const token of [live, lasting, liveCollection]) expect(left.has(await sha256Hex(token))).toBe(true);
    for (const token of [expired, expiredCollection]) expect(left.has(await sha256Hex(token))).toBe(false);
  });

  it('finds them by the partial indexes on expires_at, never by reading every link', async () => {
    for (const [table, index] of [
      ['owner_tokens', 'owner_tokens_expires_idx'],
      ['collection_owner_tokens', 'collection_owner_tokens_expires_idx'],
    ]) {
      const { results } = await env.DB.prepare(`EXPLAIN QUERY PLAN DELETE FROM ${table} WHERE expires_at < ?`).bind(Date.now()).all<{
        detail: string;
      }>();
      expect(results.map((row) => row.detail).join('\n')).toMatch(new RegExp(`^SEARCH ${table} USING (COVERING )?INDEX ${index} `));
    }
  });
});

describe('POST /api/admin/stones/{ownerToken}/revoke-links', () => {
  it('ends every owner link of the stone, the one used and the creation’s included, and mails one fresh lasting link', async () => {
    const creator = 'revoker@example.org';
    const { code, adminToken } = await createStone({ creatorEmail: creator, title: 'Widerrufen' });
    const stoneId = await stoneIdOf(code);
    const [created] = await waitForMails(mailsTo(creator));
    const fromCreationMail = ownerTokenIn(created?.text ?? '');
    const now = Date.now();
    const mailed = await mailedToken(stoneId, now, now + TTL_MS);
    const other = await mailedToken(stoneId, now, now + TTL_MS);
    for (const token of [adminToken, fromCreationMail, mailed, other]) expect((await ownerRead(token)).status).toBe(200);

    const res = await revoke(mailed);
    expect(res.status).toBe(202);
    expect(await res.json()).toEqual({ revoked: true });
    for (const token of [adminToken, fromCreationMail, mailed, other]) await expectApiError(await ownerRead(token), 404, 'NOT_FOUND');
    await expectApiError(await revoke(mailed), 404, 'NOT_FOUND');

    const [fresh] = await waitForMails((mails) =>
      mailsTo(creator)(mails).filter((m) => m.subject === 'Your new owner link for “Widerrufen”'),
    );
    expect(fresh?.text).toContain('From now on only this new link works');
    const token = ownerTokenIn(fresh?.text ?? '');
    expect((await ownerRead(token)).status).toBe(200);
    // The new link lasts until revoked, and it is the only one.
    expect(await expiryOf('owner_tokens', token)).toBeNull();
    expect(await ownerTokenCount(stoneId)).toBe(1);
    expect((await outbox()).filter((row) => row.kind === 'owner-link').map((row) => row.recipient)).toEqual([creator]);

    // It can end them again, itself included.
    expect((await revoke(token)).status).toBe(202);
    await expectApiError(await ownerRead(token), 404, 'NOT_FOUND');
  });

  it('sends a mail written before the revocation without an owner link, and an owner-link mail not at all', async () => {
    const { code, adminToken } = await createStone({ creatorEmail: 'pending@example.org', title: 'Unterwegs' });
    const stoneId = await stoneIdOf(code);
    await env.DB.prepare("UPDATE stones SET status = 'missing' WHERE id = ?").bind(stoneId).run();
    const db = getDb(env.DB);
    const find = {
      location: 'Kiel',
      latitude: null,
      longitude: null,
      comment: '',
      createdAt: new Date().toISOString(),
      totalDistanceKm: 0,
    };
    const written = await Promise.all(
      [
        { kind: 'owner-link', stoneId, code, title: 'Unterwegs' } as const,
        { kind: 'stone-missing', stoneId, code, title: 'Unterwegs', lastSeenAt: new Date().toISOString(), lastSeenPlace: 'Kiel' } as const,
        { kind: 'find-owner', stoneId, code, title: 'Unterwegs', find: { ...find, photo: true } } as const,
      ].map(async (job) => (await insertMail(db, job, `${job.kind}@example.org`, 'en', `test:${crypto.randomUUID()}`))[0]?.id ?? ''),
    );
    expect((await revoke(adminToken)).status).toBe(202);
    const transport = mailTransportFromEnv(env);
    for (const id of written) await sendOutboxRow(env, transport, id);

    const statuses = await env.DB.prepare(`SELECT kind, status FROM email_outbox WHERE id IN (?, ?, ?)`)
      .bind(...written)
      .all<{ kind: string; status: string }>();
    expect(Object.fromEntries(statuses.results.map((row) => [row.kind, row.status]))).toEqual({
      'owner-link': 'skipped',
      'stone-missing': 'sent',
      'find-owner': 'sent',
    });
    const mails = await devMails();
    for (const to of ['stone-missing@example.org', 'find-owner@example.org']) {
      const mail = mails.find((m) => m.to === to);
      expect(mail?.text).toContain(`${SITE}/${code}`);
      expect(mail?.text).not.toContain('/admin/stone/');
      expect(mail?.text).not.toMatch(/works for 30 days/);
    }
    expect((await devMails()).some((m) => m.to === 'owner-link@example.org')).toBe(false);
  });

  it('answers a memorial collection’s stone 409 LINKS_OF_COLLECTION, naming the collection, and changes nothing', async () => {
    const created = await createCollection({ title: 'Für Oma Erna' });
    const stone = created.stones[0]?.adminToken ?? '';
    const before = (await outbox()).length;
    const error = await expectApiError(await revoke(stone), 409, 'LINKS_OF_COLLECTION');
    expect(error.message).toContain('Für Oma Erna');
    expect((await ownerRead(stone)).status).toBe(200);
    expect((await collectionRead(created.adminToken)).status).toBe(200);
    expect((await outbox()).length).toBe(before);
  });

  it('answers an unknown token 404 in the one error shape', async () => {
    await expectApiError(await revoke(randomToken()), 404, 'NOT_FOUND');
    await expectApiError(await revoke('x'), 404, 'NOT_FOUND');
  });
});

describe('POST /api/admin/collections/{ownerToken}/revoke-links', () => {
  it('ends every link of the collection and of its stones, and mails one fresh collection link whose stone links work', async () => {
    const creator = 'family-revoke@example.org';
    const created = await createCollection({ creatorEmail: creator, title: 'Für Opa Karl', count: 2 });
    const now = Date.now();
    const mailed = await mailedCollectionToken(created.id, now + TTL_MS);
    // Reading through the mailed link remembers the stone links derived from it.
    const throughMailed = await readOwnerCollection(mailed);
    const stoneIds = (
      await env.DB.prepare('SELECT id FROM stones WHERE collection_id = ? ORDER BY created_at').bind(created.id).all<{ id: string }>()
    ).results.map((row) => row.id);
    const findMailLink = await mailedToken(stoneIds[0] ?? '', now, now + TTL_MS);
    const stoneLinks = [...created.stones.map((s) => s.adminToken), ...throughMailed.stones.map((s) => s.adminToken), findMailLink];
    for (const token of stoneLinks) expect((await ownerRead(token)).status).toBe(200);

    const res = await revokeCollection(mailed);
    expect(res.status).toBe(202);
    expect(await res.json()).toEqual({ revoked: true });
    for (const token of [created.adminToken, mailed]) await expectApiError(await collectionRead(token), 404, 'NOT_FOUND');
    for (const token of stoneLinks) await expectApiError(await ownerRead(token), 404, 'NOT_FOUND');
    for (const id of stoneIds) expect(await ownerTokenCount(id)).toBe(0);

    const [fresh] = await waitForMails((mails) =>
      mailsTo(creator)(mails).filter((m) => m.subject === 'Your new admin link for the collection “Für Opa Karl”'),
    );
    const token = ownerTokenIn(fresh?.text ?? '', '/admin/sammlung/');
    expect(await expiryOf('collection_owner_tokens', token)).toBeNull();
    const view = await readOwnerCollection(token);
    for (const [i, stone] of view.stones.entries()) {
      expect(stone.adminToken).toBe(await deriveStoneToken(token, stoneIds[i] ?? ''));
      expect((await ownerRead(stone.adminToken)).status).toBe(200);
      // Derived from a link that lasts, the stone link lasts too.
      expect(await expiryOf('owner_tokens', stone.adminToken)).toBeNull();
    }
  });

  it('answers an unknown token 404 in the one error shape', async () => {
    await expectApiError(await revokeCollection(randomToken()), 404, 'NOT_FOUND');
  });
});

describe('stone links derived from a mailed collection link', () => {
  it('live exactly as long as the collection link they came from, and go with it', async () => {
    const created = await createCollection({ count: 2 });
    const expiresAt = Date.now() + 5 * DAY_MS;
    const mailed = await mailedCollectionToken(created.id, expiresAt);
    const view = await readOwnerCollection(mailed);
    for (const stone of view.stones) expect(await expiryOf('owner_tokens', stone.adminToken)).toBe(expiresAt);

    // A remembered link with another expiry (an older row) is made to match again on the next read.
    const [first] = view.stones;
    await env.DB.prepare('UPDATE owner_tokens SET expires_at = ? WHERE token_hash = ?')
      .bind(Date.now() - 1, await sha256Hex(first?.adminToken ?? ''))
      .run();
    await expectApiError(await ownerRead(first?.adminToken ?? ''), 404, 'NOT_FOUND');
    await readOwnerCollection(mailed);
    expect(await expiryOf('owner_tokens', first?.adminToken ?? '')).toBe(expiresAt);
    expect((await ownerRead(first?.adminToken ?? '')).status).toBe(200);

    // A stone added through the mailed link gets a link that expires with it too, not a lasting one.
    const added = await postJson(`/api/admin/collections/${mailed}/stones`, { count: 1 });
    expect(added.status).toBe(201);
    const { stones } = await added.json<{ stones: Array<{ adminToken: string }> }>();
    const addedToken = stones[0]?.adminToken ?? '';
    expect((await ownerRead(addedToken)).status).toBe(200);
    expect(await expiryOf('owner_tokens', addedToken)).toBe(expiresAt);

    // When the collection link has expired, the cron takes it and every stone link derived from it.
    const step = CRON_STEPS.filter(([name]) => name === 'expired owner links');
    await runCron(env, new Date(expiresAt + 1), '', step);
    await expectApiError(await collectionRead(mailed), 404, 'NOT_FOUND');
    for (const token of [...view.stones.map((s) => s.adminToken), addedToken])
      await expectApiError(await ownerRead(token), 404, 'NOT_FOUND');
    // The creation link and its own stone links still work, the added stone's included.
    const lasting = await readOwnerCollection(created.adminToken);
    expect(lasting.stones).toHaveLength(3);
    for (const stone of lasting.stones) expect((await ownerRead(stone.adminToken)).status).toBe(200);
  });

  it('last until revoked when the collection link does', async () => {
    const created = await createCollection({ count: 1 });
    const mailed = await mailedCollectionToken(created.id, null);
    const view: OwnerCollectionView = await readOwnerCollection(mailed);
    const [stone] = view.stones;
    expect(await expiryOf('owner_tokens', stone?.adminToken ?? '')).toBeNull();
  });
});
