import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { deriveStoneToken, deriveStoneTokens, randomToken } from '../../src/worker/lib/crypto';

describe("a collection stone's derived owner token", () => {
  it('is base64url(HMAC-SHA-256(collection token, "stone:" + stone id)), 43 characters', async () => {
    const collectionToken = 'dGhpcyBpcyBhIGNvbGxlY3Rpb24gdG9rZW4gb2YgMzI';
    const stoneId = '6f9619ff-8b86-4d11-b42d-00c04fc964ff';
    const expected = createHmac('sha256', Buffer.from(collectionToken, 'utf8')).update(`stone:${stoneId}`).digest('base64url');
    const derived = await deriveStoneToken(collectionToken, stoneId);
    expect(derived).toBe(expected);
    expect(derived).toMatch(/^[A-Za-z0-9_-]{43}$/);
  });

  it('differs per stone and per collection token, and is the same every time', async () => {
    const token = randomToken();
    const [a, b] = await deriveStoneTokens(token, ['stone-a', 'stone-b']);
    expect(a).not.toBe(b);
    expect(await deriveStoneToken(token, 'stone-a')).toBe(a);
    expect(await deriveStoneToken(randomToken(), 'stone-a')).not.toBe(a);
  });
});
