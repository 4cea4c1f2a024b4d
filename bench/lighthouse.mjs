// `npm run bench:lighthouse`: Lighthouse (mobile preset, its simulated slow 4G and 4x CPU slowdown) on the
// production build served by workerd, in Debian's Chromium without network (an offline map style). Each page
// runs BENCH_LIGHTHOUSE_RUNS times (default 3); the run with the median performance score is reported. Writes
// .bench/lighthouse.json and exits 1 when a target is missed, so it also works as a budget check:
//   100 in all four categories on `/`, the stone page and its read-only twin, the demo memorial collection's page
//   (20 stones, scripts/seed-collection.ts), the guide and the blog; the other
//   pages (an unknown stone's, the legal ones): performance >= 95, the other categories 100.
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { chromiumArgs, chromiumExecutable } from '../scripts/chromium.mjs';
import { ensureBuild, PRODUCTION_VARS, serveBuild } from '../scripts/serve-build.mjs';

const RUNS = Math.max(1, Number(process.env.BENCH_LIGHTHOUSE_RUNS ?? 3));
const STONE = 'A1B-2C3-D4E';
const PAGES = [
  { path: '/', targets: { performance: 100, accessibility: 100, 'best-practices': 100, seo: 100 } },
  { path: `/${STONE}`, targets: { performance: 100, accessibility: 100, 'best-practices': 100, seo: 100 } },
  { path: `/view/${STONE}`, targets: { performance: 100, accessibility: 100, 'best-practices': 100, seo: 100 } },
  { path: '/sammlung/gedenkwege', targets: { performance: 100, accessibility: 100, 'best-practices': 100, seo: 100 } },
  { path: '/C0D-E00-001', targets: { performance: 95, accessibility: 100, 'best-practices': 100, seo: 100 } },
  { path: '/stein-vorbereiten', targets: { performance: 100, accessibility: 100, 'best-practices': 100, seo: 100 } },
  { path: '/blog', targets: { performance: 100, accessibility: 100, 'best-practices': 100, seo: 100 } },
  { path: '/blog/willkommen-bei-den-reisesteinen', targets: { performance: 100, accessibility: 100, 'best-practices': 100, seo: 100 } },
  { path: '/impressum', targets: { performance: 95, accessibility: 100, 'best-practices': 100, seo: 100 } },
  // Scored as search engines will read it once DEVELOPER_PAGE_INDEXED is set (below): until then its noindex is meant.
  { path: '/entwickler', targets: { performance: 100, accessibility: 100, 'best-practices': 100, seo: 100 } },
  { path: '/entwickler', language: 'de', targets: { performance: 100, accessibility: 100, 'best-practices': 100, seo: 100 } },
  // Every page above is read in English (Chromium's own language). The start page and the stone page again in
  // Greek, the language whose texts weigh the most, and in German, the site's first language.
  { path: '/', language: 'el', targets: { performance: 100, accessibility: 100, 'best-practices': 100, seo: 100 } },
  { path: `/${STONE}`, language: 'el', targets: { performance: 100, accessibility: 100, 'best-practices': 100, seo: 100 } },
  { path: `/${STONE}`, language: 'de', targets: { performance: 100, accessibility: 100, 'best-practices': 100, seo: 100 } },
];
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'];

