import type { Context, MiddlewareHandler } from 'hono';
import { type JWTPayload, jwtVerify, SignJWT } from 'jose';
import { type Db, getDb } from '../db/client';
import { MIN_OPERATOR_SECRET_LENGTH } from '../settings/checks';
import { isDevelopment } from '../settings/public';
import type { AppEnv, Operator, OperatorToken } from '../types';
import { sha256Hex } from './crypto';
import { ApiError } from './errors';
import { log } from './logger';
import {
  countLoginFailure,
  forgetLoginFailures,
  forgetLoginFailuresBefore,
  loginFailuresOf,
  operatorByEmail,
  operatorById,
} from './operator-accounts';
import { hashPassword, verifyPassword } from './password';
import { clientKey, RATE_LIMITS, withinLimit } from './rate-limit';

/** An operator's session: a working day, not days (a stolen token expires soon). */
export const OPERATOR_TOKEN_TTL_SECONDS = 8 * 60 * 60;
/** Who issues operator tokens and for whom: a token made for anything else (or by anyone else) is refused. */
export const OPERATOR_TOKEN_ISSUER = 'reisesteine';
export const OPERATOR_TOKEN_AUDIENCE = 'reisesteine:operator-admin';
/** The one algorithm: pinned on verification, so `alg: none` or another algorithm never passes. */
const ALGORITHM = 'HS256';
/** `npm run dev` and the tests log in without configuration; production never uses this key. */
const DEVELOPMENT_SECRET = 'local development only: operator tokens of npm run dev';

/** Failed logins allowed per window: per address (a guessed password) and per client (a sprayed list). */
export const LOGIN_LIMITS = { email: 5, client: 10, windowMs: 15 * 60 * 1000 } as const;

/**
 * The deployment's secret behind the operator tokens (and, through a key derived from it, lib/client-hash.ts), or
 * null when a deployment has none fit for it: such a Worker is refused by its settings check anyway.
 */
export function operatorSecret(env: Pick<Env, 'OPERATOR_JWT_SECRET' | 'ENVIRONMENT'>): string | null {
  const secret = env.OPERATOR_JWT_SECRET;
  if (secret && secret.length >= MIN_OPERATOR_SECRET_LENGTH) return secret;
  if (isDevelopment(env)) return secret || DEVELOPMENT_SECRET;
  return null;
}

/** The signing key, or null when this Worker may not issue or accept operator tokens (production without a secret). */
function signingKey(env: Env): Uint8Array | null {
  const secret = operatorSecret(env);
  if (secret !== null) return new TextEncoder().encode(secret);
  log.error('operator login refused: OPERATOR_JWT_SECRET is missing or shorter than 32 characters');
  return null;
}

/** A signed operator token for `operator`, valid OPERATOR_TOKEN_TTL_SECONDS. */
export async function issueOperatorToken(env: Env, operator: Operator): Promise<string> {
  const key = signingKey(env);
  if (!key) throw new ApiError(503, 'LOGIN_UNAVAILABLE', 'server-owner.operator.loginUnavailable');
  return new SignJWT({ email: operator.email })
    .setProtectedHeader({ alg: ALGORITHM, typ: 'JWT' })
    .setSubject(operator.id)
    .setIssuer(OPERATOR_TOKEN_ISSUER)
    .setAudience(OPERATOR_TOKEN_AUDIENCE)
    .setIssuedAt()
    .setExpirationTime(`${OPERATOR_TOKEN_TTL_SECONDS}s`)
    .setJti(crypto.randomUUID())
    .sign(key);
}

const unauthorized = () => new ApiError(401, 'UNAUTHORIZED', 'server-owner.api.unauthorized', undefined, { 'WWW-Authenticate': 'Bearer' });

/** Three base64url parts, and not absurdly long: anything else is not worth verifying. */
const JWT_SHAPE = /^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+$/;

/**
 * Where a logged-out token's id is kept (KV `CACHE`) until the token itself expires. KV is eventually consistent:
 * another location may accept the token for up to a minute after the logout (decision record 011).
 */
export const loggedOutKey = (jti: string) => `operator-logout:${jti}`;
/** KV keeps an entry at least this long (seconds). */
const KV_MIN_TTL_SECONDS = 60;

/**
 * The operator an Authorization header names, with the token's id and end: `Bearer <token>` (stone list) or the
 * bare token (the blog admin's). The token must be ours (HS256, our key, issuer and audience), unexpired,
 * carry an id (every token the login issues has one) that was not logged out, and its operator must still exist:
 * removing an operator ends their sessions.
 */
export async function operatorOf(env: Env, header: string | undefined): Promise<{ operator: Operator; token: OperatorToken } | null> {
  const token = header?.replace(/^Bearer\s+/i, '').trim() ?? '';
  if (token.length > 4096 || !JWT_SHAPE.test(token)) return null;
  const key = signingKey(env);
  if (!key) return null;
  let claims: JWTPayload;
  try {
    ({ payload: claims } = await jwtVerify(token, key, {
      algorithms: [ALGORITHM],
      issuer: OPERATOR_TOKEN_ISSUER,
      audience: OPERATOR_TOKEN_AUDIENCE,
      requiredClaims: ['exp', 'iat', 'sub', 'jti'],
    }));
  } catch {
    return null;
  }
  const { sub, jti, exp } = claims;
  if (!sub || !jti || exp === undefined) return null;
  const [loggedOut, row] = await Promise.all([env.CACHE.get(loggedOutKey(jti)), operatorById(getDb(env.DB), sub)]);
  if (loggedOut !== null || !row) return null;
  return { operator: row, token: { jti, exp } };
}

