import { type BlockSource, type JpegSpec, quantTables, writeJpeg } from './jpeg-writer';
import { writePng } from './png-writer';

/**
 * The largest photos an upload accepts: 40 megapixels (8000 × 5000, MAX_PHOTO_PIXELS) in at most 5 MB
 * (MAX_PHOTO_BYTES), as a baseline JPEG, a progressive JPEG and a PNG with transparency. The JPEGs' blocks are
 * made up as coefficients (a picture of a sky, a sun and a field, with fine texture in the AC coefficients that
 * brings the file near 5 MB), so they are written in seconds without their 160 MB of pixels.
 */
export const LARGE = { width: 8000, height: 5000 } as const;

/** The picture's colour at a point (0–1 across and down): a sky over a field, a sun in the upper left. */
export function scene(u: number, v: number): [number, number, number] {
  if ((u - 0.25) ** 2 + ((v - 0.3) * 0.625) ** 2 < 0.01) return [250, 200, 60];
  if (v > 0.6) return [60 + 40 * u, 140 - 60 * (v - 0.6), 50];
  return [90 + 60 * v, 150 + 60 * v, 235];
}

/** A deterministic hash of a block's position, for its texture. */
const hash = (a: number, b: number, c: number) => {
  let h = (a * 73856093) ^ (b * 19349663) ^ (c * 83492791);
  h = Math.imul(h ^ (h >>> 13), 0x5bd1e995);
  return (h ^ (h >>> 15)) >>> 0;
};

/**
 * The blocks of `scene` at the spec's sampling: each block's DC is its colour, its AC a few small values from the hash. Each
 * component's DC values are worked out once (a progressive JPEG asks for every block several times), and the
 * block handed out is the same array each time (the writer is done with it before it asks for the next).
 */
function sceneBlocks(spec: JpegSpec): BlockSource {
  const [luma, chroma] = quantTables(spec.quality);
  const block = new Int32Array(64);
  const mcu = 8 * spec.sampling;
  const dc = [0, 1, 2].map((c) => {
    const step = c === 0 ? 8 : mcu;
    const [across, down] = [Math.ceil(spec.width / mcu) * (mcu / step), Math.ceil(spec.height / mcu) * (mcu / step)];
    const values = new Int16Array(across * down);
    for (let by = 0; by < down; by++)
      for (let bx = 0; bx < across; bx++) {
        const [r, g, b] = scene(((bx + 0.5) * step) / spec.width, ((by + 0.5) * step) / spec.height);
        const value =
          c === 0
            ? 0.299 * r + 0.587 * g + 0.114 * b
            : c === 1
              ? 128 - 0.168736 * r - 0.331264 * g + 0.5 * b
              : 128 + 0.5 * r - 0.418688 * g - 0.081312 * b;
        values[by * across + bx] = Math.round(((value - 128) * 8) / ((c === 0 ? luma : chroma)[0] ?? 1));
      }
    return { values, across };
  });
  return (c, bx, by) => {
    block.fill(0);
    const { values, across } = dc[c] as { values: Int16Array; across: number };
    block[0] = values[by * across + bx] ?? 0;
    const h = hash(bx, by, c);
    const textured = c === 0 ? 4 : 1;
    for (let i = 0; i < textured; i++) {
      const k = 1 + ((h >>> (i * 4)) % 24);
      block[k] = (((h >>> (i * 3 + 1)) & 3) + 1) * ((h >>> i) & 1 ? 1 : -1);
    }
    return block;
  };
}

/** `scene` as a JPEG of any size (4:2:0 unless `sampling` is 1), written from made-up coefficients: fast, whatever its size. */
export function sceneJpeg(width: number, height: number, progressive: boolean, sampling: 1 | 2 = 2): Uint8Array {
  const spec: JpegSpec = { width, height, components: 3, sampling, quality: 75, progressive, restartInterval: progressive ? 0 : 64 };
  return writeJpeg(spec, sceneBlocks(spec));
}

export const largeJpeg = (progressive: boolean) => sceneJpeg(LARGE.width, LARGE.height, progressive);

/** A 40-megapixel RGBA PNG of `scene`, the sun half transparent, with a fine stripe pattern in the field. */
export function largePng(): Promise<Uint8Array> {
  return writePng(
    { ...LARGE, colour: 6, depth: 8, filter: 1 },
    {
      row: (y, raw) => {
        const v = y / LARGE.height;
        // Where this row crosses the sun (scene's circle), as a span of u.
        const reach = Math.sqrt(Math.max(0, 0.01 - ((v - 0.3) * 0.625) ** 2));
        for (let x = 0; x < LARGE.width; x++) {
          const u = x / LARGE.width;
          const sun = reach > 0 && Math.abs(u - 0.25) < reach;
          const o = x * 4;
          raw[o] = sun ? 250 : v > 0.6 ? Math.trunc(60 + 40 * u) : Math.trunc(90 + 60 * v);
          raw[o + 1] = ((sun ? 200 : v > 0.6 ? Math.trunc(140 - 60 * (v - 0.6)) : Math.trunc(150 + 60 * v)) + ((x >> 2) & 1) * 8) & 255;
          raw[o + 2] = sun ? 60 : v > 0.6 ? 50 : 235;
          raw[o + 3] = sun ? 128 : 255;
        }
      },
    },
  );
}
