import { describe, expect, it } from 'vitest';
import { unstable_readConfig } from 'wrangler';
import { clientKey, RATE_LIMITS } from '../../src/worker/lib/rate-limit';

describe('rate limits', () => {
  it('are configured in wrangler.toml with the numbers the code states its reasons for', () => {
    const config = unstable_readConfig({ config: 'wrangler.toml' });
    const configured = Object.fromEntries(config.ratelimits.map((r: { name: string; simple: unknown }) => [r.name, r.simple]));
    for (const rule of Object.values(RATE_LIMITS)) {
      expect(configured[rule.binding], rule.binding).toEqual({ limit: rule.limit, period: rule.period });
    }
    expect(Object.keys(configured).sort()).toEqual(
      Object.values(RATE_LIMITS)
        .map((r) => r.binding)
        .sort(),
    );
  });

  it.each([
    ['203.0.113.7', '203.0.113.7'],
    ['2001:db8:aa:bb:1:2:3:4', '2001:db8:aa:bb::/64'],
    ['2001:db8:aa:bb::1', '2001:db8:aa:bb::/64'],
    ['2001:DB8:00aa:0bb::ff', '2001:db8:aa:bb::/64'],
    ['2001:db8::1', '2001:db8:0:0::/64'],
    ['::1', '0:0:0:0::/64'],
    [undefined, 'unknown'],
  ])('counts the client %s as %s', (address, key) => {
    expect(clientKey(address)).toBe(key);
  });
});