/**
 * `POST /api/admin/logout`: the token is refused from now on (in this location at once, elsewhere within KV's
 * minute). Its id is listed until the token expires; one closer to its end than KV's shortest lifetime is listed
 * that long, counted by KV's own clock (`expirationTtl`), not this request's.
 */
export async function endOperatorSession(env: Env, token: OperatorToken, now = Date.now()): Promise<void> {
  const remaining = token.exp - Math.floor(now / 1000);
  // A margin: the Worker's clock and KV's need not agree to the second.
  const options = remaining > KV_MIN_TTL_SECONDS + 10 ? { expiration: token.exp } : { expirationTtl: KV_MIN_TTL_SECONDS };
  await env.CACHE.put(loggedOutKey(token.jti), '', options);
}

/**
 * Operator routes: a valid operator token or 401 in the one error shape; the operator is `c.get('operator')`, the
 * token's id and end `c.get('operatorToken')`.
 */
export const requireOperator: MiddlewareHandler<AppEnv> = async (c, next) => {
  const session = await operatorOf(c.env, c.req.header('authorization'));
  if (!session) throw unauthorized();
  c.set('operator', session.operator);
  c.set('operatorToken', session.token);
  await next();
};

/** Compared against when the address is unknown, so that answer takes as long as a wrong password. */
let decoyHash: Promise<string> | undefined;

const failureKeys = (email: string, client: string) => ({ email: `email:${email}`, client: `client:${client}` });

/**
 * The burst guard in front of the password check: logins per client and per address (by its hash: the limiter
 * never sees the address) per minute. logIn's failure count in D1 is read before it is written, so parallel
 * guesses would all pass it; these bindings count each attempt as it arrives. Over either: 429.
 */
async function guardLoginBurst(env: Env, client: string, email: string): Promise<void> {
  const refuse = (seconds: number) =>
    new ApiError(429, 'TOO_MANY_LOGINS', { id: 'server-owner.operator.tooManyLoginAttempts', values: { seconds } }, undefined, {
      'Retry-After': String(seconds),
    });
  // One after the other: a client refused for its own burst does not use up the address's allowance.
  if (!(await withinLimit(env, 'loginClient', client))) throw refuse(RATE_LIMITS.loginClient.period);
  if (!(await withinLimit(env, 'loginEmail', await sha256Hex(`operator-login:${email}`)))) throw refuse(RATE_LIMITS.loginEmail.period);
}

/**
 * `POST /api/admin/login`: a token for a known address with its password. An unknown address and a wrong
 * password get the same answer after the same work. Too many failures per address or per client in
 * LOGIN_LIMITS.windowMs, or a burst of attempts per client or per address within a minute (guardLoginBurst), is
 * refused (429) before any password is checked.
 */
export async function logIn(c: Context<AppEnv>, email: string, password: string, now = new Date()): Promise<string> {
  if (!signingKey(c.env)) throw new ApiError(503, 'LOGIN_UNAVAILABLE', 'server-owner.operator.loginUnavailable');
  const client = clientKey(c.req.header('cf-connecting-ip'));
  const db = getDb(c.env.DB);
  const keys = failureKeys(email, client);
  const windowStart = new Date(now.getTime() - LOGIN_LIMITS.windowMs);
  const failures = await loginFailuresOf(db, keys);
  for (const [row, limit] of [
    [failures.email, LOGIN_LIMITS.email],
    [failures.client, LOGIN_LIMITS.client],
  ] as const) {
    if (row && row.windowStart > windowStart && row.failures >= limit) {
      const seconds = Math.max(1, Math.ceil((row.windowStart.getTime() + LOGIN_LIMITS.windowMs - now.getTime()) / 1000));
      throw new ApiError(
        429,
        'TOO_MANY_LOGINS',
        { id: 'server-owner.operator.tooManyLogins', values: { minutes: Math.ceil(seconds / 60) } },
        undefined,
        {
          'Retry-After': String(seconds),
        },
      );
    }
  }
  // After the long window, so a locked-out address is told its real wait, and before the password is checked.
  await guardLoginBurst(c.env, client, email);
  const operator = await operatorByEmail(db, email);
  decoyHash ??= hashPassword('decoy password that matches nothing');
  const valid = await verifyPassword(password, operator?.passwordHash ?? (await decoyHash));
  if (!operator || !valid) {
    await countLoginFailure(db, [keys.email, keys.client], now, windowStart);
    log.warn('operator login failed', { known: Boolean(operator) });
    throw new ApiError(401, 'INVALID_CREDENTIALS', 'server-owner.operator.invalidCredentials');
  }
  await forgetLoginFailures(db, keys.email);
  return issueOperatorToken(c.env, { id: operator.id, email: operator.email });
}

/** The cron's share: failure counts whose window has passed. */
export async function forgetOldLoginFailures(db: Db, now = new Date()): Promise<void> {
  await forgetLoginFailuresBefore(db, new Date(now.getTime() - LOGIN_LIMITS.windowMs));
}
