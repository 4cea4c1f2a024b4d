import { createExecutionContext, env } from 'cloudflare:test';
import { decodeJwt, SignJWT } from 'jose';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { OwnerStoneView } from '../../src/shared/types';
import { app } from '../../src/worker/app';
import { randomToken, sha256Hex } from '../../src/worker/lib/crypto';
import { loggedOutKey, OPERATOR_TOKEN_AUDIENCE, OPERATOR_TOKEN_ISSUER } from '../../src/worker/lib/operator-auth';
import { RATE_LIMITS } from '../../src/worker/lib/rate-limit';
import { call, callWith, clientAddress, createStone, expectApiError, insertStone, ORIGIN } from '../support/factory';
import { insertOperator, OPERATOR_PASSWORD } from '../support/operator';
import { heldRateLimits } from '../support/rate-limits';

function expectOwnerPathHeaders(res: Response) {
  expect(res.headers.get('referrer-policy')).toBe('no-referrer');
  expect(res.headers.get('cache-control')).toBe('no-store');
  expect(res.headers.get('x-content-type-options')).toBe('nosniff');
}

/** The nonce the CSP allows scripts with. */
function cspNonce(res: Response): string {
  const csp = res.headers.get('content-security-policy') ?? '';
  const nonce = csp.match(/script-src 'nonce-([A-Za-z0-9_+/=-]+)'/)?.[1];
  expect(nonce, `CSP without a script nonce: ${csp}`).toBeDefined();
  return nonce ?? '';
}

/** The opening tags of every <script> element in a page. */
function scriptTags(html: string): string[] {
  return html.match(/<script\b[^>]*>/gi) ?? [];
}

describe('GET /api/admin/stones/{ownerToken} answers only the right token, and never with its secrets', () => {
  it('shows each owner only their own stone', async () => {
    const mine = await createStone({ creatorEmail: 'me@example.org' });
    const other = await createStone({ creatorEmail: 'other@example.org' });
    const view = await (await call(`/api/admin/stones/${mine.adminToken}`)).json<OwnerStoneView>();
    expect(view.code).toBe(mine.code);
    expect(JSON.stringify(view)).not.toContain(other.code);
    expect(JSON.stringify(view)).not.toContain('other@example.org');
  });

  it('never returns the owner token or its hash in the owner view', async () => {
    const { adminToken } = await createStone();
    const text = await (await call(`/api/admin/stones/${adminToken}`)).text();
    expect(text).not.toContain(adminToken);
    expect(text).not.toMatch(/[0-9a-f]{64}/);
  });

  const tamperings: Array<{ name: string; token: (token: string, code: string) => string }> = [
    { name: 'an unknown well-formed token', token: () => randomToken() },
    { name: 'the token with its last character changed', token: (token) => token.slice(0, -1) + (token.endsWith('A') ? 'B' : 'A') },
    { name: 'the token in upper case', token: (token) => token.toUpperCase() },
    { name: 'the token twice', token: (token) => token + token },
    { name: 'a token that is too short', token: () => 'short' },
    { name: 'a token with characters outside base64url', token: () => 'abc$def!ghi*jkl(mno)pqr~stu' },
    { name: 'a very long token', token: () => 'a'.repeat(300) },
    { name: 'the code instead of the token', token: (_token, code) => code },
  ];

  it.each(tamperings)('answers 404 with the owner-path headers for $name (404 means not found or invalid token)', async ({ token }) => {
    const stone = await insertStone({ code: 'ABC-DEF-012' });
    const tampered = token(stone.adminToken, stone.code);
    expect(tampered).not.toBe(stone.adminToken);
    const res = await call(`/api/admin/stones/${encodeURIComponent(tampered)}`);
    await expectApiError(res, 404, 'NOT_FOUND');
    expectOwnerPathHeaders(res);
  });

  it('does not accept the stored hash in place of the token', async () => {
    const stone = await insertStone({ code: 'EEE-000-001' });
    const res = await call(`/api/admin/stones/${await sha256Hex(stone.adminToken)}`);
    await expectApiError(res, 404, 'NOT_FOUND');
  });

  it('sends no-referrer and no-store on the owner page path too', async () => {
    const { adminToken } = await createStone();
    const res = await call(`/admin/stone/${adminToken}`);
    await res.arrayBuffer();
    expect(res.headers.get('referrer-policy')).toBe('no-referrer');
    expect(res.headers.get('cache-control')).toBe('no-store');
  });

  it('keeps the stricter referrer policy off the public API', async () => {
    const { code } = await createStone();
    const res = await call(`/api/stones/${code}`);
    expect(res.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
  });
});

describe('HTML pages carry a nonce-based Content-Security-Policy', () => {
  it.each(['/', '/STONE', '/does-not-exist', '/view/STONE', '/ABC-123-DEF'])(
    'gives %s a CSP whose nonce is on every script tag',
    async (path) => {
      const { code } = await createStone();
      const res = await call(path.replace('STONE', code));
      expect(res.headers.get('content-type')).toMatch(/^text\/html/);
      expect(res.headers.get('x-content-type-options')).toBe('nosniff');
      expect(res.headers.get('x-frame-options')).toBe('DENY');
      const csp = res.headers.get('content-security-policy') ?? '';
      expect(csp).toContain("object-src 'none'");
      expect(csp).toContain("base-uri 'none'");
      expect(csp).toContain("frame-ancestors 'none'");
      expect(csp).not.toMatch(/script-src[^;]*'unsafe-inline'/);
      const nonce = cspNonce(res);
      expect(nonce.length).toBeGreaterThanOrEqual(16);
      const tags = scriptTags(await res.text());
      expect(tags.length).toBeGreaterThan(0);
      for (const tag of tags) expect(tag).toContain(`nonce="${nonce}"`);
    },
  );

  it('makes a fresh nonce for every response', async () => {
    const first = cspNonce(await call('/'));
    const second = cspNonce(await call('/'));
    expect(first).not.toBe(second);
  });

  it('sends nosniff but no page CSP on JSON answers', async () => {
    const res = await call('/api/statistics');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('content-security-policy')).toBeNull();
  });
});

