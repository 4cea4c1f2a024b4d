import { createExecutionContext, env } from 'cloudflare:test';
import { base64url, SignJWT } from 'jose';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { haversineKm } from '../../src/shared/geo';
import type { FailedMail, OperatorCounters, OperatorStoneRow, OperatorStoneView } from '../../src/shared/operator-types';
import { MAX_SEARCH_LENGTH } from '../../src/shared/schemas/stone-list';
import type { StoneView } from '../../src/shared/types';
import { verifyStatistics } from '../../src/worker/api/statistics/queries';
import { app } from '../../src/worker/app';
import { getDb } from '../../src/worker/db/client';
import { runCron } from '../../src/worker/jobs/cron';
import { LOGIN_LIMITS, OPERATOR_TOKEN_AUDIENCE, OPERATOR_TOKEN_ISSUER } from '../../src/worker/lib/operator-auth';
import { insertMail } from '../../src/worker/mail/queries';
import {
  call,
  clientAddress,
  createStone,
  expectApiError,
  insertFind,
  insertStone,
  ORIGIN,
  PRODUCTION_SETTINGS,
  postFind,
  postJson,
  snapshot,
} from '../support/factory';
import { mailsTo, outbox, waitForMails } from '../support/mail';
import { insertOperator, OPERATOR_PASSWORD, operatorToken } from '../support/operator';

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

function logIn(email: string, password: string, client = clientAddress()) {
  return postJson('/api/admin/login', { email, password }, { 'cf-connecting-ip': client });
}

/** The key `npm run dev` and the tests sign with (no OPERATOR_JWT_SECRET in development). */
const DEVELOPMENT_KEY = new TextEncoder().encode('local development only: operator tokens of npm run dev');

async function stoneId(code: string): Promise<string> {
  return (await env.DB.prepare('SELECT id FROM stones WHERE code = ?').bind(code).first<string>('id')) ?? '';
}

