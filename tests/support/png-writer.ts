import { pngChunk } from './declared-images';

/**
 * A PNG encoder for the tests of the card's photo decoder: every colour type and bit depth, palettes with
 * transparency, Adam7 interlacing, and every row filter in turn (row y of each image gets filter y mod 5). Rows
 * are made and compressed as a stream (CompressionStream 'deflate', in Node and in workerd), so a 40-megapixel
 * PNG is written without its pixels ever being held.
 */
export interface PngSpec {
  width: number;
  height: number;
  /** 0 grey, 2 RGB, 3 palette, 4 grey and alpha, 6 RGBA. */
  colour: 0 | 2 | 3 | 4 | 6;
  depth: 1 | 2 | 4 | 8 | 16;
  interlaced?: boolean;
  /** PLTE as RGB triples, flat. */
  palette?: number[];
  /** tRNS: a palette's alphas, or the transparent grey or RGB value. */
  transparency?: number[];
  /** Only this filter on every row (default: each in turn). */
  filter?: 0 | 1 | 2 | 3 | 4;
  /** Of an interlaced picture, only the first passes (the compressed data ends after them): a file cut short. */
  passes?: number;
}

const CHANNELS = { 0: 1, 2: 3, 3: 1, 4: 2, 6: 4 } as const;

const ADAM7 = [
  [0, 0, 8, 8],
  [4, 0, 8, 8],
  [0, 4, 4, 8],
  [2, 0, 4, 4],
  [0, 2, 2, 4],
  [1, 0, 2, 2],
  [0, 1, 1, 2],
] as const;

const be32 = (n: number) => [(n >>> 24) & 0xff, (n >> 16) & 0xff, (n >> 8) & 0xff, n & 0xff];

const paeth = (a: number, b: number, c: number) => {
  const p = a + b - c;
  const [pa, pb, pc] = [Math.abs(p - a), Math.abs(p - b), Math.abs(p - c)];
  return pa <= pb && pa <= pc ? a : pb <= pc ? b : c;
};

/**
 * `sample(x, y)` gives a pixel's raw channel values (a palette index for colour type 3); or, faster for a large
 * non-interlaced picture, `sample` is a function that fills row `y`'s packed bytes.
 */
export async function writePng(
  spec: PngSpec,
  sample: ((x: number, y: number) => readonly number[]) | { row: (y: number, raw: Uint8Array) => void },
): Promise<Uint8Array> {
  const { width, height, depth } = spec;
  const channels = CHANNELS[spec.colour];
  const distance = Math.max(1, (channels * depth) / 8);
  const images = spec.interlaced
    ? ADAM7.slice(0, spec.passes ?? 7).map(([x, y, dx, dy]) => ({
        x,
        y,
        dx,
        dy,
        w: width > x ? Math.ceil((width - x) / dx) : 0,
        h: height > y ? Math.ceil((height - y) / dy) : 0,
      }))
    : [{ x: 0, y: 0, dx: 1, dy: 1, w: width, h: height }];
  /** Every row of every image, packed and filtered, one at a time. */
  function* rows(): Generator<Uint8Array> {
    for (const image of images) {
      if (!image.w || !image.h) continue;
      const length = Math.ceil((image.w * channels * depth) / 8);
      let previous = new Uint8Array(length);
      for (let j = 0; j < image.h; j++) {
        const raw = new Uint8Array(length);
        if ('row' in sample) sample.row(j, raw);
        else
          for (let i = 0; i < image.w; i++) {
            const values = sample(image.x + i * image.dx, image.y + j * image.dy);
            for (let c = 0; c < channels; c++) {
              const v = values[c] ?? 0;
              const n = i * channels + c;
              if (depth === 16) raw.set([v >> 8, v & 0xff], 2 * n);
              else if (depth === 8) raw[n] = v;
              else raw[(n * depth) >> 3] = (raw[(n * depth) >> 3] ?? 0) | (v << (8 - depth - ((n * depth) & 7)));
            }
          }
        const filter = spec.filter ?? j % 5;
        const row = new Uint8Array(length + 1);
        row[0] = filter;
        for (let k = 0; k < length; k++) {
          const a = k >= distance ? (raw[k - distance] as number) : 0;
          const b = previous[k] as number;
          const c = k >= distance ? (previous[k - distance] as number) : 0;
          const predicted = filter === 0 ? 0 : filter === 1 ? a : filter === 2 ? b : filter === 3 ? (a + b) >> 1 : paeth(a, b, c);
          row[k + 1] = ((raw[k] as number) - predicted) & 0xff;
        }
        previous = raw;
        yield row;
      }
    }
  }
  const source = rows();
  const stream = new ReadableStream<Uint8Array>({
    pull(controller) {
      const next = source.next();
      if (next.done) controller.close();
      else controller.enqueue(next.value);
    },
  }).pipeThrough(new CompressionStream('deflate'));
  const idat = new Uint8Array(await new Response(stream).arrayBuffer());
  const header = [...be32(width), ...be32(height), depth, spec.colour, 0, 0, spec.interlaced ? 1 : 0];
  return Uint8Array.from([
    0x89,
    0x50,
    0x4e,
    0x47,
    0x0d,
    0x0a,
    0x1a,
    0x0a,
    ...pngChunk('IHDR', header),
    ...(spec.palette ? pngChunk('PLTE', spec.palette) : []),
    ...(spec.transparency
      ? pngChunk('tRNS', spec.colour === 3 ? spec.transparency : spec.transparency.flatMap((v) => [v >> 8, v & 0xff]))
      : []),
    ...pngChunk('IDAT', idat),
    ...pngChunk('IEND', []),
  ]);
}
