/**
 * The deployed Worker's settings, checked as one: the Worker reads them once per isolate (settings/worker.ts),
 * `/healthz` lists the findings, and `npm run preflight -- <environment>` runs the same checks on wrangler.toml
 * before a deploy. Pure functions of the settings' values, with no Worker import, so Node runs them too.
 *
 * Two kinds of mistake (decision record 021):
 * - `refuse`: permanent or unsafe. A wrong site URL is printed into QR codes that people laminate onto stones
 *   and cannot recall; an external service's address on a private network sends secrets where they do not
 *   belong; a guessable token key lets anyone be an operator. The Worker answers every request 503 MISCONFIGURED.
 * - `feature`: one feature cannot work (payments, mail, the imprint outside production, the bot check). It is
 *   switched off or says so; the rest of the site runs and `/healthz` reports `degraded`. The imprint's details
 *   are refused in production: a site in Germany must not open without them.
 * A finding names the setting and the problem, never the value: values may be secrets.
 */

import { isLocalHost, isReservedHost } from '../lib/hosts';
import { mailbox } from '../lib/mailbox';
import { digestSchedule } from './digest';
import { LEGAL_SETTINGS, legalProblem } from './imprint';
import { type PageOption, pageOptionProblems } from './page-options';
import { pushProblems } from './push';

export { isLocalHost, isReservedHost };

export type Severity = 'refuse' | 'feature';

/** What a `feature` finding switches off or leaves incomplete. */
export type Feature = 'payments' | 'mail' | 'replies' | 'legal' | 'creation' | 'health' | 'push' | PageOption;

export interface Finding {
  setting: string;
  severity: Severity;
  /** For `feature` findings: which feature it concerns. */
  feature?: Feature;
  /** What is wrong, in words that never contain the value. */
  problem: string;
}

/** The settings as plain strings: a Worker's `env`, or an environment's vars and secrets from wrangler.toml. */
export type Settings = Partial<Record<string, unknown>>;

/** The secrets the code reads in a deployed environment (wrangler.toml `secrets.required` lists exactly these). */
export const REQUIRED_SECRETS = [
  'OPERATOR_JWT_SECRET',
  'RECAPTCHA_SECRET',
  'RECAPTCHA_SITE_KEY',
  'STRIPE_SECRET_KEY',
  'STRIPE_PUBLISHABLE_KEY',
  'STRIPE_WEBHOOK_SECRET',
  'HEALTH_TOKEN',
] as const;

/** External services' addresses that a deployment may override (tests point them at fakes on 127.0.0.1). */
export const SERVICE_ADDRESSES = ['STRIPE_API_BASE', 'RECAPTCHA_VERIFY_URL', 'RESEND_BASE_URL', 'GEOCODER_URL'] as const;

/** An HS256 key needs at least 256 bits. */
export const MIN_OPERATOR_SECRET_LENGTH = 32;
/** The health token guards the checks behind /healthz's status: as long as a key, so it cannot be guessed. */
export const MIN_HEALTH_TOKEN_LENGTH = 32;

const text = (settings: Settings, name: string): string => {
  const value = settings[name];
  return typeof value === 'string' ? value.trim() : '';
};

/**
 * Only an explicit `ENVIRONMENT = "development"` (set by `npm run dev`, `.dev.vars` and the tests) relaxes what a
 * deployment requires; a missing or misspelt value counts as a deployment, so a missing secret fails closed.
 */
export const isDevelopment = (settings: { ENVIRONMENT?: unknown }) => settings.ENVIRONMENT === 'development';

function parseUrl(value: string): URL | null {
  try {
    return new URL(value);
  } catch {
    return null;
  }
}

function siteUrlProblem(value: string): string | null {
  if (!value) return 'is not set';
  const url = parseUrl(value);
  if (!url) return 'is not a URL';
  if (url.protocol !== 'https:') return 'must start with https://';
  if (url.username || url.password) return 'must not carry a user name or password';
  if ((url.pathname !== '/' && url.pathname !== '') || url.search || url.hash || value.endsWith('/'))
    return 'must be the site origin only (https://host, no path, query or trailing slash)';
  if (isLocalHost(url.hostname)) return 'points at localhost, a loopback or a private address';
  if (isReservedHost(url.hostname)) return 'is a placeholder host (example.*, .example, .test or .invalid)';
  return null;
}

function serviceAddressProblem(value: string): string | null {
  const url = parseUrl(value);
  if (!url) return 'is not a URL';
  if (isLocalHost(url.hostname)) return 'points at localhost, a loopback or a private address';
  if (url.protocol !== 'https:') return 'must start with https:// (it carries API keys and personal data)';
  return null;
}

