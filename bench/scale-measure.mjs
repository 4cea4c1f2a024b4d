// What `npm run bench:scale` measures, and how: the routes in one table (ROUTES; the operator's last page by the
// table's keyset, its title search by the word index), then a find on a stone of its own per request, then
// the cron without and with the daily recount. Every request goes to both servers in turn (small, large, small,
// …), one at a time, so a busy spell of the machine falls on both sizes alike.
import { performance } from 'node:perf_hooks';
import { summarize } from './load.mjs';
import { KNOWN, writeStoneCode } from './scale-shapes.mjs';

/** A route's p50 at the large size may be this many times its p50 at the small one: cost stays flat at size. */
const ROUTE_TARGET = 1.5;
/** The cron's run may take this many times as long. */
const CRON_TARGET = 2;
const PAGE_SIZE = 50;
const CRON = '*/5 * * * *';
/** A recount runs when the last one is older than this (api/statistics/queries.ts VERIFY_INTERVAL_MS), plus a minute. */
const RECOUNT_STEP_MS = 24 * 60 * 60 * 1000 + 60_000;

/**
 * The measured routes: `path` is a path or makes one from the server's context (see context()); `operator` sends
 * the operator's token. Edge cache off (EDGE_CACHE_SECONDS=0 in scale.mjs): every read reaches the Worker and D1.
 * @type {{ name: string, path: string | ((ctx: Context) => string), operator?: boolean }[]}
 */
export const ROUTES = [
  { name: 'stone JSON, typical (5 finds)', path: `/api/stones/${KNOWN.typical}` },
  { name: 'stone JSON, 1 000 finds', path: `/api/stones/${KNOWN.thousand}` },
  { name: 'stone page, typical', path: `/${KNOWN.typical}` },
  { name: 'stone page, 1 000 finds', path: `/${KNOWN.thousand}` },
  { name: 'collection page', path: `/sammlung/${KNOWN.collection}` },
  { name: 'home page /', path: '/' },
  { name: 'totals /api/statistics', path: '/api/statistics' },
  { name: 'sitemap index /sitemap.xml', path: '/sitemap.xml' },
  { name: 'sitemap file', path: (ctx) => ctx.sitemapFile },
  { name: '/healthz', path: '/healthz' },
  { name: 'operator: first page', path: `/api/admin/stones?pageSize=${PAGE_SIZE}`, operator: true },
  // The oldest stones, by the table's keyset (decision record 030): no page number walks the table.
  { name: 'operator: last page', path: `/api/admin/stones?pageSize=${PAGE_SIZE}&last=1`, operator: true },
  { name: 'operator: title search', path: `/api/admin/stones?pageSize=${PAGE_SIZE}&q=${KNOWN.titleWord}`, operator: true },
];

/** @typedef {{ url: string, token: string, sitemapFile: string, total: number }} Context */
/** @typedef {{ p50: number, p95: number, p99: number, mean: number, max: number, n: number }} Latency ms of the measured requests */
/** @typedef {{ name: string, target: number, small: Latency, large: Latency, errors: string[] }} Row */

/**
 * What the routes need from one server: the operator's token, the table's total, a sitemap file.
 * @param {string} url
 * @param {{ email: string, password: string }} operator
 * @returns {Promise<Context>}
 */
