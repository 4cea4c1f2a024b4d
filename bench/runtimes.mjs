// The bench's runtimes (decision record 031): the local runtime's switches measured on beside off, a trivial
// Worker served the same way as a second baseline, the CPU time workerd spends, and the wait for the share
// cards a load of finds asked for.
import { execFileSync } from 'node:child_process';
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { DatabaseSync } from 'node:sqlite';
import { setTimeout as sleep } from 'node:timers/promises';
import { PRODUCTION_RUNTIME, serveWorker } from '../scripts/serve-build.mjs';

/**
 * The settings the bench serves the build with, side by side in one run: as production runs (both switches off:
 * the figures and targets are taken from this one), and wrangler's default (both on), for comparison.
 */
export const RUNTIME_SETTINGS = [
  { key: 'off', label: 'observability and explorer off (as production)', env: PRODUCTION_RUNTIME },
  {
    key: 'on',
    label: "observability and explorer on (wrangler's default)",
    env: { X_LOCAL_OBSERVABILITY: 'true', X_LOCAL_EXPLORER: 'true' },
  },
];

const TRIVIAL_WORKER = "export default { fetch: () => new Response('ok') };\n";

/**
 * A Worker that answers "ok" and nothing else, served as the app is (scripts/serve-worker.mjs, the same runtime
 * switches and compatibility date): what the runtime costs per request without any of the app's work.
 * @param {{ port: number, dir: string, runtime: Record<string, string> }} options
 */
export function serveTrivialWorker({ port, dir, runtime }) {
  mkdirSync(dir, { recursive: true });
  const toml = readFileSync('wrangler.toml', 'utf8');
  const compatibilityDate = toml.match(/^compatibility_date\s*=\s*"([^"]+)"/m)?.[1];
  if (!compatibilityDate) throw new Error('wrangler.toml names no compatibility_date');
  writeFileSync(`${dir}/index.js`, TRIVIAL_WORKER);
  const config = { name: 'bench-trivial', main: 'index.js', compatibility_date: compatibilityDate };
  writeFileSync(`${dir}/wrangler.json`, JSON.stringify(config));
  return serveWorker({ config: `${dir}/wrangler.json`, port, persist: `${dir}/state`, runtime, probe: '/' });
}

/**
 * CPU time (user + system, milliseconds) of the workerd processes serving `port`: the proxy on the port and the
 * runtime with the Worker, both in one process group. Linux only; null elsewhere.
 * @param {number} port
 */
export function workerdCpuMs(port) {
  let ps;
  try {
    ps = execFileSync('ps', ['-eo', 'pid=,pgid=,args='], { encoding: 'utf8' });
  } catch {
    return null;
  }
  const rows = ps
    .split('\n')
    .map((line) => line.trim().match(/^(\d+)\s+(\d+)\s+(.*)$/))
    .filter((m) => m !== null)
    .map((m) => ({ pid: Number(m[1]), pgid: Number(m[2]), args: m[3] }));
  const proxy = rows.find((r) => /\bworkerd\b/.test(r.args.split(' ')[0]) && r.args.includes(`entry=127.0.0.1:${port}`));
  if (!proxy) return null;
  let ticks = 0;
  for (const row of rows.filter((r) => r.pgid === proxy.pgid && /\bworkerd$/.test(r.args.split(' ')[0]))) {
    try {
      // Fields after the command's closing parenthesis: utime and stime are the 12th and 13th.
      const fields = readFileSync(`/proc/${row.pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
      ticks += Number(fields[11]) + Number(fields[12]);
    } catch {
      return null;
    }
  }
  // Linux counts in clock ticks of 1/100 s (USER_HZ).
  return ticks * 10;
}

/** The local D1 database file of a state directory (Miniflare's Durable Object for the binding). @param {string} stateDir */
function d1File(stateDir) {
  const dir = `${stateDir}/v3/d1/miniflare-D1DatabaseObject`;
  const file = readdirSync(dir).find((name) => name.endsWith('.sqlite') && name !== 'metadata.sqlite');
  if (!file) throw new Error(`no D1 database in ${dir}`);
  return `${dir}/${file}`;
}

/**
 * How much earlier than its read a card's `card_read_at` is recorded (src/worker/share/job.ts CLOCK_MARGIN_MS): a
 * find up to this long after it was on the card when the card was read, or sent a message of its own that reads
 * again (a find sends none only while its card's message is on its way, which reads after it: share/storage.ts).
 */
const READ_MARGIN_MS = 1000;

/**
 * Waits until every stone whose code starts with `prefix` has a card read after its newest find: the share cards
 * the finds asked for are rendered (or coalesced into a render that read them). Reads the local D1 file beside the
 * running Worker (SQLite allows a second reader). Resolves with the stones whose cards were read since `since`.
 * @param {string} stateDir
 * @param {string} prefix
 * @param {number} since epoch milliseconds
 * @param {number} timeoutMs
 */
export async function cardsSettled(stateDir, prefix, since, timeoutMs) {
  const db = new DatabaseSync(d1File(stateDir), { readOnly: true });
  const waiting = db.prepare(
    `SELECT count(*) AS n FROM stones s WHERE s.code LIKE ? || '%'
       AND EXISTS (SELECT 1 FROM finds f WHERE f.stone_id = s.id AND f.created_at > coalesce(s.card_read_at, 0) + ${READ_MARGIN_MS})`,
  );
  const read = db.prepare(`SELECT count(*) AS n FROM stones WHERE code LIKE ? || '%' AND card_read_at >= ?`);
  try {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const pending = Number(/** @type {{ n: number }} */ (waiting.get(prefix)).n);
      if (pending === 0) return Number(/** @type {{ n: number }} */ (read.get(prefix, since)).n);
      if (Date.now() > deadline) throw new Error(`${pending} share cards still unrendered after ${timeoutMs / 1000} s`);
      await sleep(100);
    }
  } finally {
    db.close();
  }
}