/** Days without a find before the cron marks a travelling stone missing, when the var is not set. */
export const DEFAULT_MISSING_AFTER_DAYS = 365;

/**
 * `MISSING_AFTER_DAYS` as a number of days: a positive whole number (unset: DEFAULT_MISSING_AFTER_DAYS), else
 * null. A wrong value would mark stones missing that are not, and write their owners a mail: it refuses.
 */
export function missingAfterDays(settings: { MISSING_AFTER_DAYS?: unknown }): number | null {
  const value = typeof settings.MISSING_AFTER_DAYS === 'string' ? settings.MISSING_AFTER_DAYS.trim() : '';
  if (!value) return DEFAULT_MISSING_AFTER_DAYS;
  return /^[1-9]\d{0,5}$/.test(value) ? Number(value) : null;
}

/** Days a finder's photo waits for its owner's decision before the cron deletes it, when the var is not set. */
export const DEFAULT_FIND_PHOTO_PENDING_DAYS = 30;

/**
 * `FIND_PHOTO_PENDING_DAYS` as a number of days: a positive whole number (unset: DEFAULT_FIND_PHOTO_PENDING_DAYS),
 * else null. A wrong value would delete finders' photos their owners may still want to see: it refuses.
 */
export function findPhotoPendingDays(settings: { FIND_PHOTO_PENDING_DAYS?: unknown }): number | null {
  const value = typeof settings.FIND_PHOTO_PENDING_DAYS === 'string' ? settings.FIND_PHOTO_PENDING_DAYS.trim() : '';
  if (!value) return DEFAULT_FIND_PHOTO_PENDING_DAYS;
  return /^[1-9]\d{0,4}$/.test(value) ? Number(value) : null;
}

/** Seconds a share card's render waits after the change that asked for it, when the var is not set. */
export const DEFAULT_SHARE_CARD_DEBOUNCE_SECONDS = 60;

/**
 * `SHARE_CARD_DEBOUNCE_SECONDS` as seconds: a whole number from 0 to 3600 (unset: the default), else null. The
 * renders of a burst of changes coalesce within it; a wrong value would render every change or none for hours:
 * it refuses.
 */
export function shareCardDebounceSeconds(settings: { SHARE_CARD_DEBOUNCE_SECONDS?: unknown }): number | null {
  const value = typeof settings.SHARE_CARD_DEBOUNCE_SECONDS === 'string' ? settings.SHARE_CARD_DEBOUNCE_SECONDS.trim() : '';
  if (!value) return DEFAULT_SHARE_CARD_DEBOUNCE_SECONDS;
  return /^(?:0|[1-9]\d{0,3})$/.test(value) && Number(value) <= 3600 ? Number(value) : null;
}

/** Stripe's test-mode keys: real buyers cannot pay with them. */
const STRIPE_TEST_KEY = /^(?:sk|pk|rk)_test_/;

/**
 * Every finding for a deployed Worker's settings. Development (`ENVIRONMENT = "development"`) has none: it runs
 * on 127.0.0.1 with fakes by design. `ENVIRONMENT = "production"` also refuses Stripe test keys; staging may
 * use them.
 */
