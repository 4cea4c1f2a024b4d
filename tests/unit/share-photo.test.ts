import { decode as decodePngFile, encode as encodePngFile } from 'fast-png';
import jpeg from 'jpeg-js';
import { describe, expect, it } from 'vitest';
import { decodeJpeg, MAX_KEPT_BLOCKS } from '../../src/worker/share/render/decode/jpeg';
import { blockSize, type Decoded, MAX_DECODED_PIXELS, type Pixels, shrinkFactor } from '../../src/worker/share/render/decode/pixels';
import { decodePng } from '../../src/worker/share/render/decode/png';
import { decodePhoto } from '../../src/worker/share/render/photo';
import { blackPng, gifDeclaring, jpegDeclaring, webpDeclaring } from '../support/declared-images';
import { type JpegSpec, pixelSource, writeJpeg } from '../support/jpeg-writer';
import { sceneJpeg } from '../support/large-photos';
import { type PngSpec, writePng } from '../support/png-writer';

/** The card's photo area. */
const CARD = { width: 210, height: 210 };
const LARGE_TARGET = { width: 5000, height: 5000 };

/** A photo-like picture: gradients, and a disc with sharp edges in another colour. */
const picture =
  (width: number, height: number) =>
  (x: number, y: number): readonly [number, number, number] => {
    const [u, v] = [x / width, y / height];
    if ((u - 0.5) ** 2 + (v - 0.5) ** 2 < 0.09) return [200, Math.round(60 + 100 * u), 40];
    return [Math.round(40 + 160 * u), Math.round(80 + 120 * v), Math.round(200 - 100 * u)];
  };

const pixels = (decoded: Decoded): Pixels => {
  if (!('pixels' in decoded)) throw new Error(`left out: ${decoded.leftOut}`);
  return decoded.pixels;
};

/** The mean of each `factor` × `factor` square of an RGBA picture (its colour channels). */
function boxed(rgba: ArrayLike<number>, width: number, height: number, factor: number): Pixels {
  const [w, h] = [Math.ceil(width / factor), Math.ceil(height / factor)];
  const out = new Uint8Array(w * h * 4);
  for (let oy = 0; oy < h; oy++)
    for (let ox = 0; ox < w; ox++) {
      const sums = [0, 0, 0];
      let n = 0;
      for (let y = oy * factor; y < Math.min(height, (oy + 1) * factor); y++)
        for (let x = ox * factor; x < Math.min(width, (ox + 1) * factor); x++, n++)
          for (let c = 0; c < 3; c++) sums[c] = (sums[c] ?? 0) + (rgba[(y * width + x) * 4 + c] ?? 0);
      out.set([...sums.map((s) => Math.round(s / n)), 255], (oy * w + ox) * 4);
    }
  return { width: w, height: h, rgba: out };
}

/** The mean and largest difference of the colour channels of two pictures of one size. */
function difference(a: Pixels, b: Pixels) {
  expect([a.width, a.height]).toEqual([b.width, b.height]);
  let sum = 0;
  let max = 0;
  for (let i = 0; i < a.rgba.length; i++) {
    if (i % 4 === 3) continue;
    const d = Math.abs((a.rgba[i] ?? 0) - (b.rgba[i] ?? 0));
    sum += d;
    max = Math.max(max, d);
  }
  return { mean: sum / ((a.rgba.length * 3) / 4), max };
}

/** jpeg-js's full decode of the same file, shrunk by averaging to the size of ours: what ours must show. */
function reference(bytes: Uint8Array, decoded: Pixels): Pixels {
  const full = jpeg.decode(bytes, { useTArray: true, formatAsRGBA: true, maxMemoryUsageInMB: 1024 });
  return boxed(full.data, full.width, full.height, Math.round(full.width / decoded.width));
}

