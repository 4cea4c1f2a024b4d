// The bench's measured rounds (bench/run.mjs): every target under every runtime setting, in turns, and a load of
// finds measured with the share cards it asks for.
import { runLoad } from './load.mjs';
import { cardsSettled, workerdCpuMs } from './runtimes.mjs';

/** The bench's write stones' codes start so (bench/run.mjs writeStoneCode). */
export const WRITE_PREFIX = 'BE0-000-';
/** How long the share cards of one round of finds may take to render before the run fails. */
const SETTLE_TIMEOUT_MS = 180_000;

/**
 * @typedef {object} Served one runtime setting's servers
 * @property {{ key: string, label: string, env: Record<string, string> }} setting
 * @property {{ url: string }} app the production build
 * @property {{ url: string }} trivial the trivial Worker
 * @property {string} stateDir the app's local state
 * @property {number} port the app's port
 *
 * @typedef {Awaited<ReturnType<typeof runLoad>> & { findRps?: number, rendered?: number, findCpuMs?: number,
 *   renderCpuMs?: number, settleMs?: number }} RoundResult for a load of finds, `rps` counts the renders in
 *
 * @typedef {{ name: string, path: string, server?: 'trivial', request?: (url: string) => import('./load.mjs').LoadRequest,
 *   okStatus?: number }} Target
 */

/**
 * One round of one target on one setting's servers. A load of finds is measured with the share cards it asks for:
 * after the load the bench waits until every write stone's card has read its newest find, and counts the CPU
 * workerd spent on that beside the CPU of the finds; the finds' rate is then the rate at which the same cores
 * serve finds and render their cards (`rps`), the finds alone being `findRps`.
 * @param {Served} served
 * @param {Target} target
 * @param {(url: string, target: Target) => Parameters<typeof runLoad>[0]} options runLoad's options but the duration
 * @param {number} durationMs
 * @returns {Promise<RoundResult>}
 */
export async function measureRound(served, target, options, durationMs) {
  const base = target.server === 'trivial' ? served.trivial.url : served.app.url;
  if (!target.request) return runLoad({ ...options(base, target), durationMs });
  const cpuBefore = workerdCpuMs(served.port);
  const started = Date.now();
  const result = await runLoad({ ...options(base, target), durationMs });
  const cpuAfterFinds = workerdCpuMs(served.port);
  const settleStarted = Date.now();
  const rendered = await cardsSettled(served.stateDir, WRITE_PREFIX, started, SETTLE_TIMEOUT_MS);
  const settleMs = Date.now() - settleStarted;
  const cpuAfterCards = workerdCpuMs(served.port);
  const seconds = result.elapsedMs / 1000;
  let rps = result.ok / (seconds + settleMs / 1000);
  let findCpuMs;
  let renderCpuMs;
  if (cpuBefore !== null && cpuAfterFinds !== null && cpuAfterCards !== null) {
    findCpuMs = cpuAfterFinds - cpuBefore;
    renderCpuMs = cpuAfterCards - cpuAfterFinds;
    // The finds' time stretched by the CPU their cards took after them, as if the renders had run among the finds
    // on the same cores; the wait for the debounce itself is idle and not counted.
    if (findCpuMs > 0) rps = result.ok / (seconds * (1 + renderCpuMs / findCpuMs));
  }
  return { ...result, findRps: result.rps, rps, rendered, findCpuMs, renderCpuMs, settleMs };
}

/** Waits until the share cards asked for so far (a warm-up's finds) are rendered on every setting. @param {Served[]} list */
export async function settleCards(list) {
  for (const served of list) await cardsSettled(served.stateDir, WRITE_PREFIX, 0, SETTLE_TIMEOUT_MS);
}

/**
 * Median over the rounds of (target's rps / baseline's rps in the same round).
 * @param {RoundResult[][]} runs runs[target][round] of one setting
 * @param {number} target
 * @param {number} baseline
 */
export function ratio(runs, target, baseline) {
  return median((runs[target] ?? []).map((run, r) => run.rps / (runs[baseline]?.[r]?.rps ?? Number.NaN)));
}

/**
 * Per target: the round with the median throughput (its latencies come with it); errors from all rounds.
 * @template {Target} T
 * @param {T[]} targets
 * @param {RoundResult[][]} runs
 */
export function medianRounds(targets, runs) {
  return targets.map((target, i) => {
    const list = runs[i] ?? [];
    const mid = /** @type {RoundResult} */ ([...list].sort((a, b) => a.rps - b.rps)[Math.floor(list.length / 2)]);
    return { ...target, ...mid, errors: list.reduce((sum, run) => sum + run.errors, 0), roundRps: list.map((run) => run.rps) };
  });
}

/** @param {number[]} values */
export function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? (sorted[mid] ?? Number.NaN) : ((sorted[mid - 1] ?? Number.NaN) + (sorted[mid] ?? Number.NaN)) / 2;
}