async function freePort() {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

/** One Lighthouse run: the four scores (0–100) and the figures that explain the performance score. */
async function audit(url, port, language) {
  const extraHeaders = language ? { 'Accept-Language': language } : undefined;
  const result = await lighthouse(url, { port, output: 'json', logLevel: 'error', onlyCategories: CATEGORIES, extraHeaders });
  const lhr = result?.lhr;
  if (!lhr) throw new Error(`no Lighthouse result for ${url}`);
  const scores = Object.fromEntries(CATEGORIES.map((id) => [id, Math.round((lhr.categories[id]?.score ?? 0) * 100)]));
  const audits = lhr.audits;
  // Lighthouse 13 names the LCP element in the LCP breakdown insight: a list whose node item is the element.
  const lcpElement = audits['lcp-breakdown-insight']?.details?.items?.find((item) => item?.type === 'node')?.snippet ?? '';
  const failed = Object.values(audits)
    .filter(
      (a) =>
        a.score !== null &&
        a.score < 1 &&
        a.scoreDisplayMode !== 'informative' &&
        a.scoreDisplayMode !== 'manual' &&
        a.scoreDisplayMode !== 'notApplicable',
    )
    .map((a) => a.id);
  return {
    scores,
    lcpMs: Math.round(audits['largest-contentful-paint']?.numericValue ?? 0),
    tbtMs: Math.round(audits['total-blocking-time']?.numericValue ?? 0),
    cls: Number((audits['cumulative-layout-shift']?.numericValue ?? 0).toFixed(3)),
    fcpMs: Math.round(audits['first-contentful-paint']?.numericValue ?? 0),
    lcpElement: lcpElement.slice(0, 120),
    failedAudits: failed,
    // A run that Lighthouse could not complete scores 0: its reason, so such a run is told from a slow page.
    runtimeError: lhr.runtimeError ? `${lhr.runtimeError.code}: ${lhr.runtimeError.message}` : null,
  };
}

async function main() {
  // chrome-launcher turns a missing binary into an uncaught error that would leave the served build running.
  if (!existsSync(chromiumExecutable)) {
    console.error(`✗ no Chromium at ${chromiumExecutable}: apt-get install chromium, or set CHROMIUM_PATH`);
    return 1;
  }
  ensureBuild({ rebuild: !process.env.BENCH_REUSE_BUILD });
  const port = await freePort();
  const server = await serveBuild({
    port,
    stateDir: '.bench/lighthouse-state',
    vars: { ...PRODUCTION_VARS, MAP_STYLE_URL: '/map-style.json', DEVELOPER_PAGE_INDEXED: 'true' },
    devtools: false,
  });
  const report = [];
  let missed = 0;
  /** @type {chromeLauncher.LaunchedChrome | undefined} */
  let chrome;
  // The server is stopped however this ends, also when Chromium cannot be started.
  try {
    chrome = await chromeLauncher.launch({ chromePath: chromiumExecutable, chromeFlags: chromiumArgs });
    for (const page of PAGES) {
      const runs = [];
      for (let i = 0; i < RUNS; i++) runs.push(await audit(`${server.url}${page.path}`, chrome.port, page.language));
      runs.sort((a, b) => a.scores.performance - b.scores.performance);
      const median = runs[Math.floor(runs.length / 2)];
      const misses = Object.entries(page.targets).filter(([category, target]) => median.scores[category] < target);
      missed += misses.length;
      report.push({
        path: page.language ? `${page.path} (${page.language})` : page.path,
        ...median,
        runs: runs.map((r) => r.scores.performance),
        runErrors: runs.map((r) => r.runtimeError).filter(Boolean),
        misses: misses.map(([c, t]) => `${c} < ${t}`),
      });
    }
  } finally {
    await chrome?.kill();
    await server.stop();
  }
  console.log(`\nLighthouse ${RUNS}× per page (mobile preset), median run:`);
  console.log('page                   perf  a11y  best   seo   LCP ms  TBT ms    CLS  perf of each run');
  for (const r of report) {
    const s = r.scores;
    console.log(
      `${r.path.padEnd(22)} ${String(s.performance).padStart(4)}  ${String(s.accessibility).padStart(4)}  ${String(s['best-practices']).padStart(4)}  ${String(s.seo).padStart(4)}  ${String(r.lcpMs).padStart(7)} ${String(r.tbtMs).padStart(7)}  ${r.cls.toFixed(3)}  ${r.runs.join(' ')}`,
    );
    console.log(`  LCP element: ${r.lcpElement}`);
    if (r.failedAudits.length) console.log(`  audits below 1: ${r.failedAudits.join(', ')}`);
    for (const error of r.runErrors) console.log(`  a run did not complete: ${error}`);
    if (r.misses.length) console.log(`  ✗ missed: ${r.misses.join(', ')}`);
  }
  mkdirSync('.bench', { recursive: true });
  writeFileSync('.bench/lighthouse.json', `${JSON.stringify(report, null, 2)}\n`);
  console.log(missed ? `\n✗ ${missed} target(s) missed` : '\n✓ every target met');
  return missed ? 1 : 0;
}

process.exit(await main());