describe('the JPEG writer of these tests', { timeout: 60_000 }, () => {
  it.each([
    ['baseline', {}],
    ['progressive with successive approximation', { progressive: true }],
  ])('writes %s JPEGs that jpeg-js decodes to the picture', (_, options) => {
    const spec: JpegSpec = { width: 320, height: 240, components: 3, sampling: 2, quality: 95, restartInterval: 5, ...options };
    const bytes = writeJpeg(spec, pixelSource(spec, picture(320, 240)));
    const decoded = jpeg.decode(bytes, { useTArray: true, formatAsRGBA: true });
    const source = new Uint8Array(320 * 240 * 4);
    for (let i = 0; i < 320 * 240; i++) source.set([...picture(320, 240)(i % 320, Math.floor(i / 320)), 255], i * 4);
    expect(difference({ width: 320, height: 240, rgba: decoded.data }, { width: 320, height: 240, rgba: source }).mean).toBeLessThan(3);
  });
});

// Pictures are made, encoded and decoded twice over in these tests: seconds each on a busy machine.
describe('a JPEG decoded for the card', { timeout: 120_000 }, () => {
  it.each<[string, Partial<JpegSpec>]>([
    ['baseline 4:2:0 with restart markers', { restartInterval: 7 }],
    ['baseline 4:4:4', { sampling: 1, width: 643, height: 481 }],
    ['grey', { components: 1, sampling: 1 }],
    ['progressive (libjpeg’s scans, successive approximation)', { progressive: true, restartInterval: 3 }],
    ['progressive without successive approximation', { progressive: true, approximation: false }],
    ['progressive 4:4:4, a restart marker after every block', { progressive: true, sampling: 1, restartInterval: 1, quality: 50 }],
  ])('is what a full decoder shows, at full size when the card can use it: %s', (_, options) => {
    const spec: JpegSpec = { width: 640, height: 480, components: 3, sampling: 2, quality: 90, ...options };
    const bytes = writeJpeg(spec, pixelSource(spec, picture(spec.width, spec.height)));
    const decoded = pixels(decodeJpeg(bytes, LARGE_TARGET));
    expect([decoded.width, decoded.height]).toEqual([spec.width, spec.height]);
    const { mean, max } = difference(decoded, reference(bytes, decoded));
    expect(mean).toBeLessThan(1);
    expect(max).toBeLessThanOrEqual(4);
  });

  it.each([
    [{ width: 400, height: 300 }, 8, [640, 480]],
    [{ width: 160, height: 120 }, 4, [320, 240]],
    [{ width: 80, height: 60 }, 2, [160, 120]],
    [{ width: 20, height: 20 }, 1, [80, 60]],
  ] as const)(
    'is decoded to fewer samples a block when the card is small (%o): each the mean of the pixels it covers',
    (target, size, dimensions) => {
      expect(blockSize(640, 480, target)).toBe(size);
      for (const progressive of [false, true]) {
        const spec: JpegSpec = { width: 640, height: 480, components: 3, sampling: 2, quality: 90, progressive };
        const bytes = writeJpeg(spec, pixelSource(spec, picture(640, 480)));
        const decoded = pixels(decodeJpeg(bytes, target));
        expect([decoded.width, decoded.height]).toEqual(dimensions);
        const { mean, max } = difference(decoded, reference(bytes, decoded));
        expect(mean).toBeLessThan(1);
        expect(max).toBeLessThanOrEqual(4);
      }
    },
  );

  it('keeps a browser-shrunk 2048 × 1536 photo sharp: 1024 × 768 for the card’s 210 px, no more', () => {
    expect(blockSize(2048, 1536, CARD)).toBe(4);
    const data = new Uint8Array(2048 * 1536 * 4);
    for (let i = 0; i < 2048 * 1536; i++) data.set([...picture(2048, 1536)(i % 2048, Math.floor(i / 2048)), 255], i * 4);
    // jpeg-js writes baseline 4:4:4 with the standard Huffman tables: codes up to 16 bits long.
    const bytes = new Uint8Array(jpeg.encode({ width: 2048, height: 1536, data }, 85).data);
    const decoded = pixels(decodeJpeg(bytes, CARD));
    expect([decoded.width, decoded.height]).toEqual([1024, 768]);
    const { mean, max } = difference(decoded, reference(bytes, decoded));
    expect(mean).toBeLessThan(1);
    expect(max).toBeLessThanOrEqual(4);
  });

  it('reads only the DC coefficients of a large progressive JPEG, and none of its AC scans', () => {
    // 2400 × 1800 at 4:4:4: 202 500 blocks, more than are kept in full.
    expect((2400 / 8) * (1800 / 8) * 3).toBeGreaterThan(MAX_KEPT_BLOCKS);
    const bytes = sceneJpeg(2400, 1800, true, 1);
    const decoded = pixels(decodeJpeg(bytes, LARGE_TARGET));
    expect([decoded.width, decoded.height]).toEqual([300, 225]);
    expect(difference(decoded, reference(bytes, decoded)).mean).toBeLessThan(1.5);
    // Its last scan (the luma's last AC refinement) is never read: its data made garbage, the picture is the same.
    const lastScan = bytes.findLastIndex((b, i) => b === 0xff && bytes[i + 1] === 0xda);
    const dataStart = lastScan + 2 + (((bytes[lastScan + 2] ?? 0) << 8) | (bytes[lastScan + 3] ?? 0));
    const damaged = Uint8Array.from(bytes, (b, i) =>
      i >= dataStart && i < bytes.length - 2 && ![0x00, 0xff, 0xaa].includes(b) ? b ^ 0x55 : b,
    );
    expect(damaged).not.toEqual(bytes);
    expect(pixels(decodeJpeg(damaged, LARGE_TARGET)).rgba).toEqual(decoded.rgba);
  });

  it('decodes a progressive 4:2:0 JPEG of 2400 × 1800 in full (101 250 blocks kept), at what the card needs', () => {
    const decoded = pixels(decodeJpeg(sceneJpeg(2400, 1800, true), CARD));
    expect([decoded.width, decoded.height]).toEqual([600, 450]);
  });

  it.each([
    ['arithmetic-coded', jpegDeclaring(64, 64, 0xc9), 'arithmetic-coded JPEG'],
    ['lossless', jpegDeclaring(64, 64, 0xc3), 'lossless JPEG'],
    ['hierarchical', jpegDeclaring(64, 64, 0xc5), 'hierarchical JPEG'],
  ])('leaves a %s JPEG out of the card, saying so', (_, bytes, reason) => {
    expect(decodeJpeg(bytes, CARD)).toEqual({ leftOut: reason });
  });
});

