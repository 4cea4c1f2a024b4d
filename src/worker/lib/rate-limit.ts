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
  | 'GEOCODE_UPSTREAM_LIMIT'
  | 'LOGIN_CLIENT_LIMIT'
  | 'LOGIN_EMAIL_LIMIT'
  | 'REPORTS_PER_CLIENT_LIMIT'
  | 'HEALTH_PROBES_LIMIT';

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
  loginClient: {
    binding: 'LOGIN_CLIENT_LIMIT',
    limit: 10,
    period: 60,
    reason:
      'Operator logins per client across addresses, asked before any password is checked: the failure count in D1 (10 per 15 minutes) is read before it is written, so a parallel burst would pass it; a person tries one or two addresses, not a list.',
  },
  loginEmail: {
    binding: 'LOGIN_EMAIL_LIMIT',
    limit: 10,
    period: 60,
    reason:
      'Operator logins per address (keyed by its hash) from any client, successes included, asked before the password is checked: room for a typo retried a few times and a login in a second tab; a parallel burst of guesses past the D1 failure count (5 per 15 minutes) is not.',
  },
  reports: {
    binding: 'REPORTS_PER_CLIENT_LIMIT',
    limit: 5,
    period: 60,
    reason:
      "Reports of finds per client across all stones, counted apart from finds so reporting never blocks logging one: a reader reports the one or two finds that are wrong; a flood of reports would bury the real ones in the operator's list.",
  },
  healthProbes: {
    binding: 'HEALTH_PROBES_LIMIT',
    limit: 60,
    period: 60,
    reason:
      'A monitor probes /healthz once a minute and a deploy every five seconds; one round of checks answers them all for ten seconds, and a flood beyond this would only cost the site its checks.',
  },
} as const satisfies Record<string, Rule>;

export type RateLimitName = keyof typeof RATE_LIMITS;

/**
 * An IPv6 address as its eight 16-bit groups, or null when it is not one. A trailing dotted quad
 * (`::ffff:1.2.3.4`) is its last two groups; a zone (`%eth0`) is dropped.
 */
function ipv6Groups(address: string): number[] | null {
  let text = address.toLowerCase().replace(/%.*$/, '');
  const lastColon = text.lastIndexOf(':');
  const last = text.slice(lastColon + 1);
  if (last.includes('.')) {
    const bytes = last.split('.');
    if (bytes.length !== 4 || !bytes.every((b) => /^\d{1,3}$/.test(b) && Number(b) <= 255)) return null;
    const [a = 0, b = 0, c = 0, d = 0] = bytes.map(Number);
    text = `${text.slice(0, lastColon + 1)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const halves = text.split('::');
  if (halves.length > 2) return null;
  const [head = '', tail = ''] = halves;
  const headGroups = head ? head.split(':') : [];
  const tailGroups = tail ? tail.split(':') : [];
  const missing = 8 - headGroups.length - tailGroups.length;
  // "::" stands for at least one zero group; without it all eight are written out.
  if (halves.length === 2 ? missing < 1 : missing !== 0) return null;
  const groups = [...headGroups, ...Array<string>(halves.length === 2 ? missing : 0).fill('0'), ...tailGroups];
  if (!groups.every((g) => /^[0-9a-f]{1,4}$/.test(g))) return null;
  return groups.map((g) => Number.parseInt(g, 16));
}

/**
 * The IPv4 address an IPv6 address carries, if it is one in IPv6 form: IPv4-mapped (`::ffff:a.b.c.d`, also
 * written `::ffff:102:304`) or the older IPv4-translated form (`::ffff:0:a.b.c.d`, RFC 2765).
 */
function embeddedIPv4(groups: number[]): string | null {
  const zeros = (from: number, to: number) => groups.slice(from, to).every((g) => g === 0);
  const mapped = zeros(0, 5) && groups[5] === 0xffff;
  const translated = zeros(0, 4) && groups[4] === 0xffff && groups[5] === 0;
  if (!mapped && !translated) return null;
  const [high = 0, low = 0] = groups.slice(6);
  return [high >> 8, high & 0xff, low >> 8, low & 0xff].join('.');
}

/**
 * The client as the limits see it: its address from Cloudflare. IPv6 clients get a whole /64 from their
 * provider, so they are counted per /64 (otherwise one phone could rotate through billions of addresses). An
 * IPv4 address in IPv6 form is that IPv4 client: its /64 would be one bucket shared by every such client.
 */
export function clientKey(address: string | undefined): string {
  if (!address) return 'unknown';
  if (!address.includes(':')) return address;
  const groups = ipv6Groups(address);
  // Not an address (Cloudflare always sends one): counted as the text it is.
  if (!groups) return address.toLowerCase();
  const ipv4 = embeddedIPv4(groups);
  if (ipv4) return ipv4;
  return `${groups
    .slice(0, 4)
    .map((g) => g.toString(16))
    .join(':')}::/64`;
}

/**
 * A rule's binding. A deployment without it (an environment of wrangler.toml that lacks it) throws here, and the
 * callers treat that like a limiter that cannot answer.
 */
function limiter(env: Env, rule: Rule): RateLimit {
  const binding: RateLimit | undefined = env[rule.binding];
  if (!binding) throw new Error(`${rule.binding} is not bound`);
  return binding;
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
      ({ success } = await limiter(c.env, rule).limit({ key: scope ? `${scope}|${client}` : client }));
    } catch (error) {
      // The limiter is a guard, not the service: if it cannot answer, the write goes ahead (and we hear of it).
      log.warn('rate limiter unavailable', { limit: name, error: String(error) });
      continue;
    }
    if (!success) {
      throw new ApiError(429, 'RATE_LIMITED', { id: 'server.api.rateLimited', values: { seconds: rule.period } }, undefined, {
        'Retry-After': String(rule.period),
      });
    }
  }
}

/**
 * Whether one more use under `key` fits the named limit (e.g. the geocoder's requests per second, one key for the
 * whole service), without answering anything: the caller decides what to do when it does not.
 */
export async function withinLimit(env: Env, name: RateLimitName, key: string): Promise<boolean> {
  const rule: Rule = RATE_LIMITS[name];
  try {
    return (await limiter(env, rule).limit({ key })).success;
  } catch (error) {
    log.warn('rate limiter unavailable', { limit: name, error: String(error) });
    return true;
  }
}