export async function context(url, operator) {
  const login = await fetch(`${url}/api/admin/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(operator),
  });
  if (!login.ok) throw new Error(`operator login answered ${login.status}: ${await login.text()}`);
  const { token } = await login.json();
  const first = await fetch(`${url}/api/admin/stones?pageSize=${PAGE_SIZE}`, { headers: { authorization: `Bearer ${token}` } });
  await first.arrayBuffer();
  const total = Number(first.headers.get('x-total-count'));
  // The pages measured are the stone's, not an error page that answers 200.
  const page = await (await fetch(`${url}/${KNOWN.typical}`)).text();
  if (!page.includes(KNOWN.typicalTitle)) throw new Error(`/${KNOWN.typical} does not show the stone's title`);
  // The collections' file that holds the known collection (one per first letter of the ids, or per first two).
  const index = await (await fetch(`${url}/sitemap.xml`)).text();
  const file = [...index.matchAll(/<loc>[^<]*?(\/sitemaps\/collections-([^<.]+)\.xml)<\/loc>/g)].find((m) =>
    KNOWN.collection.startsWith(m[2] ?? '-'),
  )?.[1];
  if (!file) throw new Error(`no sitemap file for the collection ${KNOWN.collection} in /sitemap.xml`);
  return { url, token, sitemapFile: file, total };
}

/**
 * One request, its body read to the end; the status must be 2xx.
 * @param {string} url
 * @param {RequestInit} [init]
 * @returns {Promise<{ ms: number, error: string | null }>}
 */
async function timed(url, init = {}) {
  const t0 = performance.now();
  try {
    const res = await fetch(url, { ...init, headers: { 'accept-encoding': 'identity', ...init.headers } });
    const body = await res.text();
    const ms = performance.now() - t0;
    const cached = res.headers.get('x-cache') === 'hit';
    return { ms, error: res.ok && !cached ? null : `${res.status}${cached ? ' from the edge cache' : ''} ${body.slice(0, 120)}` };
  } catch (error) {
    return { ms: performance.now() - t0, error: error instanceof Error ? error.message : String(error) };
  }
}

/**
 * Sends `warmup` + `count` requests to each size in turn and summarises the measured ones. A route that is slow
 * stops after `budgetMs` per size once it has 5 measured requests (n in the table).
 * @param {string} name
 * @param {number} target
 * @param {(size: 'small' | 'large', i: number) => [string, RequestInit?]} request
 * @param {{ count: number, warmup: number, budgetMs: number }} options
 * @returns {Promise<Row>}
 */
export async function measure(name, target, request, { count, warmup, budgetMs }) {
  /** @type {{ small: number[], large: number[] }} */
  const times = { small: [], large: [] };
  const errors = [];
  const started = performance.now();
  for (let i = 0; i < warmup + count; i++) {
    for (const size of /** @type {const} */ (['small', 'large'])) {
      const { ms, error } = await timed(...request(size, i));
      if (error) errors.push(`${size}: ${error}`);
      else if (i >= warmup) times[size].push(ms);
    }
    if (i >= warmup + 4 && performance.now() - started > 2 * budgetMs) break;
  }
  const summary = (/** @type {number[]} */ list) => /** @type {Latency} */ ({ ...summarize(list), n: list.length });
  return { name, target, small: summary(times.small), large: summary(times.large), errors: errors.slice(0, 3) };
}

/**
 * Measures every route of ROUTES, a find, and the cron without and with the daily recount.
 * @param {{ small: Context, large: Context }} ctx
 * @param {{ count: number, warmup: number, budgetMs: number, cronRuns: number, log: (line: string) => void }} options
 * @returns {Promise<{ rows: Row[], recountAt: number }>} recountAt: the time of the last recount run (site_totals.verified_at)
 */
export async function measureAll(ctx, options) {
  /** @type {Row[]} */
  const rows = [];
  const add = (/** @type {Row} */ row) => {
    rows.push(row);
    options.log(`  ${row.name}: p50 ${row.small.p50.toFixed(1)} / ${row.large.p50.toFixed(1)} ms (n ${row.small.n}/${row.large.n})`);
  };
  for (const route of ROUTES) {
    const request = (/** @type {'small' | 'large'} */ size) => {
      const c = ctx[size];
      const path = typeof route.path === 'string' ? route.path : route.path(c);
      return /** @type {[string, RequestInit]} */ ([
        c.url + path,
        route.operator ? { headers: { authorization: `Bearer ${c.token}` } } : {},
      ]);
    };
    add(await measure(route.name, ROUTE_TARGET, request, options));
  }

  // The cron as the schedule runs it (the last recount was when the database was seeded), then with the recount:
  // each run a day and a minute after the one before, as Miniflare's scheduled handler takes the run's time.
  const cron = (/** @type {'small' | 'large'} */ size, /** @type {number | null} */ time) =>
    /** @type {[string]} */ ([
      `${ctx[size].url}/cdn-cgi/handler/scheduled?cron=${encodeURIComponent(CRON)}&format=json${time ? `&time=${time}` : ''}`,
    ]);
  const runs = { ...options, count: options.cronRuns, warmup: 1 };
  add(await measure('cron run', CRON_TARGET, (size) => cron(size, null), runs));
  const base = Date.now();
  let recountAt = 0;
  const recount = (/** @type {'small' | 'large'} */ size, /** @type {number} */ i) => {
    recountAt = base + (i + 1) * RECOUNT_STEP_MS;
    return cron(size, recountAt);
  };
  add(await measure('cron run with the daily recount', CRON_TARGET, recount, runs));

  // A find per request, each on a write stone of its own from a client address of its own (bench/run.mjs).
  const findCount = Math.min(options.count, KNOWN.writeStones - options.warmup);
  const find = (/** @type {'small' | 'large'} */ size, /** @type {number} */ i) =>
    /** @type {[string, RequestInit]} */ ([
      `${ctx[size].url}/api/stones/${writeStoneCode(i)}/finds`,
      {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'cf-connecting-ip': `2001:db8:${i.toString(16)}:${size === 'small' ? 1 : 2}::1` },
        body: JSON.stringify({ location: 'Hamburg, Alster', latitude: 53.56 + i / 1000, longitude: 10.0057, precision: 'exact' }),
      },
    ]);
  add(await measure('find POST /api/stones/{code}/finds', ROUTE_TARGET, find, { ...options, count: findCount }));
  return { rows, recountAt };
}

/**
 * The recount under way, run to its end: the daily recount counts a slice of stones per cron run
 * (api/statistics/recount.ts), so at a million stones the measured runs leave it in the middle (with the finds
 * above written between its slices). Runs the cron, each run a day and a minute after the last, until the totals
 * row says no recount is under way (`recountUnderWay`, read from the database file); answers the last run's time
 * (site_totals.verified_at when the recount ended there) and how many runs it took.
 * @param {string} url
 * @param {number} from the last run's time
 * @param {() => boolean} recountUnderWay
 * @returns {Promise<{ at: number, runs: number }>}
 */
export async function recountToTheEnd(url, from, recountUnderWay) {
  let at = from;
  let runs = 0;
  while (recountUnderWay()) {
    if (++runs > 1000) throw new Error('the recount did not end in 1 000 cron runs');
    at += RECOUNT_STEP_MS;
    const { error } = await timed(`${url}/cdn-cgi/handler/scheduled?cron=${encodeURIComponent(CRON)}&format=json&time=${at}`);
    if (error) throw new Error(`cron run answered ${error}`);
  }
  return { at, runs };
}
