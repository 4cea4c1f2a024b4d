import { operatorSecret } from './operator-auth';

/*
 * A client's network address as the database may keep it for a while: the finds' repeat check (an hour) and one
 * report per reporter and find (until the report is resolved, at most REPORT_CLIENT_DAYS). An unkeyed hash of an
 * IPv4 address is undone by hashing all four billion of them; keyed with a secret of the deployment, the stored
 * value says nothing to whoever reads the database without it.
 *
 * The key is derived from OPERATOR_JWT_SECRET (every deployment has one, or its settings check refuses it) through
 * HKDF with a label of its own, so it never equals the key that signs operator tokens and knowing one key tells
 * nothing of the other. Development derives it from the development key the operator login uses. Rotating the
 * secret changes every hash: a repeat within the hour is not flagged and a reporter may report a find once more,
 * nothing worse.
 */

/** HKDF's salt and info: what this key is for. Another purpose derives another key with another label. */
const HKDF_SALT = 'reisesteine client hash salt';
const HKDF_INFO = 'reisesteine client hash v1';

/** What a hash identifies the client for: a hash made for one purpose never matches one made for another. */
export type ClientHashPurpose = 'find' | 'report';

/** The derived key of the secret last used (one per isolate: the secret does not change while it lives). */
let cached: { secret: string; key: Promise<CryptoKey> } | null = null;

function keyFor(secret: string): Promise<CryptoKey> {
  if (cached?.secret !== secret) {
    const encoder = new TextEncoder();
    const key = crypto.subtle
      .importKey('raw', encoder.encode(secret), 'HKDF', false, ['deriveKey'])
      .then((base) =>
        crypto.subtle.deriveKey(
          { name: 'HKDF', hash: 'SHA-256', salt: encoder.encode(HKDF_SALT), info: encoder.encode(HKDF_INFO) },
          base,
          { name: 'HMAC', hash: 'SHA-256', length: 256 },
          false,
          ['sign'],
        ),
      );
    // A failed derivation is not kept: the next call tries again.
    key.catch(() => {
      if (cached?.key === key) cached = null;
    });
    cached = { secret, key };
  }
  return cached.key;
}

/**
 * Lowercase hex HMAC-SHA-256 of the client (its address as the rate limits count it, `clientKey`) for `purpose`
 * and `scope` (the stone of a find, the find of a report): the same client gives the same value for the same scope,
 * another scope or another deployment's secret gives another.
 */
export async function clientHash(
  env: Pick<Env, 'OPERATOR_JWT_SECRET' | 'ENVIRONMENT'>,
  purpose: ClientHashPurpose,
  client: string,
  scope: string,
): Promise<string> {
  const secret = operatorSecret(env);
  // The settings check refuses a deployment without the secret before any request gets here.
  if (secret === null) throw new Error('OPERATOR_JWT_SECRET is missing or too short: no key for client hashes');
  const mac = await crypto.subtle.sign('HMAC', await keyFor(secret), new TextEncoder().encode(`${purpose}|${client}|${scope}`));
  return Array.from(new Uint8Array(mac), (b) => b.toString(16).padStart(2, '0')).join('');
}
