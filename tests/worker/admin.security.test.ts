import { describe, expect, it } from 'vitest';
import type { OwnerStoneView } from '../../src/shared/types';
import { randomToken, sha256Hex } from '../../src/worker/lib/crypto';
import { call, createStone, expectApiError, insertStone } from '../support/factory';

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

describe('GET /api/admin/stones/{adminToken} answers only the right token, and never with its secrets', () => {
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

  it.each(tamperings)(
    'answers 404 with the owner-path headers for $name (spec §7 "404 means not found or invalid token")',
    async ({ token }) => {
      const stone = await insertStone({ code: 'ABC-DEF-012' });
      const tampered = token(stone.adminToken, stone.code);
      expect(tampered).not.toBe(stone.adminToken);
      const res = await call(`/api/admin/stones/${encodeURIComponent(tampered)}`);
      await expectApiError(res, 404, 'NOT_FOUND');
      expectOwnerPathHeaders(res);
    },
  );

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
