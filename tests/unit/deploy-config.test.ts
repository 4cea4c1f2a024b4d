import { describe, expect, it } from 'vitest';
import { busyMs, parseUpload } from '../../scripts/deploy/budgets';
import {
  ENVIRONMENTS,
  type EnvironmentName,
  environmentProblems,
  readWranglerToml,
  requiredSecrets,
  settingFindings,
  sharedResourceProblems,
} from '../../scripts/deploy/environments';
import { REQUIRED_SECRETS } from '../../src/worker/settings/checks';

type Table = Record<string, unknown>;

/** wrangler.toml as parsed, deep-copied so a test can break one thing in it. */
const fresh = (): Table => structuredClone(readWranglerToml());
const section = (config: Table, name: EnvironmentName) => (config.env as Record<string, Table>)[name] as Table;
const structure = (config: Table, name: EnvironmentName) =>
  [...environmentProblems(config, name), ...sharedResourceProblems(config)].filter((p) => p.kind === 'structure').map((p) => p.message);

describe('the deployed environments in wrangler.toml', () => {
  it.each(ENVIRONMENTS)('%s repeats everything it needs and shares nothing with another environment', (name) => {
    expect(structure(fresh(), name)).toEqual([]);
  });

  it.each(ENVIRONMENTS)('%s names exactly the secrets the code reads', (name) => {
    expect(requiredSecrets(fresh(), name).sort()).toEqual([...REQUIRED_SECRETS].sort());
  });

  it.each(ENVIRONMENTS)('%s is still a placeholder, which only a real deploy refuses', (name) => {
    const config = fresh();
    expect(environmentProblems(config, name).filter((p) => p.kind === 'placeholder').length).toBeGreaterThan(0);
    // Production also waits for its imprint; staging may go without.
    const imprint = name === 'production' ? ['LEGAL_NAME', 'LEGAL_ADDRESS', 'LEGAL_EMAIL'] : [];
    expect(
      settingFindings(config, name)
        .filter((f) => f.severity === 'refuse')
        .map((f) => f.setting),
    ).toEqual(['PUBLIC_SITE_URL', ...imprint]);
  });

  it('production has a cron and staging another schedule', () => {
    const config = fresh();
    expect(section(config, 'production').triggers).toEqual({ crons: ['*/5 * * * *'] });
    expect((section(config, 'staging').triggers as { crons: string[] }).crons).not.toContain('*/5 * * * *');
  });

  const env = (c: Table, name: EnvironmentName) => section(c, name);
  const vars = (c: Table, name: EnvironmentName) => section(c, name).vars as Table;
  const limits = (c: Table, name: EnvironmentName) => section(c, name).ratelimits as Array<Table & { simple: Table }>;
  const breakages: Array<[string, EnvironmentName, (config: Table) => void, RegExp]> = [
    [
      'a missing binding',
      'production',
      (c) => {
        env(c, 'production').r2_buckets = [];
      },
      /does not repeat the r2_buckets binding PHOTOS/,
    ],
    [
      'a missing rate limiter',
      'staging',
      (c) => {
        env(c, 'staging').ratelimits = limits(c, 'staging').slice(1);
      },
      /does not repeat the ratelimits binding CREATE_STONE_LIMIT/,
    ],
    [
      'a missing var',
      'production',
      (c) => {
        delete vars(c, 'production').GEOCODER_URL;
      },
      /lacks GEOCODER_URL/,
    ],
    [
      'routes inherited',
      'staging',
      (c) => {
        delete env(c, 'staging').routes;
      },
      /needs its own routes/,
    ],
    [
      'a route on another host than the site',
      'production',
      (c) => {
        env(c, 'production').routes = [{ pattern: 'other.de', custom_domain: true }];
      },
      /custom domain for the host of PUBLIC_SITE_URL/,
    ],
    [
      'workers.dev on',
      'production',
      (c) => {
        env(c, 'production').workers_dev = true;
      },
      /workers_dev = false/,
    ],
    [
      'preview URLs inherited',
      'production',
      (c) => {
        delete env(c, 'production').preview_urls;
      },
      /preview_urls = false/,
    ],
    [
      'triggers inherited',
      'staging',
      (c) => {
        delete env(c, 'staging').triggers;
      },
      /its own triggers/,
    ],
    [
      'invocation logs on',
      'production',
      (c) => {
        ((env(c, 'production').observability as Table).logs as Table).invocation_logs = true;
      },
      /invocation_logs = false/,
    ],
    [
      'a secret left out of secrets.required',
      'production',
      (c) => {
        (env(c, 'production').secrets as Table).required = ['OPERATOR_JWT_SECRET'];
      },
      /required lacks STRIPE_WEBHOOK_SECRET/,
    ],
    [
      'a rate limit other than the code states',
      'production',
      (c) => {
        (limits(c, 'production')[0] as { simple: Table }).simple.limit = 500;
      },
      /is not 5 per 60 s/,
    ],
    [
      'a rate limiter counter shared with staging',
      'production',
      (c) => {
        (limits(c, 'production')[0] as Table).namespace_id = limits(c, 'staging')[0]?.namespace_id;
      },
      /share the rate limiter namespace_id/,
    ],
    [
      "staging's database",
      'production',
      (c) => {
        ((env(c, 'production').d1_databases as Table[])[0] as Table).database_name = 'reisesteine-staging';
      },
      /share the D1 database reisesteine-staging/,
    ],
    [
      'a sender the binding does not allow',
      'production',
      (c) => {
        vars(c, 'production').MAIL_FROM = 'Reisesteine <post@other.de>';
      },
      /allowed_sender_addresses must include/,
    ],
    [
      'a wrong ENVIRONMENT',
      'staging',
      (c) => {
        vars(c, 'staging').ENVIRONMENT = 'production';
      },
      /ENVIRONMENT must be "staging"/,
    ],
  ];

  it.each(breakages)('finds %s', (_, name, breakIt, message) => {
    const config = fresh();
    breakIt(config);
    expect(structure(config, name).join('\n')).toMatch(message);
  });
});

describe('the deploy budgets', () => {
  it('reads the upload from wrangler deploy --dry-run', () => {
    expect(parseUpload('…\nTotal Upload: 2789.28 KiB / gzip: 568.63 KiB\nYour Worker has access to…')).toEqual({
      totalKiB: 2789.28,
      gzipKiB: 568.63,
    });
    expect(parseUpload('no such line')).toBeNull();
  });

  it("counts a startup profile's busy time and leaves out the idle samples", () => {
    const profile = {
      nodes: [
        { id: 1, callFrame: { functionName: '(root)' } },
        { id: 2, callFrame: { functionName: '(idle)' } },
        { id: 3, callFrame: { functionName: 'provideMessages' } },
        { id: 4, callFrame: { functionName: '(garbage collector)' } },
      ],
      samples: [2, 3, 3, 4, 2],
      timeDeltas: [50_000, 10_000, 12_000, 3_000, 40_000],
    };
    expect(busyMs(profile)).toBe(25);
  });
});
