import { env } from 'cloudflare:test';
import jpeg from 'jpeg-js';
import { expect, it } from 'vitest';
import { stonePng } from '../../src/worker/share/render/worker-render';

/**
 * How long workerd takes to render a premium stone's share card: 40 finds and a 1600 × 1200 JPEG photo, the median of
 * five renders. A measurement for `npm run bench` (bench/share-card-render.mjs runs this file in the Worker tests'
 * workerd and reads the line it prints), not a test: its figure depends on the machine.
 */

/** A photo as owners upload them, of one colour. */
function photo(): Uint8Array {
  const width = 1600;
  const height = 1200;
  const data = new Uint8Array(width * height * 4);
  for (let i = 0; i < data.length; i += 4) data.set([32, 160, 160, 255], i);
  return new Uint8Array(jpeg.encode({ width, height, data }, 85).data);
}

/** 40 counted finds zig-zagging across Europe. */
const journey = Array.from({ length: 40 }, (_, i): [number, number] => [45 + (i % 5) * 2 + i * 0.05, -2 + i * 0.7]);

it('renders a share card of 40 finds with a photo, five times', async () => {
  const bytes = photo();
  const card = {
    productName: 'Reisesteine',
    host: 'reisesteine.example',
    title: 'Ein Stein für Oma, der vom Gardasee bis ans Nordkap reist',
    code: 'C4D-000-F08',
    distance: '4.321,0 km',
    finds: '40 Funde',
    journey,
    photo: 'x.jpg',
  };
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
