import { execFileSync } from 'node:child_process';

/**
 * How long workerd takes to render a premium stone's share card (40 finds, a 1600 × 1200 JPEG photo; the median of
 * five renders): tests/bench/share-card-render.measure.ts in the Worker tests' workerd (bench/share-card.vitest.config.ts).
 * A figure of this machine for the bench's report, not a test; null when the measurement could not run.
 * @returns {{ medianMs: number, runsMs: number[], pngBytes: number } | null}
 */
export function shareCardRender() {
  try {
    const out = execFileSync('npx', ['vitest', 'run', '--config', 'bench/share-card.vitest.config.ts'], {
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { ...process.env, WRANGLER_SEND_METRICS: 'false', CLOUDFLARE_CF_FETCH_ENABLED: 'false' },
    });
    const marker = 'SHARE_CARD_RENDER ';
    const line = out.split('\n').find((l) => l.includes(marker));
    return line ? JSON.parse(line.slice(line.indexOf(marker) + marker.length)) : null;
  } catch (error) {
    console.log(`share card render: the measurement failed (${error instanceof Error ? error.message.split('\n')[0] : error})`);
    return null;
  }
}