export function checkSettings(settings: Settings): Finding[] {
  if (isDevelopment(settings)) return [];
  const findings: Finding[] = [];
  const refuse = (setting: string, problem: string) => findings.push({ setting, severity: 'refuse', problem });
  const feature = (setting: string, area: Feature, problem: string) =>
    findings.push({ setting, severity: 'feature', feature: area, problem });

  const site = siteUrlProblem(text(settings, 'PUBLIC_SITE_URL'));
  if (site) refuse('PUBLIC_SITE_URL', site);

  if (missingAfterDays(settings) === null) refuse('MISSING_AFTER_DAYS', 'is not a positive whole number of days');
  if (findPhotoPendingDays(settings) === null) refuse('FIND_PHOTO_PENDING_DAYS', 'is not a positive whole number of days');
  if (shareCardDebounceSeconds(settings) === null) refuse('SHARE_CARD_DEBOUNCE_SECONDS', 'is not a whole number of seconds from 0 to 3600');
  if (!digestSchedule({ DIGEST_HOUR: settings.DIGEST_HOUR })) refuse('DIGEST_HOUR', 'is not a whole hour from 0 to 23');
  if (!digestSchedule({ DIGEST_WEEKDAY: settings.DIGEST_WEEKDAY })) refuse('DIGEST_WEEKDAY', 'is not a weekday from 1 (Monday) to 7');

  for (const name of SERVICE_ADDRESSES) {
    const value = text(settings, name);
    const problem = value ? serviceAddressProblem(value) : null;
    if (problem) refuse(name, problem);
  }

  const operatorSecret = text(settings, 'OPERATOR_JWT_SECRET');
  if (!operatorSecret) refuse('OPERATOR_JWT_SECRET', 'is not set');
  else if (operatorSecret.length < MIN_OPERATOR_SECRET_LENGTH)
    refuse('OPERATOR_JWT_SECRET', `is shorter than ${MIN_OPERATOR_SECRET_LENGTH} characters`);

  const stripeSecret = text(settings, 'STRIPE_SECRET_KEY');
  const stripePublishable = text(settings, 'STRIPE_PUBLISHABLE_KEY');
  const stripeWebhook = text(settings, 'STRIPE_WEBHOOK_SECRET');
  if (!stripeSecret) feature('STRIPE_SECRET_KEY', 'payments', 'is not set: paid stones are unavailable');
  else {
    if (!stripePublishable)
      feature('STRIPE_PUBLISHABLE_KEY', 'payments', 'is not set while STRIPE_SECRET_KEY is: paid stones are unavailable');
    if (!stripeWebhook)
      feature(
        'STRIPE_WEBHOOK_SECRET',
        'payments',
        'is not set while STRIPE_SECRET_KEY is: the webhook answers 503 and paid stones are unavailable',
      );
  }
  if (!stripeSecret && stripePublishable) feature('STRIPE_PUBLISHABLE_KEY', 'payments', 'is set without STRIPE_SECRET_KEY');
  if (settings.ENVIRONMENT === 'production') {
    for (const [name, value] of [
      ['STRIPE_SECRET_KEY', stripeSecret],
      ['STRIPE_PUBLISHABLE_KEY', stripePublishable],
    ] as const) {
      if (STRIPE_TEST_KEY.test(value)) feature(name, 'payments', 'is a Stripe test-mode key in production: paid stones are unavailable');
    }
  }

  const transport = text(settings, 'MAIL_TRANSPORT');
  if (transport === 'development') feature('MAIL_TRANSPORT', 'mail', '"development" keeps mail instead of sending it: no mail is sent');
  else if (transport === 'resend' && !text(settings, 'RESEND_API_KEY'))
    feature('RESEND_API_KEY', 'mail', 'is not set while MAIL_TRANSPORT is "resend": no mail is sent');
  else if (transport !== 'cloudflare' && transport !== 'resend')
    feature('MAIL_TRANSPORT', 'mail', 'is none of "cloudflare", "resend": no mail is sent');
  const mailProblem = (name: string) => {
    const address = mailbox(text(settings, name)).addr;
    const host = address.split('@')[1] ?? '';
    if (!host) return 'is not a mail address';
    return isReservedHost(host) || isLocalHost(host) ? 'is on a placeholder or local domain' : null;
  };
  const from = mailProblem('MAIL_FROM');
  if (from) feature('MAIL_FROM', 'mail', `${from}: no mail is sent`);
  const replyTo = mailProblem('MAIL_REPLY_TO');
  if (replyTo) feature('MAIL_REPLY_TO', 'replies', `${replyTo}: replies to the site's mails go nowhere`);

  for (const name of LEGAL_SETTINGS) {
    const problem = legalProblem(name, text(settings, name));
    if (!problem) continue;
    // A German site must name who runs it (§ 5 DDG): production does not open without it, staging shows markers.
    if (settings.ENVIRONMENT === 'production') refuse(name, `${problem}: a site in Germany must carry an imprint`);
    else feature(name, 'legal', `${problem}: the imprint and privacy notice show a red placeholder`);
  }

  if (!text(settings, 'RECAPTCHA_SECRET')) feature('RECAPTCHA_SECRET', 'creation', 'is not set: creating stones is refused (503)');
  if (!text(settings, 'RECAPTCHA_SITE_KEY')) feature('RECAPTCHA_SITE_KEY', 'creation', 'is not set: browsers cannot pass the bot check');

  const healthToken = text(settings, 'HEALTH_TOKEN');
  if (!healthToken) feature('HEALTH_TOKEN', 'health', 'is not set: /healthz shows its status only, nobody sees its checks');
  else if (healthToken.length < MIN_HEALTH_TOKEN_LENGTH)
    feature('HEALTH_TOKEN', 'health', `is shorter than ${MIN_HEALTH_TOKEN_LENGTH} characters: nobody sees /healthz's checks`);

  for (const { setting, problem } of pushProblems(settings)) feature(setting, 'push', problem);
  for (const { setting, option, problem } of pageOptionProblems(settings)) feature(setting, option, problem);

  return findings;
}

/** Whether the findings switch off a feature. */
export const disables = (findings: readonly Finding[], area: Feature) =>
  findings.some((finding) => finding.severity === 'feature' && finding.feature === area);
