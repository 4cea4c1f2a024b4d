// The deployed environments of wrangler.toml (`[env.staging]`, `[env.production]`), checked before anything is
// built or uploaded: by `npm run preflight`, by `npm run deploy` (and its dry run, which `npm test` runs) and by
// the unit tests. Pure functions of the file's text; nothing here needs an account.
import { readFileSync } from 'node:fs';
import { parse } from 'smol-toml';
import { mailbox } from '../../src/worker/lib/mailbox';
import { RATE_LIMITS } from '../../src/worker/lib/rate-limit';
import { checkSettings, type Finding, isReservedHost, REQUIRED_SECRETS } from '../../src/worker/settings/checks';

export const ENVIRONMENTS = ['staging', 'production'] as const;
export type EnvironmentName = (typeof ENVIRONMENTS)[number];

export const isEnvironmentName = (name: string | undefined): name is EnvironmentName => ENVIRONMENTS.includes(name as EnvironmentName);

export type Table = Record<string, unknown>;
export const table = (value: unknown): Table => (value && typeof value === 'object' && !Array.isArray(value) ? (value as Table) : {});
export const list = (value: unknown): Table[] => (Array.isArray(value) ? value.map(table) : []);
const strings = (value: unknown): string[] => (Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : []);

export function readWranglerToml(path = 'wrangler.toml'): Table {
  return parse(readFileSync(path, 'utf8')) as Table;
}

/** What a check found: `structure` breaks the deploy config itself; `placeholder` is a value still to be filled in. */
export interface Problem {
  kind: 'structure' | 'placeholder';
  message: string;
}

/** Binding kinds a named environment does not inherit (Wrangler's "non-inheritable keys"): each must be repeated. */
const BINDING_KINDS: Array<[label: string, read: (section: Table) => string[]]> = [
  ['d1_databases', (s) => list(s.d1_databases).map((b) => String(b.binding))],
  ['r2_buckets', (s) => list(s.r2_buckets).map((b) => String(b.binding))],
  ['kv_namespaces', (s) => list(s.kv_namespaces).map((b) => String(b.binding))],
  ['send_email', (s) => list(s.send_email).map((b) => String(b.name))],
  ['queues.producers', (s) => list(table(s.queues).producers).map((b) => String(b.binding))],
  // A consumer names its own environment's queue: what must be repeated is that there is one.
  ['queues.consumers', (s) => list(table(s.queues).consumers).map(() => 'for the mail queue')],
  ['ratelimits', (s) => list(s.ratelimits).map((b) => String(b.name))],
];

/** A Cloudflare resource id that was never filled in (the repository carries zeros until `wrangler … create`). */
/** A resource id still to be filled in: the zeros wrangler.toml carries until the resource is made. */
export const UNSET_ID = /^0+(?:-0+)*$/;