/** An address of its own: the per-address login limit counts across tests. */
const operatorAddress = () => `betreiber-${crypto.randomUUID()}@example.org`;

/** The login limits of the requests under test: the bindings as deployed, or held ones (tests/support/rate-limits.ts). */
let limits: Partial<Env> = {};

function logIn(email: string, password: string, client = clientAddress()): Promise<Response> {
  return callWith(limits, '/api/admin/login', {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'cf-connecting-ip': client },
    body: JSON.stringify({ email, password }),
  });
}

/** Sends every login at once and sorts the answers by status, each refusal checked for the one error shape. */
async function burst(logins: Array<() => Promise<Response>>): Promise<Record<number, number>> {
  const answers = await Promise.all(logins.map((login) => login()));
  const statuses: Record<number, number> = {};
  for (const res of answers) {
    statuses[res.status] = (statuses[res.status] ?? 0) + 1;
    if (res.status === 429) {
      // The login's limits answer TOO_MANY_LOGINS; the general write limit in front of every write RATE_LIMITED.
      const { code } = await expectApiError(res, 429);
      expect(['TOO_MANY_LOGINS', 'RATE_LIMITED']).toContain(code);
      expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
    } else {
      await res.arrayBuffer();
    }
  }
  return statuses;
}

describe('operator logins in a parallel burst', () => {
  // The burst limits count per minute: each test sends its burst within one window of its own, whatever the clock.
  beforeEach(() => {
    limits = heldRateLimits();
  });
  afterEach(() => {
    limits = {};
  });

  it('answers most of 30 parallel wrong passwords for one address from one client with 429, and then the right one too', async () => {
    const email = operatorAddress();
    await insertOperator(email);
    const client = clientAddress();
    const statuses = await burst(Array.from({ length: 30 }, (_, i) => () => logIn(email, `falsch-${i}`, client)));
    // The failure count in D1 is read before it is written, so without the burst limit all of them could be checked.
    expect(statuses[401] ?? 0).toBeGreaterThan(0);
    expect(statuses[401] ?? 0).toBeLessThanOrEqual(Math.min(RATE_LIMITS.loginEmail.limit, RATE_LIMITS.loginClient.limit));
    expect((statuses[401] ?? 0) + (statuses[429] ?? 0)).toBe(30);
    // The right password is refused too, from this client (over the general write limit by now) and from any other.
    await expectApiError(await logIn(email, OPERATOR_PASSWORD, client), 429);
    await expectApiError(await logIn(email, OPERATOR_PASSWORD), 429, 'TOO_MANY_LOGINS');
  });

  it('limits one address from many clients, successes included, before any password is checked', async () => {
    const email = operatorAddress();
    await insertOperator(email);
    const statuses = await burst(Array.from({ length: 30 }, () => () => logIn(email, OPERATOR_PASSWORD)));
    expect(statuses).toEqual({ 200: RATE_LIMITS.loginEmail.limit, 429: 30 - RATE_LIMITS.loginEmail.limit });
    const refused = await logIn(email, OPERATOR_PASSWORD);
    const error = await expectApiError(refused, 429, 'TOO_MANY_LOGINS');
    expect(refused.headers.get('retry-after')).toBe(String(RATE_LIMITS.loginEmail.period));
    expect(error.message).toBe('Too many login attempts in a short time. Please wait 60 seconds and try again.');
    // Another address is counted apart.
    const other = operatorAddress();
    await insertOperator(other);
    expect((await logIn(other, OPERATOR_PASSWORD)).status).toBe(200);
  });

  it('limits one client trying many addresses at once', async () => {
    const client = clientAddress();
    const statuses = await burst(Array.from({ length: 15 }, () => () => logIn(operatorAddress(), 'falsch', client)));
    expect(statuses).toEqual({ 401: RATE_LIMITS.loginClient.limit, 429: 15 - RATE_LIMITS.loginClient.limit });
  });
});

