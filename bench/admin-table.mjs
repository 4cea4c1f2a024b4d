// `npm run bench:admin`: the operator's stone table with 100 000 stones. Serves the production build in workerd
// with its own local D1, adds 100 000 stones, logs in as an operator and measures the admin calls (the first
// page, a deep page, the three kinds of search, the counters) against a static file of the same server in the
// same run. Not part of the tests: the figures depend on the machine.
//
// Env: BENCH_STONES (default 100000), BENCH_SECONDS (per target, default 3), BENCH_CONCURRENCY (default 4),
//      BENCH_PORT (default 8797).
import { execFileSync } from 'node:child_process';
import { ensureBuild, serveBuild } from '../scripts/serve-build.mjs';
import { runLoad } from './load.mjs';

const STATE_DIR = '.bench/admin-state';
const stones = Number(process.env.BENCH_STONES ?? 100_000);
const seconds = Number(process.env.BENCH_SECONDS ?? 3);
const concurrency = Number(process.env.BENCH_CONCURRENCY ?? 4);
const port = Number(process.env.BENCH_PORT ?? 8797);
const OPERATOR = { email: 'bench@example.org', password: 'bench-passwort-lang-genug' };
const env = { ...process.env, WRANGLER_SEND_METRICS: 'false', CLOUDFLARE_CF_FETCH_ENABLED: 'false' };

// Codes 100-000-001…: a 9-digit hex number per stone; every tenth has a story; one a minute back in time.
const FILL = `INSERT INTO stones (id, code, title, creator_email, owner_token_hash, has_story, story, created_at)
WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < ${stones})
SELECT printf('bench-%08d', i),
       substr(printf('%09X', 4294967296 + i), 1, 3) || '-' || substr(printf('%09X', 4294967296 + i), 4, 3) || '-' || substr(printf('%09X', 4294967296 + i), 7, 3),
       'Bench-Stein ' || i, 'bench' || i || '@example.org', printf('%064d', i), i % 10 = 0, CASE WHEN i % 10 = 0 THEN 'Geschichte' END,
       CAST(unixepoch('subsec') * 1000 AS INTEGER) - i * 60000
FROM n;
UPDATE site_totals SET stone_count = (SELECT count(*) FROM stones), premium_count = (SELECT count(*) FROM stones WHERE has_photos = 1 OR has_story = 1) WHERE id = 1;`;

const TARGETS = [
  { name: 'static /favicon.svg', path: '/favicon.svg', auth: false },
  { name: 'first page', path: '/api/admin/stones?pageSize=50' },
  { name: 'page 1000 (offset 49 950)', path: '/api/admin/stones?pageSize=50&page=1000' },
  { name: 'search by code start', path: '/api/admin/stones?q=100-0186' },
  { name: 'search by e-mail', path: `/api/admin/stones?q=${encodeURIComponent('bench4711@example.org')}` },
  { name: 'search in titles (scan)', path: `/api/admin/stones?q=${encodeURIComponent('Stein 4711')}` },
  { name: 'counters', path: '/api/admin/statistics' },
];

ensureBuild({ rebuild: !process.env.BENCH_REUSE_BUILD });
const server = await serveBuild({ port, stateDir: STATE_DIR, vars: { ENVIRONMENT: 'development', MAIL_TRANSPORT: 'development' } });
let exitCode = 1;
try {
  const quiet = { stdio: ['ignore', 'ignore', 'inherit'], env };
  const started = Date.now();
  execFileSync('npx', ['wrangler', 'd1', 'execute', 'DB', '--local', '--persist-to', STATE_DIR, '--command', FILL], quiet);
  console.info(`${stones} stones added in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  execFileSync('npx', ['tsx', 'scripts/add-operator.ts', OPERATOR.email, '--persist-to', STATE_DIR], {
    ...quiet,
    env: { ...env, OPERATOR_PASSWORD: OPERATOR.password },
  });
  const login = await fetch(`${server.url}/api/admin/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(OPERATOR),
  });
  if (!login.ok) throw new Error(`login answered ${login.status}: ${await login.text()}`);
  const { token } = await login.json();

  const rows = [];
  let baseline = 0;
  let errors = 0;
  for (const target of TARGETS) {
    const headers = { 'accept-encoding': 'identity', ...(target.auth === false ? {} : { authorization: `Bearer ${token}` }) };
    const check = await fetch(server.url + target.path, { headers });
    const total = check.headers.get('x-total-count');
    await check.arrayBuffer();
    if (!check.ok) throw new Error(`${target.name} answered ${check.status}`);
    await runLoad({ url: server.url + target.path, concurrency, durationMs: 1000, headers });
    const result = await runLoad({ url: server.url + target.path, concurrency, durationMs: seconds * 1000, headers });
    errors += result.errors;
    if (!baseline) baseline = result.rps;
    rows.push({
      target: target.name,
      rps: result.rps.toFixed(0),
      'ratio to static': (result.rps / baseline).toFixed(3),
      'p50 ms': result.latencyMs.p50.toFixed(1),
      'p95 ms': result.latencyMs.p95.toFixed(1),
      matches: total ?? '',
    });
  }
  console.info(`\nThe operator's table with ${stones} stones (${concurrency} connections, ${seconds} s each):`);
  console.table(rows);
  exitCode = errors === 0 ? 0 : 1;
  if (errors) console.error(`${errors} requests failed`);
} finally {
  await server.stop();
}
process.exit(exitCode);
