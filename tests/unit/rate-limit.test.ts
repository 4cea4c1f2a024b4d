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
    ['2001:db8:aa:bb:cc:dd:1.2.3.4', '2001:db8:aa:bb::/64'],
    ['2001:db8::bb:cc:1.2.3.4', '2001:db8:0:0::/64'],
    ['1::2:3:4:1.2.3.4', '1:0:0:2::/64'],
    ['fe80::1%eth0', 'fe80:0:0:0::/64'],
    [undefined, 'unknown'],
  ])('counts the client %s as %s', (address, key) => {
    expect(clientKey(address)).toBe(key);
  });

  // Every IPv4 client in IPv6 form once fell into the one bucket 0:0:0:0::/64.
  it.each([
    ['::ffff:1.2.3.4', '1.2.3.4'],
    ['::ffff:102:304', '1.2.3.4'],
    ['::FFFF:0102:0304', '1.2.3.4'],
    ['0:0:0:0:0:ffff:1.2.3.4', '1.2.3.4'],
    ['0000:0000:0000:0000:0000:ffff:cb00:7107', '203.0.113.7'],
    ['::ffff:0:203.0.113.7', '203.0.113.7'],
    ['::ffff:0:cb00:7107', '203.0.113.7'],
    ['::ffff:255.255.255.255', '255.255.255.255'],
  ])('counts the IPv4 client in IPv6 form %s as the IPv4 client %s', (address, key) => {
    expect(clientKey(address)).toBe(key);
    expect(clientKey(address)).toBe(clientKey(key));
  });

  it('counts two IPv4-mapped clients apart', () => {
    expect(clientKey('::ffff:1.2.3.4')).not.toBe(clientKey('::ffff:1.2.3.5'));
    expect(clientKey('::ffff:102:304')).not.toBe(clientKey('::ffff:5.6.7.8'));
  });

  it.each([
    ['::ffff:1.2.3.256', '::ffff:1.2.3.256'],
    ['1:2:3:4:5:6:7:8:9', '1:2:3:4:5:6:7:8:9'],
    ['1::2::3', '1::2::3'],
    ['NOT:AN:ADDRESS', 'not:an:address'],
  ])('counts a header that is no address (%s) as its text', (address, key) => {
    expect(clientKey(address)).toBe(key);
  });
});
