import { env } from 'cloudflare:test';
import { expect, it } from 'vitest';
import { stonePng } from '../../src/worker/share/render/worker-render';
import { premiumCard, premiumPhoto } from '../support/premium-card';

/**
 * How long workerd takes to render a premium stone's share card: 40 finds and a 1600 × 1200 JPEG photo, the median of
 * five renders. A measurement for `npm run bench` (bench/share-card-render.mjs runs this file in the Worker tests'
 * workerd and reads the line it prints), not a test: its figure depends on the machine.
 */

it('renders a share card of 40 finds with a photo, five times', async () => {
  const bytes = premiumPhoto();
  const card = premiumCard('x.jpg');
  const times: number[] = [];
  let pngBytes = 0;
  for (let run = 0; run < 5; run++) {
    // workerd's clock advances only with I/O: a read of nothing before and after reads it honestly.
    await env.CACHE.get('clock');
    const started = performance.now();
    const { png } = await stonePng(card, { bytes, contentType: 'image/jpeg' });
    await env.CACHE.get('clock');
    times.push(performance.now() - started);
    pngBytes = png.length;
  }
  // A card was drawn each time (the measurement would be of nothing otherwise).
  expect(pngBytes).toBeGreaterThan(0);
  const median = [...times].sort((a, b) => a - b)[2] ?? Number.NaN;
  console.info(
    `SHARE_CARD_RENDER ${JSON.stringify({ medianMs: Number(median.toFixed(1)), runsMs: times.map((t) => Number(t.toFixed(1))), pngBytes })}`,
  );
});