/** PNG pictures of every kind: their raw samples, and the RGBA each pixel must become. */
const W = 437;
const H = 301;
const rgb = (x: number, y: number) => [Math.floor((x * 255) / W), Math.floor((y * 255) / H), (x ^ y) & 255];
const PALETTE = [255, 0, 0, 0, 255, 0, 0, 0, 255, 9, 9, 9];
const KINDS: Array<[string, Omit<PngSpec, 'width' | 'height'>, (x: number, y: number) => number[], (x: number, y: number) => number[]]> = [
  ['8-bit RGB', { colour: 2, depth: 8 }, rgb, (x, y) => [...rgb(x, y), 255]],
  ['8-bit RGBA', { colour: 6, depth: 8 }, (x, y) => [...rgb(x, y), (x * 3) & 255], (x, y) => [...rgb(x, y), (x * 3) & 255]],
  [
    '16-bit RGBA',
    { colour: 6, depth: 16 },
    (x, y) => [x * 150, y * 200, 30000, (x * 777) & 65535],
    (x, y) => [(x * 150) >> 8, (y * 200) >> 8, 117, ((x * 777) & 65535) >> 8],
  ],
  ['1-bit grey', { colour: 0, depth: 1 }, (x, y) => [(x + y) & 1], (x, y) => [...Array<number>(3).fill(((x + y) & 1) * 255), 255]],
  [
    '4-bit grey with a transparent grey',
    { colour: 0, depth: 4, transparency: [3] },
    (x, y) => [(x + y) & 15],
    (x, y) => [...Array<number>(3).fill(((x + y) & 15) * 17), ((x + y) & 15) === 3 ? 0 : 255],
  ],
  [
    '16-bit grey and alpha',
    { colour: 4, depth: 16 },
    (x, y) => [x * 100, y * 200],
    (x, y) => [...Array<number>(3).fill((x * 100) >> 8), (y * 200) >> 8],
  ],
  [
    '2-bit palette with transparency',
    { colour: 3, depth: 2, palette: PALETTE, transparency: [255, 128, 0] },
    (x, y) => [((x >> 3) ^ (y >> 3)) & 3],
    (x, y) => {
      const i = ((x >> 3) ^ (y >> 3)) & 3;
      return [...PALETTE.slice(3 * i, 3 * i + 3), [255, 128, 0][i] ?? 255];
    },
  ],
  [
    '8-bit RGB with a transparent colour',
    { colour: 2, depth: 8, transparency: [10, 20, 30] },
    (x, y) => ((x + y) % 7 ? rgb(x, y) : [10, 20, 30]),
    (x, y) => ((x + y) % 7 ? [...rgb(x, y), 255] : [10, 20, 30, 0]),
  ],
];

