/** base64url without padding. */
export function base64url(bytes: Uint8Array): string {
  let binary = '';
  for (const b of bytes) binary += String.fromCharCode(b);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

/** A secret token of 256 random bits, base64url (43 characters). */
export function randomToken(): string {
  return base64url(crypto.getRandomValues(new Uint8Array(32)));
}

/** Lowercase hex SHA-256 of a string: how owner, confirmation and unsubscribe tokens are stored. */
export async function sha256Hex(value: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(value));
  return Array.from(new Uint8Array(digest), (b) => b.toString(16).padStart(2, '0')).join('');
}

/**
 * A collection's stone's owner token, derived from the collection's owner token (decision record 024):
 * base64url(HMAC-SHA-256(key = the collection token's UTF-8 bytes, message = `stone:${stoneId}`)), 43 characters.
 * The collection's owner page shows every stone's own owner link without any stone token being stored: 256 bits
 * derived from a 256-bit random secret, and a stone's token reveals nothing of the collection's or its siblings'.
 */
export async function deriveStoneTokens(collectionToken: string, stoneIds: readonly string[]): Promise<string[]> {
  const key = await crypto.subtle.importKey('raw', new TextEncoder().encode(collectionToken), { name: 'HMAC', hash: 'SHA-256' }, false, [
    'sign',
  ]);
  return Promise.all(
    stoneIds.map(async (id) => base64url(new Uint8Array(await crypto.subtle.sign('HMAC', key, new TextEncoder().encode(`stone:${id}`))))),
  );
}

/** One stone's derived owner token (see deriveStoneTokens). */
export async function deriveStoneToken(collectionToken: string, stoneId: string): Promise<string> {
  const [token = ''] = await deriveStoneTokens(collectionToken, [stoneId]);
  return token;
}

/**
 * Whether a secret someone sent is the one set, in time that does not depend on where they differ: both are
 * hashed to one length first, then compared whole (workerd's timingSafeEqual).
 */
export async function sameSecret(given: string, expected: string): Promise<boolean> {
  const encoder = new TextEncoder();
  const [a, b] = await Promise.all([
    crypto.subtle.digest('SHA-256', encoder.encode(given)),
    crypto.subtle.digest('SHA-256', encoder.encode(expected)),
  ]);
  return crypto.subtle.timingSafeEqual(a, b);
}
