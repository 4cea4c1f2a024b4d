import type { Context } from 'hono';
import type { AppEnv } from '../types';
import { ApiError } from './errors';
import { log } from './logger';

/** The Workers Rate Limiting bindings (wrangler.toml `[[ratelimits]]`). */
type LimitBinding =
  | 'CREATE_STONE_LIMIT'
  | 'WRITES_PER_CLIENT_LIMIT'
  | 'WRITES_PER_STONE_LIMIT'
  | 'GEOCODE_CLIENT_LIMIT'
  | 'GEOCODE_UPSTREAM_LIMIT';

interface Rule {
  binding: LimitBinding;
  /** Requests allowed per period; wrangler.toml holds the same numbers (a unit test keeps them equal). */
  limit: number;
  /** Seconds: the binding allows 10 or 60. */
  period: 10 | 60;
  reason: string;
}

/**
 * Every limit on a public write, with its reason. The binding counts per Cloudflare location, which is close
 * enough to per client for abuse: its purpose is to stop floods, not to meter.
 */
export const RATE_LIMITS = {
  createStone: {
    binding: 'CREATE_STONE_LIMIT',
    limit: 5,
    period: 60,
    reason: 'A person creates one stone, a family a few; more per minute from one client fills the database with junk.',
  },
  clientWrites: {
    binding: 'WRITES_PER_CLIENT_LIMIT',
    limit: 20,
    period: 60,
    reason: 'Finds and subscriptions across all stones: a finder logs one find at a time; a script walking the codes is not a finder.',
  },
  stoneWrites: {
    binding: 'WRITES_PER_STONE_LIMIT',
    limit: 3,
    period: 60,
    reason:
      'Per client and stone (finds and subscriptions counted apart): a person logs a find on a stone once; more than a handful a minute inflates its distance with alternating far-apart positions, or floods its subscribers.',
  },
  geocodeClient: {
    binding: 'GEOCODE_CLIENT_LIMIT',
    limit: 20,
    period: 60,
    reason:
      'Address searches and place names per client: a finder searches an address a few times; a script would use up the geocoder the site shares.',
  },
  geocodeUpstream: {
    binding: 'GEOCODE_UPSTREAM_LIMIT',
    limit: 10,
    period: 10,
    reason:
      "Requests from the whole service to the geocoder (one key for all clients): Nominatim's usage policy allows about one per second; the cache answers the rest.",
  },
} as const satisfies Record<string, Rule>;

export type RateLimitName = keyof typeof RATE_LIMITS;

/**
 * The client as the limits see it: its address from Cloudflare. IPv6 clients get a whole /64 from their
 * provider, so they are counted per /64 (otherwise one phone could rotate through billions of addresses).
 */
export function clientKey(address: string | undefined): string {
  if (!address) return 'unknown';
  if (!address.includes(':')) return address;
  const [head = '', tail = ''] = address.toLowerCase().split('::');
  const headGroups = head ? head.split(':') : [];
  const tailGroups = tail ? tail.split(':') : [];
  const missing = Math.max(0, 8 - headGroups.length - tailGroups.length);
  const groups = address.includes('::') ? [...headGroups, ...Array(missing).fill('0'), ...tailGroups] : headGroups;
  return `${groups
    .slice(0, 4)
    .map((g) => g.replace(/^0+(?=.)/, ''))
    .join(':')}::/64`;
}

/**
 * Counts this request against the named limits, keyed by the client and, where given, a scope (e.g.
 * `find:ABC-123-DEF`); the first limit exceeded answers 429 with Retry-After in the one error shape.
 */
export async function enforceRateLimits(c: Context<AppEnv>, checks: Array<{ name: RateLimitName; scope?: string }>): Promise<void> {
  const client = clientKey(c.req.header('cf-connecting-ip'));
  for (const { name, scope } of checks) {
    const rule: Rule = RATE_LIMITS[name];
    let success: boolean;
    try {
      ({ success } = await c.env[rule.binding].limit({ key: scope ? `${scope}|${client}` : client }));
    } catch (error) {
      // The limiter is a guard, not the service: if it cannot answer, the write goes ahead (and we hear of it).
      log.warn('rate limiter unavailable', { limit: name, error: String(error) });
      continue;
    }
    if (!success) {
      throw new ApiError(429, 'RATE_LIMITED', { id: 'api.rateLimited', values: { seconds: rule.period } }, undefined, {
        'Retry-After': String(rule.period),
      });
    }
  }
}

/**
 * Whether one more use of a service-wide allowance fits (e.g. the geocoder's requests per second), without
 * answering anything: the caller decides what to do when it does not.
 */
export async function withinLimit(env: Env, name: RateLimitName, key: string): Promise<boolean> {
  const rule: Rule = RATE_LIMITS[name];
  try {
    return (await env[rule.binding].limit({ key })).success;
  } catch (error) {
    log.warn('rate limiter unavailable', { limit: name, error: String(error) });
    return true;
  }
}
