import { execFileSync } from 'node:child_process';

/**
 * How long workerd takes to render a premium stone's share card (and, in the same run, the letters' cron step) (40 finds, a 1600 × 1200 JPEG photo; the median of
 * five renders): tests/bench/share-card-render.measure.ts in the Worker tests' workerd (bench/share-card.vitest.config.ts).
 * A figure of this machine for the bench's report, not a test; null when the measurement could not run.
 * @returns {{ medianMs: number, runsMs: number[], pngBytes: number } | null}
 */
let lastOutput = '';

/** The figure a measurement printed as `<MARKER> {json}`, or null. @param {string} out @param {string} marker */
function figure(out, marker) {
  const line = out.split('\n').find((l) => l.includes(`${marker} `));
  return line ? JSON.parse(line.slice(line.indexOf(marker) + marker.length + 1)) : null;
}

/**
 * The letters' figures from the same run (tests/bench/letters-cron.measure.ts): the cron step for 10 000 recipients,
 * a week's letter of a whole collection rendered, and the letters of the year of 10 000 owners among 60 000 stones.
 * Null where they could not run.
 * @returns {{ cron: { recipients: number, letters: number, queueSends: number, stepMs: number } | null, render: { stones: number, finds: number, renderMs: number, htmlBytes: number, textBytes: number } | null, memorial: { stones: number, letters: number, queueSends: number, stepMs: number } | null }}
 */
export function lettersFigures() {
  return {
    cron: figure(lastOutput, 'LETTERS_CRON'),
    render: figure(lastOutput, 'LETTER_RENDER'),
    memorial: figure(lastOutput, 'MEMORIAL_CRON'),
  };
}

export function shareCardRender() {
  try {
    const out = execFileSync('npx', ['vitest', 'run', '--config', 'bench/share-card.vitest.config.ts'], {
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { ...process.env, WRANGLER_SEND_METRICS: 'false', CLOUDFLARE_CF_FETCH_ENABLED: 'false' },
    });
    lastOutput = out;
    return figure(out, 'SHARE_CARD_RENDER');
  } catch (error) {
    console.log(`share card render: the measurement failed (${error instanceof Error ? error.message.split('\n')[0] : error})`);
    return null;
  }
}
