import { describe, expect, it } from 'vitest';
import {
  checkSettings,
  type Finding,
  findPhotoPendingDays,
  isLocalHost,
  isReservedHost,
  missingAfterDays,
  shareCardDebounceSeconds,
} from '../../src/worker/settings/checks';
import { legalProblem } from '../../src/worker/settings/imprint';
import { developerPageIndexed } from '../../src/worker/settings/page-options';

/** A production configuration the check finds nothing against. */
const GOOD = {
  ENVIRONMENT: 'production',
  PUBLIC_SITE_URL: 'https://reisesteine.de',
  OPERATOR_JWT_SECRET: 'k'.repeat(48),
  RECAPTCHA_SECRET: 'recaptcha-secret',
  RECAPTCHA_SITE_KEY: 'recaptcha-site-key',
  STRIPE_SECRET_KEY: 'sk_live_abc',
  STRIPE_PUBLISHABLE_KEY: 'pk_live_abc',
  STRIPE_WEBHOOK_SECRET: 'whsec_abc',
  MAIL_TRANSPORT: 'cloudflare',
  MAIL_FROM: 'Reisesteine <post@reisesteine.de>',
  MAIL_REPLY_TO: 'hallo@reisesteine.de',
  RESEND_BASE_URL: 'https://api.resend.com',
  GEOCODER_URL: 'https://nominatim.openstreetmap.org',
  MISSING_AFTER_DAYS: '365',
  FIND_PHOTO_PENDING_DAYS: '30',
  LEGAL_NAME: 'Anna Beispiel',
  LEGAL_ADDRESS: 'Hauptstraße 1|24103 Kiel',
  LEGAL_EMAIL: 'impressum@reisesteine.de',
  HEALTH_TOKEN: 'h'.repeat(32),
  VAPID_PUBLIC_KEY: `B${'A'.repeat(86)}`,
  VAPID_PRIVATE_KEY: 'k'.repeat(43),
  VAPID_SUBJECT: 'mailto:betrieb@reisesteine.de',
};

const refused = (findings: Finding[]) => findings.filter((f) => f.severity === 'refuse').map((f) => f.setting);
const degraded = (findings: Finding[]) => findings.filter((f) => f.severity === 'feature').map((f) => f.setting);

