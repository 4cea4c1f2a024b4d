// The report of `npm run bench:scale`: the table of p50/p95 per route and size with its target, and what the
// database takes on disk — per table with its indexes (SQLite's dbstat), per stone and per find, and how many of
// them one D1 database of 10 GB holds at this mix.
import { statSync } from 'node:fs';
import { DatabaseSync } from 'node:sqlite';
import { sqliteFile } from './scale-seed.mjs';

/** D1's largest database (Cloudflare's limits, paid plan). */
const D1_MAX_BYTES = 10 * 1000 ** 3;

/**
 * The file's size and each table's bytes with its indexes; rows of stones and finds; the totals row as it is.
 * @param {string} stateDir
 */
export function databaseSize(stateDir) {
  const file = sqliteFile(stateDir);
  // The servers have just been stopped: a workerd that is still closing the file (its last checkpoint of a large
  // database) holds its lock for a moment, so this waits for it rather than failing the run.
  const db = new DatabaseSync(file, { readOnly: true, timeout: 60_000 });
  try {
    const owner = new Map(
      db
        .prepare("SELECT name, tbl_name AS tbl FROM sqlite_master WHERE type IN ('table', 'index')")
        .all()
        .map((r) => [String(r.name), String(r.tbl)]),
    );
    /** @type {Record<string, number>} */
    const tables = {};
    for (const row of db.prepare('SELECT name, SUM(pgsize) AS bytes FROM dbstat GROUP BY name').all()) {
      const table = owner.get(String(row.name)) ?? String(row.name);
      tables[table] = (tables[table] ?? 0) + Number(row.bytes);
    }
    const count = (/** @type {string} */ table) => Number(db.prepare(`SELECT count(*) AS n FROM ${table}`).get()?.n);
    const totals = db.prepare('SELECT stone_count, find_count, verified_at FROM site_totals WHERE id = 1').get();
    const fileBytes = statSync(file).size;
    const stones = count('stones');
    const finds = count('finds');
    const perStoneAll = fileBytes / stones;
    return {
      fileBytes,
      stones,
      finds,
      tables,
      totals,
      bytesPerStoneRow: (tables.stones ?? 0) / stones,
      bytesPerFindRow: (tables.finds ?? 0) / finds,
      bytesPerStoneWithAll: perStoneAll,
      d1Holds: { stones: Math.floor(D1_MAX_BYTES / perStoneAll), finds: Math.floor((D1_MAX_BYTES / perStoneAll) * (finds / stones)) },
    };
  } finally {
    db.close();
  }
}

/**
 * Prints the table and answers whether every target was met and every request succeeded.
 * @param {import('./scale-measure.mjs').Row[]} rows
 */
export function printResults(rows) {
  const header = ['route', 'p50 small', 'p95 small', 'p50 large', 'p95 large', 'n', 'large/small p50', 'target', ''];
  const verdicts = rows.map((r) => {
    const ratio = r.large.p50 / r.small.p50;
    const verdict = r.errors.length ? 'FAILED' : ratio <= r.target ? 'ok' : 'MISSED';
    return { ...r, ratio, verdict };
  });
  const cells = verdicts.map((r) => [
    r.name,
    ms(r.small.p50),
    ms(r.small.p95),
    ms(r.large.p50),
    ms(r.large.p95),
    `${r.small.n}/${r.large.n}`,
    `${r.ratio.toFixed(2)}×`,
    `≤ ${r.target}×`,
    r.verdict,
  ]);
  const widths = header.map((h, i) => Math.max(h.length, ...cells.map((c) => String(c[i]).length)));
  const line = (/** @type {string[]} */ c) => c.map((v, i) => (i === 0 ? v.padEnd(widths[i] ?? 0) : v.padStart(widths[i] ?? 0))).join('  ');
  console.info(line(header));
  console.info(widths.map((w) => '-'.repeat(w)).join('  '));
  for (const c of cells) console.info(line(c));
  for (const r of verdicts) for (const error of r.errors) console.error(`  ${r.name}: ${error}`);
  return { rows: verdicts, ok: verdicts.every((r) => r.verdict === 'ok') };
}

/**
 * @param {string} label
 * @param {ReturnType<typeof databaseSize>} size
 * @param {number} seedSeconds
 */
export function printSize(label, size, seedSeconds) {
  const largest = Object.entries(size.tables)
    .sort((a, b) => b[1] - a[1])
    .slice(0, 5)
    .map(([t, b]) => `${t} ${mb(b)}`)
    .join(', ');
  console.info(
    `${label}: ${size.stones} stones, ${size.finds} finds, seeded in ${seedSeconds.toFixed(0)} s; file ${mb(size.fileBytes)} (${largest}); ` +
      `${size.bytesPerStoneRow.toFixed(0)} B per stone and ${size.bytesPerFindRow.toFixed(0)} B per find with their indexes, ` +
      `${size.bytesPerStoneWithAll.toFixed(0)} B per stone with everything; one 10 GB D1 database holds about ` +
      `${(size.d1Holds.stones / 1e6).toFixed(1)} M stones with ${(size.d1Holds.finds / 1e6).toFixed(1)} M finds at this mix`,
  );
}

/** @param {number} n */
const ms = (n) => (Number.isFinite(n) ? `${n.toFixed(1)} ms` : '–');
/** @param {number} bytes */
const mb = (bytes) => `${(bytes / 1e6).toFixed(1)} MB`;