describe('the login burst limit per address', () => {
  it('is keyed by a hash of the normalised address, never the address itself', async () => {
    const keys: string[] = [];
    const recording = {
      limit: async ({ key }: { key: string }) => {
        keys.push(key);
        return { success: true };
      },
    };
    const email = operatorAddress();
    const login = new Request(`${ORIGIN}/api/admin/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'cf-connecting-ip': clientAddress() },
      body: JSON.stringify({ email: ` ${email.toUpperCase()} `, password: 'falsch' }),
    });
    const res = await app.fetch(login, { ...env, LOGIN_EMAIL_LIMIT: recording }, createExecutionContext());
    await expectApiError(res, 401, 'INVALID_CREDENTIALS');
    expect(keys).toEqual([await sha256Hex(`operator-login:${email}`)]);
    expect(keys[0]).not.toContain(email.split('@')[0]);
  });
});

describe('POST /api/admin/logout', () => {
  const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

  async function loggedIn(email: string): Promise<string> {
    const res = await logIn(email, OPERATOR_PASSWORD);
    expect(res.status).toBe(200);
    return (await res.json<{ token: string }>()).token;
  }

  const logOut = (token: string) => call('/api/admin/logout', { method: 'POST', headers: bearer(token) });

  it('ends the token at once; another session of the same operator goes on; a second logout is refused like any ended token', async () => {
    const email = operatorAddress();
    await insertOperator(email);
    const [ending, other] = [await loggedIn(email), await loggedIn(email)];
    expect((await call('/api/admin/statistics', { headers: bearer(ending) })).status).toBe(200);

    const res = await logOut(ending);
    expect(res.status).toBe(204);
    expect(await res.text()).toBe('');
    for (const path of ['/api/admin/statistics', '/api/admin/stones', '/api/admin/blog']) {
      await expectApiError(await call(path, { headers: bearer(ending) }), 401, 'UNAUTHORIZED');
    }
    // The blog admin's bare token is the same token.
    await expectApiError(await call('/api/admin/blog', { headers: { authorization: ending } }), 401, 'UNAUTHORIZED');
    expect((await call('/api/admin/statistics', { headers: bearer(other) })).status).toBe(200);

    await expectApiError(await logOut(ending), 401, 'UNAUTHORIZED');
    await expectApiError(await call('/api/admin/statistics', { headers: bearer(ending) }), 401, 'UNAUTHORIZED');
    expect((await call('/api/admin/statistics', { headers: bearer(other) })).status).toBe(200);
  });

  it('keeps the ended token listed until it expires, and no longer', async () => {
    const email = operatorAddress();
    await insertOperator(email);
    const token = await loggedIn(email);
    expect((await logOut(token)).status).toBe(204);
    const { jti, exp } = decodeJwt(token);
    const { keys } = await env.CACHE.list({ prefix: loggedOutKey(jti ?? '') });
    expect(keys).toEqual([{ name: loggedOutKey(jti ?? ''), expiration: exp }]);
  });

  it('ends a token closer to its end than KV keeps an entry', async () => {
    const id = await insertOperator(operatorAddress());
    const token = await new SignJWT({})
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(id)
      .setIssuer(OPERATOR_TOKEN_ISSUER)
      .setAudience(OPERATOR_TOKEN_AUDIENCE)
      .setIssuedAt()
      .setJti(crypto.randomUUID())
      .setExpirationTime(Math.floor(Date.now() / 1000) + 20)
      .sign(new TextEncoder().encode('local development only: operator tokens of npm run dev'));
    expect((await call('/api/admin/statistics', { headers: bearer(token) })).status).toBe(200);
    expect((await logOut(token)).status).toBe(204);
    await expectApiError(await call('/api/admin/statistics', { headers: bearer(token) }), 401, 'UNAUTHORIZED');
  });

  it('needs an operator token', async () => {
    await expectApiError(await call('/api/admin/logout', { method: 'POST' }), 401, 'UNAUTHORIZED');
    await expectApiError(await call('/api/admin/logout', { method: 'POST', headers: bearer('x.y.z') }), 401, 'UNAUTHORIZED');
  });
});
