/**
 * The site's watcher (src/watcher, watcher/wrangler.toml) as deployed: its own Worker in workerd with real KV, run
 * by its cron, probing a site on 127.0.0.1 that answers, goes down and comes back. The operator gets exactly two
 * mails: one when two probes in a row failed, one when the site is back — not one a minute.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestHarness, type TestHarness } from 'wrangler';
import type { WatchState } from '../../src/watcher/watch';

const root = join(import.meta.dirname, '../..');
const CODE = 'A1B-2C3-D4E';

/** The site: up (healthz ok, the stone's page), `down` (healthz 503 down), or gone (no connection at all). */
let site: 'up' | 'down' | 'gone' = 'up';
let server: Server;
let harness: TestHarness;

function startSite(): Promise<string> {
  server = createServer((req, res) => {
    if (site === 'gone') return req.socket.destroy();
    if (req.url === '/healthz') {
      res.writeHead(site === 'up' ? 200 : 503, { 'content-type': 'application/json' });
      return res.end(JSON.stringify({ status: site === 'up' ? 'degraded' : 'down', version: 'test' }));
    }
    if (req.url === `/${CODE}` && site === 'up') {
      res.writeHead(200, { 'content-type': 'text/html' });
      return res.end(`<h1>Omas Gartenstein</h1><p>${CODE}</p>`);
    }
    res.writeHead(503).end();
  });
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () => resolve(`http://127.0.0.1:${(server.address() as AddressInfo).port}`)),
  );
}

interface Env {
  WATCH_STATE: KVNamespace;
}

/** One run of the watcher's cron, and what it then remembers. */
async function minute(): Promise<WatchState> {
  const worker = harness.getWorker<Env>();
  const result = await worker.scheduled({ cron: '* * * * *' });
  expect(result.outcome).toBe('ok');
  const env = await worker.getEnv();
  return (await env.WATCH_STATE.get('watch:state', 'json')) as WatchState;
}

/** The mails the watcher sent (development transport: kept in its KV, newest first). */
async function mails(): Promise<Array<{ to: string; subject: string; text: string }>> {
  const env = await harness.getWorker<Env>().getEnv();
  const { keys } = await env.WATCH_STATE.list({ prefix: 'dev-mail:' });
  return Promise.all(keys.map(async ({ name }) => JSON.parse((await env.WATCH_STATE.get(name)) ?? '{}')));
}

beforeAll(async () => {
  const url = await startSite();
  harness = createTestHarness({
    root,
    workers: [{ configPath: 'watcher/wrangler.toml', vars: { SITE_URL: url, WATCH_STONE_CODE: CODE, MAIL_TRANSPORT: 'development' } }],
  });
  await harness.listen();
}, 60_000);

afterAll(async () => {
  await harness?.close();
  await new Promise((resolve) => server?.close(resolve));
});

describe('the watcher', () => {
  it('mails the operator once when the site is down two minutes in a row, and once when it is back', async () => {
    expect(await minute()).toMatchObject({ failures: 0, told: false });
    site = 'down';
    expect(await minute()).toMatchObject({ failures: 1, told: false, reason: '/healthz 503 down' });
    expect(await mails()).toEqual([]);
    site = 'gone';
    // No connection at all (workerd answers the broken request as a 500 of its own).
    expect(await minute()).toMatchObject({ failures: 2, told: true, reason: expect.stringMatching(/^\/healthz 500|^no connection$/) });
    expect(await minute()).toMatchObject({ failures: 3, told: true });
    let sent = await mails();
    expect(sent.map((mail) => mail.subject)).toEqual([expect.stringContaining('ist nicht erreichbar / is down')]);
    expect(sent[0]?.to).toBe('betrieb@reisesteine.example');

    site = 'up';
    expect(await minute()).toEqual({ failures: 0, told: false, since: null, reason: null });
    expect(await minute()).toMatchObject({ failures: 0, told: false });
    sent = await mails();
    expect(sent.map((mail) => mail.subject).sort()).toEqual([
      expect.stringContaining('ist nicht erreichbar / is down'),
      expect.stringContaining('ist wieder erreichbar / is back'),
    ]);
  });

  it('counts one failed probe as nothing: a lost request is not an outage', async () => {
    const before = (await mails()).length;
    site = 'down';
    await minute();
    site = 'up';
    expect(await minute()).toMatchObject({ failures: 0, told: false });
    expect((await mails()).length).toBe(before);
  });
});