/** The host a route pattern serves (`reisesteine.de`, `reisesteine.de/*`). */
const routeHost = (pattern: string) =>
  pattern
    .replace(/^https?:\/\//, '')
    .split('/')[0]
    ?.split(':')[0] ?? '';

/**
 * The problems of one environment's section: every binding of the local default repeated, every var given,
 * its own explicit custom domain (the host of PUBLIC_SITE_URL), no workers.dev or preview URLs in production,
 * explicit triggers, observability on without invocation logs (owner tokens are in paths), `secrets.required`
 * naming exactly the secrets the code reads, the rate limits as the code states them, resources of its own.
 */
export function environmentProblems(config: Table, name: EnvironmentName): Problem[] {
  const problems: Problem[] = [];
  const structure = (message: string) => problems.push({ kind: 'structure', message });
  const placeholder = (message: string) => problems.push({ kind: 'placeholder', message });
  const env = table(table(config.env)[name]);
  if (Object.keys(env).length === 0) return [{ kind: 'structure', message: `wrangler.toml has no [env.${name}] section` }];

  if (typeof env.name !== 'string' || env.name === config.name) structure(`[env.${name}] needs a Worker name of its own`);

  for (const [kind, read] of BINDING_KINDS) {
    const own = new Set(read(env));
    for (const binding of read(config)) if (!own.has(binding)) structure(`[env.${name}] does not repeat the ${kind} binding ${binding}`);
  }

  const vars = table(env.vars);
  for (const key of Object.keys(table(config.vars))) if (!(key in vars)) structure(`[env.${name}.vars] lacks ${key}`);
  if (vars.ENVIRONMENT !== name) structure(`[env.${name}.vars] ENVIRONMENT must be "${name}"`);

  if (!('routes' in env)) structure(`[env.${name}] needs its own routes: one inherited from elsewhere would take that domain over`);
  const routes = list(env.routes);
  const site = typeof vars.PUBLIC_SITE_URL === 'string' ? vars.PUBLIC_SITE_URL : '';
  const siteHost = URL.canParse(site) ? new URL(site).hostname : '';
  if (!routes.some((route) => route.custom_domain === true && routeHost(String(route.pattern)) === siteHost))
    structure(`[env.${name}] routes need a custom domain for the host of PUBLIC_SITE_URL`);
  for (const route of routes) {
    const host = routeHost(String(route.pattern));
    if (isReservedHost(host)) placeholder(`[env.${name}] route ${host} is a placeholder: set the site's domain`);
  }

  if (env.workers_dev !== false) structure(`[env.${name}] must set workers_dev = false (the site lives on its own domain)`);
  if (name === 'production' && env.preview_urls !== false) structure('[env.production] must set preview_urls = false');
  if (!('triggers' in env)) structure(`[env.${name}] needs its own triggers (a cron inherited from another environment runs there too)`);

  const observability = table(env.observability);
  const logs = table(observability.logs);
  if (observability.enabled !== true) structure(`[env.${name}.observability] must be enabled`);
  if (logs.invocation_logs !== false)
    structure(`[env.${name}.observability.logs] must set invocation_logs = false: they would record owner links' tokens`);

  const required = new Set(strings(table(env.secrets).required));
  const expected = new Set<string>([...REQUIRED_SECRETS, ...(vars.MAIL_TRANSPORT === 'resend' ? ['RESEND_API_KEY'] : [])]);
  for (const secret of expected) if (!required.has(secret)) structure(`[env.${name}.secrets] required lacks ${secret}`);
  for (const secret of required)
    if (!expected.has(secret)) structure(`[env.${name}.secrets] required names ${secret}, which the code does not read there`);

  for (const rule of Object.values(RATE_LIMITS)) {
    const limit = list(env.ratelimits).find((r) => r.name === rule.binding);
    const simple = table(limit?.simple);
    if (limit && (simple.limit !== rule.limit || simple.period !== rule.period))
      structure(`[env.${name}] rate limit ${rule.binding} is not ${rule.limit} per ${rule.period} s (src/worker/lib/rate-limit.ts)`);
  }

  const producer = list(table(env.queues).producers).find((q) => q.binding === 'EMAIL_QUEUE');
  const consumer = list(table(env.queues).consumers)[0];
  if (producer && consumer && producer.queue !== consumer.queue) structure(`[env.${name}] consumes another queue than it produces to`);

  const sender = list(env.send_email).find((b) => b.name === 'SEND_EMAIL');
  const from = typeof vars.MAIL_FROM === 'string' ? mailbox(vars.MAIL_FROM).addr : '';
  if (sender && !strings(sender.allowed_sender_addresses).includes(from))
    structure(`[env.${name}] send_email allowed_sender_addresses must include the address of MAIL_FROM`);

  for (const db of list(env.d1_databases)) {
    if (db.migrations_dir !== 'migrations') structure(`[env.${name}] D1 ${db.binding} must use migrations_dir = "migrations"`);
    if (UNSET_ID.test(String(db.database_id ?? '0')))
      placeholder(`[env.${name}] D1 ${db.database_name} has no database_id yet (npx wrangler d1 create ${db.database_name})`);
  }
  for (const kv of list(env.kv_namespaces)) {
    if (UNSET_ID.test(String(kv.id ?? '0')))
      placeholder(`[env.${name}] KV ${kv.binding} has no id yet (npx wrangler kv namespace create ${kv.binding} --env ${name})`);
  }
  return problems;
}

/** Problems across the environments: no two share a Worker, a resource or a rate limiter's counter. */
export function sharedResourceProblems(config: Table): Problem[] {
  const problems: Problem[] = [];
  const seen = new Map<string, string>();
  const claim = (what: string, owner: string) => {
    const other = seen.get(what);
    if (other && other !== owner) problems.push({ kind: 'structure', message: `${owner} and ${other} share ${what}` });
    seen.set(what, owner);
  };
  const sections: Array<[string, Table]> = [
    ['the local default', config],
    ...ENVIRONMENTS.map((n) => [`[env.${n}]`, table(table(config.env)[n])] as [string, Table]),
  ];
  for (const [owner, section] of sections) {
    claim(`the Worker name ${String(section.name)}`, owner);
    for (const db of list(section.d1_databases)) claim(`the D1 database ${String(db.database_name)}`, owner);
    for (const bucket of list(section.r2_buckets)) claim(`the R2 bucket ${String(bucket.bucket_name)}`, owner);
    for (const queue of list(table(section.queues).producers)) claim(`the queue ${String(queue.queue)}`, owner);
    for (const limit of list(section.ratelimits)) claim(`the rate limiter namespace_id ${String(limit.namespace_id)}`, owner);
    // Ids still zero are placeholders, reported per environment, not a sharing.
    for (const kv of list(section.kv_namespaces))
      if (!UNSET_ID.test(String(kv.id ?? '0'))) claim(`the KV namespace ${String(kv.id)}`, owner);
    for (const db of list(section.d1_databases))
      if (!UNSET_ID.test(String(db.database_id ?? '0'))) claim(`the D1 database id ${String(db.database_id)}`, owner);
  }
  return problems;
}

/** The environment's vars as the Worker will see them, with every required secret present (its value unknown here). */
export function settingsOf(config: Table, name: EnvironmentName, secrets: Record<string, string> = {}): Record<string, unknown> {
  const env = table(table(config.env)[name]);
  // A stand-in that passes every check on a secret, so only what the vars decide is reported.
  const standIn = Object.fromEntries(REQUIRED_SECRETS.map((secret) => [secret, `set-${'x'.repeat(40)}`]));
  return { ...standIn, STRIPE_SECRET_KEY: 'sk_live_set', STRIPE_PUBLISHABLE_KEY: 'pk_live_set', ...table(env.vars), ...secrets };
}

/** The configuration check of the Worker itself (src/worker/settings/checks.ts) on the environment's vars. */
export function settingFindings(config: Table, name: EnvironmentName): Finding[] {
  return checkSettings(settingsOf(config, name));
}

/** The secrets a deploy of `name` needs set at Cloudflare (`secrets.required`). */
export function requiredSecrets(config: Table, name: EnvironmentName): string[] {
  return strings(table(table(table(config.env)[name]).secrets).required);
}

/** Names of the environment's resources, for the runbook's commands and the backup script. */
export function resourcesOf(config: Table, name: EnvironmentName) {
  const env = table(table(config.env)[name]);
  return {
    worker: String(env.name),
    database: String(list(env.d1_databases).find((db) => db.binding === 'DB')?.database_name ?? ''),
    bucket: String(list(env.r2_buckets).find((b) => b.binding === 'PHOTOS')?.bucket_name ?? ''),
    queue: String(list(table(env.queues).producers).find((q) => q.binding === 'EMAIL_QUEUE')?.queue ?? ''),
    siteUrl: String(table(env.vars).PUBLIC_SITE_URL ?? ''),
  };
}
