import { describe, expect, it } from 'vitest';
import { ENVIRONMENTS, readWranglerToml } from '../../scripts/deploy/environments';
import { readWatcherToml, watcherProblems } from '../../scripts/deploy/watcher';

type Table = Record<string, unknown>;
const site = (): Table => structuredClone(readWranglerToml());
const watcher = (): Table => structuredClone(readWatcherToml());
const section = (config: Table, name: string) => (config.env as Table)[name] as Table;
const kinds = (problems: Array<{ kind: string; message: string }>, kind: string) =>
  problems.filter((p) => p.kind === kind).map((p) => p.message);

describe("the watcher's deploy config (watcher/wrangler.toml)", () => {
  it.each(ENVIRONMENTS)('%s watches its own site every minute, and waits only for the real addresses and the KV id', (name) => {
    const problems = watcherProblems(site(), watcher(), name);
    expect(kinds(problems, 'structure')).toEqual([]);
    expect(kinds(problems, 'placeholder').map((m) => m.split(' ')[2])).toEqual(['WATCH_MAIL_TO', 'MAIL_FROM', 'KV']);
  });

  it.each(ENVIRONMENTS)('%s refuses a watcher that watches another site or stone shape, keeps its mails or runs less often', (name) => {
    const config = watcher();
    const vars = section(config, name).vars as Table;
    vars.SITE_URL = 'https://another.example';
    vars.WATCH_STONE_CODE = 'demo';
    vars.MAIL_TRANSPORT = 'development';
    (section(config, name).triggers as Table).crons = ['*/5 * * * *'];
    expect(kinds(watcherProblems(site(), config, name), 'structure')).toEqual([
      expect.stringContaining("SITE_URL is not the site's PUBLIC_SITE_URL"),
      expect.stringContaining('WATCH_STONE_CODE'),
      expect.stringContaining('MAIL_TRANSPORT must be'),
      expect.stringContaining('every minute'),
    ]);
  });

  it('mails only the operator: the send_email binding may reach WATCH_MAIL_TO alone', () => {
    const config = watcher();
    ((section(config, 'production').send_email as Table[])[0] as Table).destination_address = 'someone@else.de';
    expect(kinds(watcherProblems(site(), config, 'production'), 'structure')).toEqual([expect.stringContaining('destination_address')]);
  });
});