describe('checkSettings', () => {
  it('finds nothing in a complete production configuration', () => {
    expect(checkSettings(GOOD)).toEqual([]);
  });

  it('checks nothing in development, which runs on 127.0.0.1 with fakes by design', () => {
    expect(checkSettings({ ENVIRONMENT: 'development', PUBLIC_SITE_URL: 'http://127.0.0.1:8787' })).toEqual([]);
  });

  it('treats a missing or misspelt ENVIRONMENT as a deployment', () => {
    for (const ENVIRONMENT of [undefined, 'Development', 'dev', '']) {
      expect(refused(checkSettings({ ...GOOD, ENVIRONMENT, PUBLIC_SITE_URL: 'http://127.0.0.1:8787' }))).toContain('PUBLIC_SITE_URL');
    }
  });

  it.each([
    ['http://reisesteine.de', 'https://'],
    ['reisesteine.de', 'not a URL'],
    ['', 'not set'],
    ['https://localhost', 'localhost'],
    ['https://127.0.0.1:8787', 'loopback'],
    ['https://2130706433', 'loopback'],
    ['https://10.1.2.3', 'private'],
    ['https://172.20.0.1', 'private'],
    ['https://192.168.178.1', 'private'],
    ['https://169.254.1.1', 'private'],
    ['https://100.64.0.1', 'private'],
    ['https://[::1]', 'loopback'],
    ['https://[fd00::1]', 'private'],
    ['https://[fe80::1]', 'private'],
    ['https://[::ffff:127.0.0.1]', 'loopback'],
    ['https://[::ffff:c0a8:101]', 'private'],
    ['https://nas', 'private'],
    ['https://stones.local', 'private'],
    ['https://reisesteine.example', 'placeholder'],
    ['https://staging.reisesteine.example', 'placeholder'],
    ['https://example.com', 'placeholder'],
    ['https://www.example.org', 'placeholder'],
    ['https://reisesteine.test', 'placeholder'],
    ['https://reisesteine.invalid', 'placeholder'],
    ['https://reisesteine.de/', 'origin only'],
    ['https://reisesteine.de/steine', 'origin only'],
    ['https://reisesteine.de?x=1', 'origin only'],
    ['https://user:pw@reisesteine.de', 'user name'],
  ])('refuses PUBLIC_SITE_URL %s (%s), naming the setting and never its value', (value, why) => {
    const findings = checkSettings({ ...GOOD, PUBLIC_SITE_URL: value });
    expect(refused(findings)).toEqual(['PUBLIC_SITE_URL']);
    const problem = findings[0]?.problem ?? '';
    expect(problem).toContain(why);
    if (value) expect(JSON.stringify(findings)).not.toContain(value);
  });

  it.each(['https://reisesteine.de', 'https://www.reisesteine.de', 'https://steine.example-family.de', 'https://reisesteine.de:443'])(
    'accepts the public origin %s',
    (value) => {
      expect(checkSettings({ ...GOOD, PUBLIC_SITE_URL: value })).toEqual([]);
    },
  );

  it.each(['STRIPE_API_BASE', 'RECAPTCHA_VERIFY_URL', 'RESEND_BASE_URL', 'GEOCODER_URL'])(
    'refuses %s pointing at localhost, a private address or plain http',
    (name) => {
      for (const value of [
        'http://127.0.0.1:12111',
        'https://localhost:8443',
        'https://10.0.0.5',
        'https://[::1]:9000',
        'http://api.example-service.com',
      ]) {
        expect(refused(checkSettings({ ...GOOD, [name]: value }))).toEqual([name]);
      }
      expect(checkSettings({ ...GOOD, [name]: 'https://api.service.com' })).toEqual([]);
    },
  );

  it.each(['0', '-3', '1.5', '365 days', 'x', '1e3', '9999999'])('refuses MISSING_AFTER_DAYS %j, naming it', (value) => {
    const findings = checkSettings({ ...GOOD, MISSING_AFTER_DAYS: value });
    expect(refused(findings)).toEqual(['MISSING_AFTER_DAYS']);
    expect(findings[0]?.problem).toBe('is not a positive whole number of days');
  });

  it('reads MISSING_AFTER_DAYS as days, 365 when it is not set', () => {
    expect(missingAfterDays({ MISSING_AFTER_DAYS: ' 30 ' })).toBe(30);
    expect(missingAfterDays({})).toBe(365);
    expect(missingAfterDays({ MISSING_AFTER_DAYS: '0' })).toBeNull();
    expect(checkSettings({ ...GOOD, MISSING_AFTER_DAYS: undefined })).toEqual([]);
  });

  it.each(['0', '-3', '1.5', '30 days', 'x', '1e3', '999999'])('refuses FIND_PHOTO_PENDING_DAYS %j, naming it', (value) => {
    const findings = checkSettings({ ...GOOD, FIND_PHOTO_PENDING_DAYS: value });
    expect(refused(findings)).toEqual(['FIND_PHOTO_PENDING_DAYS']);
    expect(findings[0]?.problem).toBe('is not a positive whole number of days');
  });

  it('reads FIND_PHOTO_PENDING_DAYS as days, 30 when it is not set', () => {
    expect(findPhotoPendingDays({ FIND_PHOTO_PENDING_DAYS: ' 14 ' })).toBe(14);
    expect(findPhotoPendingDays({})).toBe(30);
    expect(findPhotoPendingDays({ FIND_PHOTO_PENDING_DAYS: '0' })).toBeNull();
    expect(checkSettings({ ...GOOD, FIND_PHOTO_PENDING_DAYS: undefined })).toEqual([]);
  });

  it.each(['-1', '1.5', '60s', 'x', '3601', '0060', '99999'])('refuses SHARE_CARD_DEBOUNCE_SECONDS %j, naming it', (value) => {
    const findings = checkSettings({ ...GOOD, SHARE_CARD_DEBOUNCE_SECONDS: value });
    expect(refused(findings)).toEqual(['SHARE_CARD_DEBOUNCE_SECONDS']);
    expect(findings[0]?.problem).toBe('is not a whole number of seconds from 0 to 3600');
  });

  it('reads SHARE_CARD_DEBOUNCE_SECONDS as seconds, 60 when it is not set, 0 allowed', () => {
    expect(shareCardDebounceSeconds({ SHARE_CARD_DEBOUNCE_SECONDS: ' 90 ' })).toBe(90);
    expect(shareCardDebounceSeconds({ SHARE_CARD_DEBOUNCE_SECONDS: '0' })).toBe(0);
    expect(shareCardDebounceSeconds({ SHARE_CARD_DEBOUNCE_SECONDS: '3600' })).toBe(3600);
    expect(shareCardDebounceSeconds({})).toBe(60);
    expect(checkSettings({ ...GOOD, SHARE_CARD_DEBOUNCE_SECONDS: '0' })).toEqual([]);
  });

  it('refuses a missing or short OPERATOR_JWT_SECRET', () => {
    expect(refused(checkSettings({ ...GOOD, OPERATOR_JWT_SECRET: undefined }))).toEqual(['OPERATOR_JWT_SECRET']);
    expect(refused(checkSettings({ ...GOOD, OPERATOR_JWT_SECRET: 'x'.repeat(31) }))).toEqual(['OPERATOR_JWT_SECRET']);
    expect(checkSettings({ ...GOOD, OPERATOR_JWT_SECRET: 'x'.repeat(32) })).toEqual([]);
  });

  it('switches payments off when they are half configured, without refusing the site', () => {
    for (const missing of ['STRIPE_WEBHOOK_SECRET', 'STRIPE_PUBLISHABLE_KEY']) {
      const findings = checkSettings({ ...GOOD, [missing]: undefined });
      expect(refused(findings)).toEqual([]);
      expect(findings).toEqual([expect.objectContaining({ setting: missing, severity: 'feature', feature: 'payments' })]);
    }
    expect(degraded(checkSettings({ ...GOOD, STRIPE_SECRET_KEY: undefined }))).toEqual(['STRIPE_SECRET_KEY', 'STRIPE_PUBLISHABLE_KEY']);
  });

  it('switches payments off for Stripe test keys in production, and allows them in staging', () => {
    const test = { STRIPE_SECRET_KEY: 'sk_test_abc', STRIPE_PUBLISHABLE_KEY: 'pk_test_abc' };
    expect(degraded(checkSettings({ ...GOOD, ...test }))).toEqual(['STRIPE_SECRET_KEY', 'STRIPE_PUBLISHABLE_KEY']);
    expect(checkSettings({ ...GOOD, ...test, ENVIRONMENT: 'staging' })).toEqual([]);
  });

  it('switches mail off for a sender on a placeholder domain or a transport that cannot send', () => {
    for (const MAIL_FROM of ['Reisesteine <post@reisesteine.example>', 'post@example.com', 'post@localhost', 'no address']) {
      expect(checkSettings({ ...GOOD, MAIL_FROM })).toEqual([expect.objectContaining({ setting: 'MAIL_FROM', feature: 'mail' })]);
    }
    expect(checkSettings({ ...GOOD, MAIL_TRANSPORT: 'development' })).toEqual([
      expect.objectContaining({ setting: 'MAIL_TRANSPORT', feature: 'mail' }),
    ]);
    expect(checkSettings({ ...GOOD, MAIL_TRANSPORT: 'resend' })).toEqual([
      expect.objectContaining({ setting: 'RESEND_API_KEY', feature: 'mail' }),
    ]);
    expect(checkSettings({ ...GOOD, MAIL_TRANSPORT: 'resend', RESEND_API_KEY: 're_abc' })).toEqual([]);
    expect(checkSettings({ ...GOOD, MAIL_REPLY_TO: 'hallo@reisesteine.example' })).toEqual([
      expect.objectContaining({ setting: 'MAIL_REPLY_TO', feature: 'replies' }),
    ]);
  });

  it("reports a missing or short health token: /healthz's checks stay closed, its status still answers", () => {
    for (const token of [undefined, ' ', 'h'.repeat(31)]) {
      expect(checkSettings({ ...GOOD, HEALTH_TOKEN: token })).toEqual([
        expect.objectContaining({ setting: 'HEALTH_TOKEN', severity: 'feature', feature: 'health' }),
      ]);
    }
  });

  it("refuses production without the imprint's operator details, and reports them on staging", () => {
    const withoutImprint = { ...GOOD, LEGAL_NAME: '', LEGAL_ADDRESS: ' ', LEGAL_EMAIL: undefined };
    expect(refused(checkSettings(withoutImprint))).toEqual(['LEGAL_NAME', 'LEGAL_ADDRESS', 'LEGAL_EMAIL']);
    expect(degraded(checkSettings({ ...withoutImprint, ENVIRONMENT: 'staging' }))).toEqual(['LEGAL_NAME', 'LEGAL_ADDRESS', 'LEGAL_EMAIL']);
    expect(refused(checkSettings({ ...withoutImprint, ENVIRONMENT: 'staging' }))).toEqual([]);
  });

  it("takes a template's stand-ins for no imprint: brackets, TODO, the sample names, a placeholder mail domain", () => {
    for (const [name, value] of [
      ['LEGAL_NAME', '[Name]'],
      ['LEGAL_NAME', '<Betreiber>'],
      ['LEGAL_NAME', 'Max Mustermann'],
      ['LEGAL_NAME', 'TODO'],
      ['LEGAL_ADDRESS', 'Musterstraße 1|12345 Musterstadt'],
      ['LEGAL_EMAIL', 'impressum@reisesteine.example'],
      ['LEGAL_EMAIL', 'kein Postfach'],
    ] as const) {
      expect(legalProblem(name, value), value).not.toBeNull();
      expect(refused(checkSettings({ ...GOOD, [name]: value })), value).toEqual([name]);
    }
    for (const [name, value] of [
      ['LEGAL_NAME', 'Anna Beispiel'],
      ['LEGAL_NAME', 'Reisesteine (Anna Beispiel)'],
      ['LEGAL_ADDRESS', 'Musterweg 1|24103 Kiel'],
      ['LEGAL_EMAIL', 'Impressum <impressum@reisesteine.de>'],
    ] as const) {
      expect(legalProblem(name, value), value).toBeNull();
    }
  });

  it("reports the bot check's missing keys", () => {
    expect(degraded(checkSettings({ ...GOOD, RECAPTCHA_SECRET: undefined, RECAPTCHA_SITE_KEY: undefined }))).toEqual([
      'RECAPTCHA_SECRET',
      'RECAPTCHA_SITE_KEY',
    ]);
  });

  it('reads DEVELOPER_PAGE_INDEXED as true or false, and reports anything else: the page stays out of search results', () => {
    for (const [value, indexed] of [
      [undefined, false],
      ['', false],
      ['false', false],
      [' true ', true],
      ['yes', null],
      ['TRUE', null],
      ['1', null],
    ] as const) {
      expect(developerPageIndexed({ DEVELOPER_PAGE_INDEXED: value }), String(value)).toBe(indexed);
      expect(checkSettings({ ...GOOD, DEVELOPER_PAGE_INDEXED: value }), String(value)).toEqual(
        indexed === null ? [expect.objectContaining({ setting: 'DEVELOPER_PAGE_INDEXED', severity: 'feature', feature: 'indexing' })] : [],
      );
    }
  });

  it('never repeats a secret value in a finding', () => {
    const secrets = {
      OPERATOR_JWT_SECRET: 'short-secret-value',
      STRIPE_SECRET_KEY: 'sk_test_supersecret',
      STRIPE_PUBLISHABLE_KEY: 'pk_test_visible',
    };
    const text = JSON.stringify(checkSettings({ ...GOOD, ...secrets }));
    for (const value of Object.values(secrets)) expect(text).not.toContain(value);
  });
});

describe('host classes', () => {
  it('knows local and reserved hosts apart from public ones', () => {
    expect(['localhost', 'app.localhost', '127.1.2.3', '::1', '[::1]', '0.0.0.0', 'printer.lan'].every(isLocalHost)).toBe(true);
    expect(['reisesteine.de', '8.8.8.8', '2001:4860::8888', 'example.de.com'].some(isLocalHost)).toBe(false);
    expect(['example.com', 'a.example.net', 'x.example', 'site.test', 'site.invalid'].every(isReservedHost)).toBe(true);
    expect(['reisesteine.de', 'examples.com', 'myexample.com', 'test.de'].some(isReservedHost)).toBe(false);
  });
});
