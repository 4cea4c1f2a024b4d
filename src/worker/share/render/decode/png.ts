import { type Decoded, MAX_DECODED_PIXELS, shrinkFactor, type Target } from './pixels';
import { inflateRows, type PngHeader, readPng, rowToRgba } from './png-rows';

/*
 * A PNG photo for the card, never held at more than the card needs. A PNG's rows are averaged into the shrunk
 * picture as they arrive (pixels.ts shrinkFactor), with their transparency: colours weighted by their alpha. An
 * interlaced PNG (Adam7) sends its picture in seven passes, each a sparser grid of the whole: only the first
 * passes are read, as many as make a grid fine enough for the card (the first alone is every 8th pixel a side).
 */

/** Adam7's passes: where each starts and its step, across and down. */
const ADAM7 = [
  { x: 0, y: 0, dx: 8, dy: 8 },
  { x: 4, y: 0, dx: 8, dy: 8 },
  { x: 0, y: 4, dx: 4, dy: 8 },
  { x: 2, y: 0, dx: 4, dy: 4 },
  { x: 0, y: 2, dx: 2, dy: 4 },
  { x: 1, y: 0, dx: 2, dy: 2 },
  { x: 0, y: 1, dx: 1, dy: 2 },
];

/** The passes 1, 3, 5 and 7 complete a grid of every 8th, 4th, 2nd pixel and every pixel. */
const PASSES_FOR_STEP: Record<number, number> = { 8: 1, 4: 3, 2: 5, 1: 7 };

function shrunk(header: PngHeader, target: Target): Decoded {
  const { width, height } = header;
  const factor = shrinkFactor(width, height, target);
  const outWidth = Math.ceil(width / factor);
  const rgba = new Uint8Array(outWidth * Math.ceil(height / factor) * 4);
  const row = new Uint8Array(width * 4);
  // Per shrunk pixel of the current band of rows: red, green and blue times alpha, and alpha.
  const sums = new Float64Array(outWidth * 4);
  inflateRows(header, [{ width, height }], (_, y, data) => {
    rowToRgba(header, data, width, row);
    for (let x = 0, cell = 0, left = factor; x < width; x++) {
      const i = x * 4;
      const a = row[i + 3] as number;
      sums[cell] = (sums[cell] as number) + (row[i] as number) * a;
      sums[cell + 1] = (sums[cell + 1] as number) + (row[i + 1] as number) * a;
      sums[cell + 2] = (sums[cell + 2] as number) + (row[i + 2] as number) * a;
      sums[cell + 3] = (sums[cell + 3] as number) + a;
      if (--left === 0) {
        left = factor;
        cell += 4;
      }
    }
    if ((y + 1) % factor !== 0 && y !== height - 1) return;
    const rows = (y % factor) + 1;
    const o = Math.floor(y / factor) * outWidth * 4;
    for (let cx = 0; cx < outWidth; cx++) {
      const alpha = sums[cx * 4 + 3] ?? 0;
      const count = rows * Math.min(factor, width - cx * factor);
      for (let c = 0; c < 3; c++) rgba[o + cx * 4 + c] = alpha ? Math.round((sums[cx * 4 + c] ?? 0) / alpha) : 0;
      rgba[o + cx * 4 + 3] = Math.round(alpha / count);
    }
    sums.fill(0);
  });
  return { pixels: { width: outWidth, height: Math.ceil(height / factor), rgba } };
}

function interlaced(header: PngHeader, target: Target): Decoded {
  const { width, height } = header;
  const grid = (step: number) => [Math.ceil(width / step), Math.ceil(height / step)] as const;
  let step = 1;
  while (step < 8) {
    const [w, h] = grid(step);
    const [halfW, halfH] = grid(step * 2);
    if (w * h <= MAX_DECODED_PIXELS && !(halfW >= 2 * target.width && halfH >= 2 * target.height)) break;
    step *= 2;
  }
  const [outWidth, outHeight] = grid(step);
  const passes = ADAM7.slice(0, PASSES_FOR_STEP[step]);
  const images = passes.map((p) => ({
    width: width > p.x ? Math.ceil((width - p.x) / p.dx) : 0,
    height: height > p.y ? Math.ceil((height - p.y) / p.dy) : 0,
  }));
  const rgba = new Uint8Array(outWidth * outHeight * 4);
  const row = new Uint8Array(width * 4);
  inflateRows(header, images, (image, y, data) => {
    const pass = passes[image] as (typeof ADAM7)[number];
    const count = (images[image] as { width: number }).width;
    rowToRgba(header, data, count, row);
    const o = ((pass.y + y * pass.dy) / step) * outWidth;
    for (let i = 0; i < count; i++) rgba.set(row.subarray(i * 4, i * 4 + 4), (o + (pass.x + i * pass.dx) / step) * 4);
  });
  return { pixels: { width: outWidth, height: outHeight, rgba } };
}

export function decodePng(bytes: Uint8Array, target: Target): Decoded {
  const header = readPng(bytes);
  return header.interlaced ? interlaced(header, target) : shrunk(header, target);
}
