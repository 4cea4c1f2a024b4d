// The site's watcher (watcher/wrangler.toml, src/watcher) as `npm run deploy` checks it beside the site: it must
// watch this environment's site, mail a real address, keep its state in a KV namespace of its own and run every
// minute. Pure functions of the two files' text, as environments.ts.
import { readFileSync } from 'node:fs';
import { parse } from 'smol-toml';
import { mailbox } from '../../src/worker/lib/mailbox';
import { isReservedHost } from '../../src/worker/settings/checks';
import { type EnvironmentName, list, type Problem, type Table, table, UNSET_ID } from './environments';

export const WATCHER_CONFIG = 'watcher/wrangler.toml';

export const readWatcherToml = (path = WATCHER_CONFIG): Table => parse(readFileSync(path, 'utf8')) as Table;

/** What stands between the watcher's config for `name` and a deploy (the site's config gives PUBLIC_SITE_URL). */
export function watcherProblems(site: Table, watcher: Table, name: EnvironmentName): Problem[] {
  const problems: Problem[] = [];
  const structure = (message: string) => problems.push({ kind: 'structure', message });
  const placeholder = (message: string) => problems.push({ kind: 'placeholder', message });
  const env = table(table(watcher.env)[name]);
  const vars = table(env.vars);
  const siteUrl = table(table(table(site.env)[name]).vars).PUBLIC_SITE_URL;
  if (vars.SITE_URL !== siteUrl)
    structure(`${WATCHER_CONFIG} [env.${name}] SITE_URL is not the site's PUBLIC_SITE_URL (${String(siteUrl)})`);
  if (!/^[0-9A-F]{3}-[0-9A-F]{3}-[0-9A-F]{3}$/.test(String(vars.WATCH_STONE_CODE ?? '')))
    structure(`${WATCHER_CONFIG} [env.${name}] WATCH_STONE_CODE is not a stone's code (XXX-XXX-XXX)`);
  const to = mailbox(String(vars.WATCH_MAIL_TO ?? '')).addr.split('@')[1] ?? '';
  if (!to || isReservedHost(to)) placeholder(`${WATCHER_CONFIG} [env.${name}] WATCH_MAIL_TO is a placeholder: the operator's address`);
  const from = mailbox(String(vars.MAIL_FROM ?? '')).addr.split('@')[1] ?? '';
  if (!from || isReservedHost(from)) placeholder(`${WATCHER_CONFIG} [env.${name}] MAIL_FROM is a placeholder: the site's sender`);
  if (vars.MAIL_TRANSPORT !== 'cloudflare' && vars.MAIL_TRANSPORT !== 'resend')
    structure(`${WATCHER_CONFIG} [env.${name}] MAIL_TRANSPORT must be "cloudflare" or "resend": the operator must get the mail`);
  const sender = list(env.send_email)[0];
  if (vars.MAIL_TRANSPORT === 'cloudflare' && sender?.destination_address !== vars.WATCH_MAIL_TO)
    structure(`${WATCHER_CONFIG} [env.${name}] send_email must have destination_address = WATCH_MAIL_TO`);
  for (const kv of list(env.kv_namespaces)) {
    if (UNSET_ID.test(String(kv.id ?? '0')))
      placeholder(
        `${WATCHER_CONFIG} [env.${name}] KV ${kv.binding} has no id yet (npx wrangler kv namespace create WATCH_STATE -c ${WATCHER_CONFIG} --env ${name})`,
      );
  }
  const crons = table(env.triggers).crons;
  if (!Array.isArray(crons) || !crons.includes('* * * * *'))
    structure(`${WATCHER_CONFIG} [env.${name}] must run every minute (crons = ["* * * * *"])`);
  return problems;
}