/** The expected picture shrunk by averaging `factor` × `factor` squares, colours weighted by their alpha. */
function expectedPng(expected: (x: number, y: number) => number[], factor: number): Pixels {
  const [w, h] = [Math.ceil(W / factor), Math.ceil(H / factor)];
  const rgba = new Uint8Array(w * h * 4);
  for (let oy = 0; oy < h; oy++)
    for (let ox = 0; ox < w; ox++) {
      const sums = [0, 0, 0, 0];
      let n = 0;
      for (let y = oy * factor; y < Math.min(H, (oy + 1) * factor); y++)
        for (let x = ox * factor; x < Math.min(W, (ox + 1) * factor); x++, n++) {
          const [r = 0, g = 0, b = 0, a = 0] = expected(x, y);
          sums[0] = (sums[0] ?? 0) + r * a;
          sums[1] = (sums[1] ?? 0) + g * a;
          sums[2] = (sums[2] ?? 0) + b * a;
          sums[3] = (sums[3] ?? 0) + a;
        }
      const a = sums[3] ?? 0;
      rgba.set([...[0, 1, 2].map((c) => (a ? Math.round((sums[c] ?? 0) / a) : 0)), Math.round(a / n)], (oy * w + ox) * 4);
    }
  return { width: w, height: h, rgba };
}

