import { escapeXml } from '../worker/lib/xml';
import { type MailTransport, transportNamed } from '../worker/mail/transport';

/** The watcher's settings (watcher/wrangler.toml): the site it watches, whom it tells and how. */
export interface WatcherEnv {
  /** Where the watcher keeps what it knew at its last probe (and, in development, the mails it sent). */
  WATCH_STATE: KVNamespace;
  /** The site's address, as its PUBLIC_SITE_URL (the deploy checks that they agree). */
  SITE_URL: string;
  /** A stone whose page every visitor can open: the demo stone of the site's seed (`A1B-2C3-D4E`) or a real one. */
  WATCH_STONE_CODE: string;
  /** The operator's address: the one recipient of the watcher's mails. */
  WATCH_MAIL_TO: string;
  MAIL_FROM: string;
  /** "cloudflare" (SEND_EMAIL), "resend" (RESEND_API_KEY) or, locally, "development" (kept in WATCH_STATE). */
  MAIL_TRANSPORT: string;
  SEND_EMAIL?: SendEmail;
  RESEND_API_KEY?: string;
  RESEND_BASE_URL?: string;
  /** A staging site's password (STAGING_PASSWORD there), for its stone page. */
  SITE_PASSWORD?: string;
}

/** What the watcher remembers between its runs. */
export interface WatchState {
  /** Failed probes in a row. */
  failures: number;
  /** Whether the operator has been told that the site is down (and not yet that it is back). */
  told: boolean;
  /** When the first of the failed probes in a row ran. */
  since: string | null;
  /** What the last failed probe found. */
  reason: string | null;
}

export const STATE_KEY = 'watch:state';
/** Two failed probes in a row (two minutes) mean down: one may be a single lost request. */
export const FAILURES_BEFORE_MAIL = 2;
const PROBE_TIMEOUT_MS = 10_000;
const FRESH: WatchState = { failures: 0, told: false, since: null, reason: null };

/** The site as a visitor meets it: `/healthz` not 503 (`down`, `misconfigured`), and the stone's page with its code. */
export async function probeSite(env: WatcherEnv): Promise<{ up: true } | { up: false; reason: string }> {
  const site = env.SITE_URL.replace(/\/$/, '');
  const headers: Record<string, string> = { 'user-agent': 'reisesteine-watcher' };
  if (env.SITE_PASSWORD) headers.authorization = `Basic ${btoa(`watcher:${env.SITE_PASSWORD}`)}`;
  const get = (path: string, accept: string) =>
    fetch(`${site}${path}`, { headers: { ...headers, accept }, signal: AbortSignal.timeout(PROBE_TIMEOUT_MS), redirect: 'manual' });
  try {
    const health = await get('/healthz', 'application/json');
    const { status } = (await health.json().catch(() => ({}))) as { status?: string };
    if (health.status >= 500 || (status !== 'ok' && status !== 'degraded'))
      return { up: false, reason: `/healthz ${health.status} ${status ?? 'without a status'}` };
    const page = await get(`/${env.WATCH_STONE_CODE}`, 'text/html');
    const html = await page.text();
    if (page.status !== 200 || !html.includes(env.WATCH_STONE_CODE)) return { up: false, reason: `the stone page answered ${page.status}` };
    return { up: true };
  } catch (error) {
    return { up: false, reason: error instanceof Error && error.name === 'TimeoutError' ? 'no answer within 10 s' : 'no connection' };
  }
}

/**
 * The mail transport MAIL_TRANSPORT names, as the site chooses its own; "development" keeps the mails in the
 * watcher's KV (the deploy refuses it in a deployed environment, scripts/deploy/watcher.ts).
 */
function transportOf(env: WatcherEnv): MailTransport {
  const transport = transportNamed(env.MAIL_TRANSPORT, {
    sendEmail: env.SEND_EMAIL,
    resendApiKey: env.RESEND_API_KEY,
    resendBaseUrl: env.RESEND_BASE_URL,
    keepIn: env.WATCH_STATE,
  });
  if ('unavailable' in transport) throw new Error(transport.unavailable);
  return transport;
}

/** The operator's mail, in German and English (the operator's languages), plain. */
function mailOf(env: WatcherEnv, kind: 'down' | 'back', state: WatchState, now: Date) {
  const site = env.SITE_URL.replace(/^https?:\/\//, '');
  const since = state.since ?? now.toISOString();
  const text =
    kind === 'down'
      ? `${site} ist seit ${since} nicht erreichbar (${state.reason}).\n${site} has been down since ${since} (${state.reason}).\n\n` +
        `/healthz, the logs and docs/deploy.md ("When something is wrong") say more. The watcher writes again when it is back.`
      : `${site} ist wieder erreichbar (ausgefallen seit ${since}).\n${site} is back (down since ${since}).`;
  const subject = kind === 'down' ? `${site} ist nicht erreichbar / is down` : `${site} ist wieder erreichbar / is back`;
  return {
    id: `watch-${kind}-${since}`,
    from: env.MAIL_FROM,
    replyTo: env.MAIL_FROM,
    to: env.WATCH_MAIL_TO,
    subject,
    text,
    html: `<pre>${escapeXml(text)}</pre>`,
    headers: {},
  };
}

/**
 * One run of the watcher: probes the site and mails the operator when it has been down for FAILURES_BEFORE_MAIL
 * probes in a row, and once more when it answers again — once each, not every minute. The state is written only
 * after a mail went out, so a mail that fails is sent at the next run.
 */
export async function watchOnce(env: WatcherEnv, now = new Date()): Promise<WatchState> {
  const state = (await env.WATCH_STATE.get<WatchState>(STATE_KEY, 'json')) ?? FRESH;
  const probe = await probeSite(env);
  let next: WatchState;
  if (probe.up) {
    if (state.told) await transportOf(env).send(mailOf(env, 'back', state, now));
    next = FRESH;
  } else {
    next = { failures: state.failures + 1, told: state.told, since: state.since ?? now.toISOString(), reason: probe.reason };
    if (!next.told && next.failures >= FAILURES_BEFORE_MAIL) {
      await transportOf(env).send(mailOf(env, 'down', next, now));
      next.told = true;
    }
  }
  await env.WATCH_STATE.put(STATE_KEY, JSON.stringify(next));
  return next;
}