describe('POST /api/admin/login', () => {
  // Addresses of their own per test: the per-address burst limit (LOGIN_EMAIL_LIMIT) counts across tests.
  let chef = '';
  let colleague = '';
  beforeEach(() => {
    chef = `chef-${crypto.randomUUID()}@example.org`;
    colleague = `kollegin-${crypto.randomUUID()}@example.org`;
  });

  it('answers a token for the right password that opens the operator routes, with or without "Bearer"', async () => {
    await insertOperator(chef);
    const res = await logIn(` ${chef.toUpperCase()} `, OPERATOR_PASSWORD);
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-store');
    const { token } = await res.json<{ token: string }>();
    expect((await call('/api/admin/stones', { headers: bearer(token) })).status).toBe(200);
    expect((await call('/api/admin/statistics', { headers: { authorization: token } })).status).toBe(200);
  });

  it('gives an unknown address the same answer as a wrong password', async () => {
    await insertOperator(chef);
    const wrong = await logIn(chef, 'falsches-passwort');
    const unknown = await logIn('niemand@example.org', 'falsches-passwort');
    const wrongBody = await expectApiError(wrong, 401, 'INVALID_CREDENTIALS');
    expect(await expectApiError(unknown, 401, 'INVALID_CREDENTIALS')).toEqual(wrongBody);
  });

  it('asks for both fields', async () => {
    const res = await postJson('/api/admin/login', { email: chef });
    const body = await expectApiError(res, 400, 'VALIDATION_ERROR');
    expect(body.details).toEqual({ password: 'E-mail and password are required' });
  });

  it(`refuses an address after ${LOGIN_LIMITS.email} failures, even with the right password, from any client`, async () => {
    await insertOperator(chef);
    for (let i = 0; i < LOGIN_LIMITS.email; i++) await expectApiError(await logIn(chef, `falsch-${i}`), 401, 'INVALID_CREDENTIALS');
    const refused = await logIn(chef, OPERATOR_PASSWORD);
    await expectApiError(refused, 429, 'TOO_MANY_LOGINS');
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(LOGIN_LIMITS.windowMs / 1000 - 60);
    // Another address is not locked out by it.
    await insertOperator(colleague);
    expect((await logIn(colleague, OPERATOR_PASSWORD)).status).toBe(200);
  });

  it(`refuses a client after ${LOGIN_LIMITS.client} failures across addresses`, async () => {
    await insertOperator(chef);
    const client = clientAddress();
    for (let i = 0; i < LOGIN_LIMITS.client; i++) {
      await expectApiError(await logIn(`rate-${i}@example.org`, 'falsch', client), 401, 'INVALID_CREDENTIALS');
    }
    await expectApiError(await logIn(chef, OPERATOR_PASSWORD, client), 429, 'TOO_MANY_LOGINS');
    expect((await logIn(chef, OPERATOR_PASSWORD)).status).toBe(200);
  });

  it('forgets failures once their window has passed: the cron deletes them', async () => {
    await insertOperator(chef);
    await expectApiError(await logIn(chef, 'falsch'), 401, 'INVALID_CREDENTIALS');
    const count = () => env.DB.prepare('SELECT count(*) AS n FROM login_failures').first('n');
    expect(await count()).toBe(2);
    await runCron(env, new Date(Date.now() + LOGIN_LIMITS.windowMs - 60_000));
    expect(await count()).toBe(2);
    await runCron(env, new Date(Date.now() + LOGIN_LIMITS.windowMs + 60_000));
    expect(await count()).toBe(0);
  });

  it('refuses every request, the login and operator calls included, in production without OPERATOR_JWT_SECRET (fail closed)', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    await insertOperator(chef);
    const token = await operatorToken('other@example.org');
    for (const secret of [undefined, 'only 31 characters long, a pity']) {
      const production = { ...env, ...PRODUCTION_SETTINGS, OPERATOR_JWT_SECRET: secret };
      const login = new Request(`${ORIGIN}/api/admin/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: chef, password: OPERATOR_PASSWORD }),
      });
      const refused = await expectApiError(await app.fetch(login, production, createExecutionContext()), 503, 'MISCONFIGURED');
      expect(refused.message).toContain('OPERATOR_JWT_SECRET');
      if (secret) expect(refused.message).not.toContain(secret);
      const list = new Request(`${ORIGIN}/api/admin/stones`, { headers: bearer(token) });
      await expectApiError(await app.fetch(list, production, createExecutionContext()), 503, 'MISCONFIGURED');
    }
  });
});

describe('operator tokens', () => {
  async function signed(claims: {
    alg?: string;
    key?: Uint8Array;
    sub?: string;
    iss?: string;
    aud?: string;
    exp?: number;
    /** false: no token id (jti). */
    jti?: boolean;
  }) {
    const id = await insertOperator(`forger-${crypto.randomUUID()}@example.org`);
    const jwt = new SignJWT({})
      .setProtectedHeader({ alg: claims.alg ?? 'HS256' })
      .setSubject(claims.sub ?? id)
      .setIssuer(claims.iss ?? OPERATOR_TOKEN_ISSUER)
      .setAudience(claims.aud ?? OPERATOR_TOKEN_AUDIENCE)
      .setIssuedAt()
      .setExpirationTime(claims.exp ?? '1h');
    if (claims.jti !== false) jwt.setJti(crypto.randomUUID());
    return jwt.sign(claims.key ?? DEVELOPMENT_KEY);
  }

  it('accepts a token made the way the login makes it', async () => {
    expect((await call('/api/admin/stones', { headers: bearer(await signed({})) })).status).toBe(200);
  });

  it.each<[string, () => Promise<string>]>([
    [
      'alg "none"',
      async () => {
        const [, payload] = (await signed({})).split('.');
        return `${base64url.encode(JSON.stringify({ alg: 'none', typ: 'JWT' }))}.${payload}.`;
      },
    ],
    ['HS512 with the same key', () => signed({ alg: 'HS512' })],
    ['another key', () => signed({ key: new TextEncoder().encode('some other key of thirty-two characters!') })],
    ['an expired token', () => signed({ exp: Math.floor(Date.now() / 1000) - 10 })],
    ['another audience', () => signed({ aud: 'reisesteine:owner' })],
    ['another issuer', () => signed({ iss: 'someone-else' })],
    ['an operator who was removed', () => signed({ sub: crypto.randomUUID() })],
    ['a token without an id (jti), which no login issues', () => signed({ jti: false })],
    [
      'a changed payload',
      async () => {
        const [header, , signature] = (await signed({})).split('.');
        return `${header}.${base64url.encode(JSON.stringify({ sub: 'x', iss: OPERATOR_TOKEN_ISSUER, aud: OPERATOR_TOKEN_AUDIENCE, exp: 9e9, iat: 1 }))}.${signature}`;
      },
    ],
  ])('refuses %s with 401', async (_, make) => {
    const res = await call('/api/admin/stones', { headers: bearer(await make()) });
    await expectApiError(res, 401, 'UNAUTHORIZED');
    expect(res.headers.get('www-authenticate')).toBe('Bearer');
  });

  it('never lets an owner token reach an operator route, nor an operator token an owner route', async () => {
    const { adminToken, code } = await createStone({ creatorEmail: 'owner@example.org' });
    const id = await stoneId(code);
    await expectApiError(await call('/api/admin/stones', { headers: bearer(adminToken) }), 401, 'UNAUTHORIZED');
    await expectApiError(await call(`/api/admin/stones/${id}`, { method: 'DELETE', headers: bearer(adminToken) }), 401, 'UNAUTHORIZED');
    const operator = bearer(await operatorToken());
    // With an Authorization header the owner's address is an operator address, which names no stone by a token.
    await expectApiError(await call(`/api/admin/stones/${adminToken}`, { headers: operator }), 404, 'NOT_FOUND');
    await expectApiError(await call(`/api/admin/stones/${adminToken}`, { method: 'DELETE', headers: operator }), 404, 'NOT_FOUND');
    expect(await stoneId(code)).toBe(id);
  });

  it.each([
    ['GET', '/api/admin/stones'],
    ['GET', '/api/admin/statistics'],
    ['GET', '/api/admin/mails'],
    ['POST', '/api/admin/mails/00000000-0000-4000-8000-000000000000/resend'],
    ['GET', '/api/admin/stones/id/00000000-0000-4000-8000-000000000000'],
    ['POST', '/api/admin/logout'],
  ])('answers %s %s without a valid token with 401', async (method, path) => {
    await expectApiError(await call(path, { method, headers: { authorization: 'Bearer' } }), 401, 'UNAUTHORIZED');
  });
});

describe('the operator stone table', () => {
  async function list(query: string, token: string) {
    const res = await call(`/api/admin/stones${query}`, { headers: bearer(token) });
    expect(res.status).toBe(200);
    return { rows: await res.json<OperatorStoneRow[]>(), total: Number(res.headers.get('x-total-count')) };
  }

  it('pages the stones newest first and counts them from the kept totals', async () => {
    const token = await operatorToken();
    for (const title of ['Erster', 'Zweiter', 'Dritter']) await createStone({ title, creatorEmail: `${title.toLowerCase()}@example.org` });
    const first = await list('?pageSize=2', token);
    expect(first.rows.map((row) => row.title)).toEqual(['Dritter', 'Zweiter']);
    expect(first.total).toBe(3);
    expect(first.rows[0]).toEqual({
      id: expect.any(String),
      code: expect.stringMatching(/^[0-9A-F]{3}-[0-9A-F]{3}-[0-9A-F]{3}$/),
      title: 'Dritter',
      creatorEmail: 'dritter@example.org',
      hasPhotos: false,
      hasStory: false,
      isPaid: false,
      status: 'travelling',
      collectionId: null,
      findCount: 0,
      createdAt: expect.any(String),
      refunded: false,
      disputed: false,
    });
    expect((await list('?pageSize=2&page=2', token)).rows.map((row) => row.title)).toEqual(['Erster']);
  });

  it('finds stones by the start of the code (with or without hyphens), the exact e-mail or else a part of the title', async () => {
    const token = await operatorToken();
    await insertStone({ code: 'ABC-123-DEF', title: 'Opas Reisestein', creatorEmail: 'opa@example.org' });
    await insertStone({ code: 'ABD-000-111', title: 'Gartenstein 100%', creatorEmail: 'oma@example.org' });
    const titles = async (q: string) => (await list(`?q=${encodeURIComponent(q)}`, token)).rows.map((row) => row.title).sort();
    await insertStone({ code: 'CAF-E00-000', title: 'Café Bade', creatorEmail: 'cafe@example.org' });
    expect(await titles('abc1')).toEqual(['Opas Reisestein']);
    expect(await titles('AB-')).toEqual(['Gartenstein 100%', 'Opas Reisestein']);
    expect(await titles('ABD000')).toEqual(['Gartenstein 100%']);
    // Hex letters alone are a word of a title, not the start of a code.
    expect(await titles('bade')).toEqual(['Café Bade']);
    expect(await titles('reise')).toEqual(['Opas Reisestein']);
    expect(await titles('oma@example.org')).toEqual(['Gartenstein 100%']);
    expect(await titles('100%')).toEqual(['Gartenstein 100%']);
    // Wildcards of SQL patterns are ordinary characters.
    expect(await titles('_')).toEqual([]);
    expect((await list('?q=reise', token)).total).toBe(1);
  });

  it('finds a stone by a title part as long as a search may be, whatever its characters', async () => {
    const token = await operatorToken();
    // 100 characters, 106 bytes of UTF-8: twice the 50 bytes D1 allows a LIKE pattern.
    const part = `Für Oma 🌻 ${'Reisestein über die Alpen, '.repeat(4)}`.slice(0, MAX_SEARCH_LENGTH);
    await insertStone({ code: 'AAA-AAA-AAA', title: `Der lange Weg: ${part}` });
    await insertStone({ code: 'BBB-BBB-BBB', title: 'Für Oma' });
    const res = await list(`?q=${encodeURIComponent(part)}`, token);
    expect(res.rows.map((row) => row.code)).toEqual(['AAA-AAA-AAA']);
  });

  it.each(['?page=0', '?pageSize=101', '?page=abc', `?q=${'x'.repeat(101)}`])('refuses the query %s', async (query) => {
    const res = await call(`/api/admin/stones${query}`, { headers: bearer(await operatorToken()) });
    await expectApiError(res, 400, 'VALIDATION_ERROR');
  });

  it('counts all stones, premium ones and those of the last 7 days without counting the table', async () => {
    const token = await operatorToken();
    await createStone();
    await insertStone({ code: 'AAA-AAA-AAA', hasStory: true, story: 'S', createdAt: new Date(Date.now() - 10 * 86_400_000) });
    await verifyStatistics(getDb(env.DB), env.CACHE, new Date(Date.now() + 2 * 86_400_000));
    const res = await call('/api/admin/statistics', { headers: bearer(token) });
    expect(await res.json<OperatorCounters>()).toEqual({ total: 2, premium: 1, lastWeek: 1 });
  });
});

describe('operator changes to one stone', () => {
  it('shows the stone with every find and the creator, edits title and story, and refuses a story the stone did not buy', async () => {
    const token = await operatorToken();
    const story = await insertStone({ code: 'B0B-000-001', hasStory: true, story: 'Alt', creatorEmail: 'c@example.org' });
    const res = await call(`/api/admin/stones/id/${story.id}`, {
      method: 'PATCH',
      headers: { ...bearer(token), 'content-type': 'application/json' },
      body: JSON.stringify({ title: '  Neuer Titel ', story: 'Neue Geschichte' }),
    });
    expect(res.status).toBe(200);
    expect(await res.json<OperatorStoneView>()).toMatchObject({
      title: 'Neuer Titel',
      story: 'Neue Geschichte',
      creatorEmail: 'c@example.org',
    });

    const free = await insertStone({ code: 'B0B-000-002' });
    const refused = await call(`/api/admin/stones/id/${free.id}`, {
      method: 'PATCH',
      headers: { ...bearer(token), 'content-type': 'application/json' },
      body: JSON.stringify({ story: 'Geschenkt' }),
    });
    await expectApiError(refused, 402, 'FEATURE_REQUIRED');
  });

  it('marks a stone missing and travelling again; a state it may not set is refused in English or German', async () => {
    const token = await operatorToken();
    const stone = await insertStone({ code: 'B0B-000-003', statusSince: new Date('2024-01-02T00:00:00.000Z') });
    const patch = (body: unknown, language = 'en') =>
      call(`/api/admin/stones/id/${stone.id}`, {
        method: 'PATCH',
        headers: { ...bearer(token), 'content-type': 'application/json', 'accept-language': language },
        body: JSON.stringify(body),
      });
    const missing = await (await patch({ status: 'missing' })).json<OperatorStoneView>();
    expect(missing.status).toBe('missing');
    expect(Date.parse(missing.statusSince)).toBeGreaterThan(Date.parse('2025-01-01'));
    expect((await (await patch({ status: 'missing' })).json<OperatorStoneView>()).statusSince).toBe(missing.statusSince);
    expect((await (await patch({ status: 'travelling' })).json<OperatorStoneView>()).status).toBe('travelling');

    const english = await expectApiError(await patch({ status: 'resting' }), 400, 'VALIDATION_ERROR');
    expect(JSON.stringify(english)).toContain('status must be missing or travelling');
    const german = await expectApiError(await patch({ status: 'gone' }, 'de'), 400, 'VALIDATION_ERROR');
    expect(JSON.stringify(german)).toContain('status muss missing oder travelling sein');
    expect((await (await call(`/api/stones/${stone.code}`)).json<StoneView>()).status).toBe('travelling');
  });

  it('accepts a flagged find, hides a find (the journey and totals follow) and clears a comment', async () => {
    const token = await operatorToken();
    const { code } = await createStone();
    await postFind(code, { location: 'Berlin', latitude: 52.52, longitude: 13.405, comment: 'schön' });
    await postFind(code, { location: 'München', latitude: 48.137, longitude: 11.575, comment: 'Werbung: kauft Zeug' });
    const id = await stoneId(code);
    const view = await (await call(`/api/admin/stones/id/${id}`, { headers: bearer(token) })).json<OperatorStoneView>();
    const spam = view.finds[1]?.id ?? '';
    const moderate = (body: unknown) =>
      call(`/api/admin/stones/id/${id}/finds/${spam}`, {
        method: 'PATCH',
        headers: { ...bearer(token), 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
    expect((await (await moderate({ clearComment: true })).json<OperatorStoneView>()).finds[1]?.comment).toBe('');
    // Munich moments after Berlin was flagged as too fast; the operator accepts it and the leg counts.
    expect(view.finds.map((find) => [find.flag, find.pending])).toEqual([
      [null, false],
      ['speed', true],
    ]);
    const accepted = await (await moderate({ accept: true })).json<OperatorStoneView>();
    expect(accepted.finds[1]).toMatchObject({ flag: 'speed', flagAccepted: true, pending: false });
    expect(accepted.totalDistance).toBeCloseTo(
      haversineKm({ latitude: 52.52, longitude: 13.405 }, { latitude: 48.137, longitude: 11.575 }),
      6,
    );
    expect((await moderate({ hidden: true })).status).toBe(200);
    const publicView = await (await call(`/api/stones/${code}`)).json<StoneView>();
    expect(publicView.finds.map((find) => find.location)).toEqual(['Berlin']);
    expect(publicView.totalDistance).toBe(0);
    await expectApiError(await moderate({}), 400, 'VALIDATION_ERROR');
  });

  it('deletes the stone with its finds, photos (also in R2), subscriptions, mails and tokens; the totals follow', async () => {
    const token = await operatorToken();
    const before = await snapshot();
    const { code } = await createStone();
    await postFind(code, { location: 'Berlin', latitude: 52.52, longitude: 13.405 });
    await postFind(code, { location: 'München', latitude: 48.137, longitude: 11.575 });
    expect((await postJson(`/api/stones/${code}/notifications`, { email: 'fan@example.org' })).status).toBe(201);
    const id = await stoneId(code);
    const key = `${crypto.randomUUID()}.png`;
    await env.PHOTOS.put(key, new Uint8Array([1, 2, 3]));
    await env.DB.prepare('INSERT INTO photos (id, stone_id, r2_key, content_type, size_bytes) VALUES (?, ?, ?, ?, ?)')
      .bind(crypto.randomUUID(), id, key, 'image/png', 3)
      .run();
    const other = await createStone({ title: 'Bleibt' });

    const res = await call(`/api/admin/stones/${id}`, { method: 'DELETE', headers: bearer(token) });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ deleted: true });
    expect(await env.PHOTOS.get(key)).toBeNull();
    await expectApiError(await call(`/api/stones/${code}`), 404, 'STONE_NOT_FOUND');
    const after = await snapshot();
    for (const table of ['finds', 'photos', 'subscriptions'] as const) expect(after[table], table).toEqual(before[table]);
    for (const table of ['mail_tokens', 'owner_tokens', 'orders']) {
      expect(await env.DB.prepare(`SELECT count(*) AS n FROM ${table}`).first('n'), table).toBe(0);
    }
    expect((await outbox()).filter((row) => row.payload.includes(code))).toEqual([]);
    expect((await outbox()).some((row) => row.payload.includes(other.code))).toBe(true);
    const statistics = await (await call('/api/statistics')).json<{ stoneCount: number; findCount: number; totalDistance: number }>();
    expect(statistics).toMatchObject({ stoneCount: 1, findCount: 0, totalDistance: 0 });
    await expectApiError(await call(`/api/admin/stones/${id}`, { method: 'DELETE', headers: bearer(token) }), 404, 'NOT_FOUND');
  });
});

describe('failed e-mails', () => {
  it('lists failed mails with their error and sends one again through the queue', async () => {
    const token = await operatorToken();
    const { id: stone } = await insertStone({ code: 'FA1-1ED-000', title: 'Postkarte' });
    const [row] = await insertMail(
      getDb(env.DB),
      { kind: 'owner-link', stoneId: stone, code: 'FA1-1ED-000', title: 'Postkarte' },
      'retry@example.org',
      'de',
      'test-retry',
    );
    await env.DB.prepare("UPDATE email_outbox SET status = 'failed', attempts = 5, last_error = 'mailbox unavailable' WHERE id = ?")
      .bind(row?.id)
      .run();

    const listed = await call('/api/admin/mails', { headers: bearer(token) });
    expect(await listed.json<FailedMail[]>()).toEqual([
      {
        id: row?.id,
        kind: 'owner-link',
        recipient: 'retry@example.org',
        subject: 'Dein Admin-Link für „Postkarte“',
        attempts: 5,
        lastError: 'mailbox unavailable',
        createdAt: expect.any(String),
      },
    ]);
    expect(listed.headers.get('x-total-count')).toBe('1');

    const resend = await call(`/api/admin/mails/${row?.id}/resend`, { method: 'POST', headers: bearer(token) });
    expect(resend.status).toBe(202);
    await waitForMails(mailsTo('retry@example.org'));
    await expectApiError(
      await call(`/api/admin/mails/${row?.id}/resend`, { method: 'POST', headers: bearer(token) }),
      409,
      'MAIL_NOT_FAILED',
    );
    await expectApiError(
      await call(`/api/admin/mails/${crypto.randomUUID()}/resend`, { method: 'POST', headers: bearer(token) }),
      404,
      'NOT_FOUND',
    );
  });
});

it('keeps a find in the list the operator sees even when it is hidden', async () => {
  const token = await operatorToken();
  const stone = await insertStone({ code: 'C0C-000-001' });
  await insertFind(stone.id, { seq: 1, location: 'Versteckt', hidden: true });
  const view = await (await call(`/api/admin/stones/id/${stone.id}`, { headers: bearer(token) })).json<OperatorStoneView>();
  expect(view.finds.map((find) => [find.location, find.hidden])).toEqual([['Versteckt', true]]);
});