describe('a PNG decoded for the card', { timeout: 60_000 }, () => {
  it.each(KINDS)('shows a %s PNG, whole or shrunk as its rows arrive (every row filter in turn)', async (_, kind, sample, expected) => {
    const bytes = await writePng({ width: W, height: H, ...kind }, sample);
    for (const [target, factor] of [
      [LARGE_TARGET, 1],
      [{ width: 50, height: 50 }, 3],
    ] as const) {
      expect(shrinkFactor(W, H, target)).toBe(factor);
      const decoded = pixels(decodePng(bytes, target));
      const want = expectedPng(expected, factor);
      expect([decoded.width, decoded.height]).toEqual([want.width, want.height]);
      let worst = 0;
      for (let i = 0; i < want.rgba.length; i++) {
        // The colour of a pixel that is wholly transparent does not count.
        if (i % 4 !== 3 && want.rgba[i - (i % 4) + 3] === 0) continue;
        worst = Math.max(worst, Math.abs((want.rgba[i] ?? 0) - (decoded.rgba[i] ?? 0)));
      }
      expect(worst).toBeLessThanOrEqual(1);
    }
  });

  it('agrees with fast-png on the PNGs both read', () => {
    const data = new Uint8Array(W * H * 4);
    // Any alpha but 0: the colour of a wholly transparent pixel is not kept.
    for (let i = 0; i < W * H; i++) data.set([...rgb(i % W, Math.floor(i / W)), 1 + ((i * 7) % 255)], i * 4);
    const bytes = encodePngFile({ width: W, height: H, data, channels: 4 });
    expect(pixels(decodePng(bytes, LARGE_TARGET)).rgba).toEqual(decodePngFile(bytes).data);
  });

  it.each([
    ['its every pixel when it is small', LARGE_TARGET, 1, 7],
    ['every 2nd pixel a side from its first five passes', { width: 60, height: 60 }, 2, 5],
    ['every 4th pixel a side from its first three passes', { width: 30, height: 30 }, 4, 3],
    ['every 8th pixel a side from its first pass', { width: 10, height: 10 }, 8, 1],
  ] as const)('reads of an interlaced PNG %s', async (_, target, step, passes) => {
    const sample = (x: number, y: number) => [...rgb(x, y), 200];
    const bytes = await writePng({ width: W, height: H, colour: 6, depth: 8, interlaced: true }, sample);
    const decoded = pixels(decodePng(bytes, target));
    expect([decoded.width, decoded.height]).toEqual([Math.ceil(W / step), Math.ceil(H / step)]);
    for (let y = 0; y < decoded.height; y++)
      for (let x = 0; x < decoded.width; x++) {
        const at = (y * decoded.width + x) * 4;
        expect([...decoded.rgba.slice(at, at + 4)]).toEqual(sample(x * step, y * step));
      }
    // The passes after these are never read: a file that ends after them gives the same picture.
    if (passes < 7) {
      const cut = await writePng({ width: W, height: H, colour: 6, depth: 8, interlaced: true, passes }, sample);
      expect(pixels(decodePng(cut, target)).rgba).toEqual(decoded.rgba);
      expect(() => decodePng(cut, LARGE_TARGET)).toThrow('PNG data ends');
    }
  });

  it('reads a 1-bit interlaced PNG, and the passes of a picture smaller than a pass', async () => {
    const bytes = await writePng(
      { width: W, height: H, colour: 3, depth: 1, interlaced: true, palette: [0, 0, 0, 255, 255, 255] },
      (x, y) => [(x + y) & 1],
    );
    const decoded = pixels(decodePng(bytes, LARGE_TARGET));
    expect([decoded.rgba[0], decoded.rgba[4], decoded.rgba[(W + 1) * 4]]).toEqual([0, 255, 0]);
    const tiny = await writePng({ width: 5, height: 3, colour: 2, depth: 8, interlaced: true }, rgb);
    expect([...pixels(decodePng(tiny, LARGE_TARGET)).rgba.slice(4 * 7, 4 * 8)]).toEqual([...rgb(2, 1), 255]);
  });
});

describe('a photo for the card', () => {
  it('is never decoded to more than the card needs, however large', () => {
    for (const [width, height] of [
      [8000, 5000],
      [10_000, 4000],
      [10_000, 1],
      [6324, 6324],
    ] as const) {
      const size = blockSize(width, height, CARD);
      expect(Math.ceil((width * size) / 8) * Math.ceil((height * size) / 8)).toBeLessThanOrEqual(MAX_DECODED_PIXELS);
      const factor = shrinkFactor(width, height, CARD);
      expect(Math.ceil(width / factor) * Math.ceil(height / factor)).toBeLessThanOrEqual(MAX_DECODED_PIXELS);
    }
  });

  it('is left out, unread, when it is larger than an upload may be, or WebP or GIF', async () => {
    expect(decodePhoto(await blackPng(9000, 9000), CARD)).toEqual({ leftOut: '9000 × 9000 px, over the photo limits' });
    expect(decodePhoto(jpegDeclaring(10_001, 10), CARD)).toEqual({ leftOut: '10001 × 10 px, over the photo limits' });
    expect(decodePhoto(webpDeclaring(100, 100), CARD)).toEqual({ leftOut: 'no decoder for webp' });
    expect(decodePhoto(gifDeclaring(100, 100), CARD)).toEqual({ leftOut: 'no decoder for gif' });
  });
});
