import { encode as encodePng } from 'fast-png';
import jpeg from 'jpeg-js';
import { describe, expect, it } from 'vitest';
import { MAX_PHOTO_PIXELS, MAX_PHOTO_SIDE } from '../../src/shared/schemas/limits';
import { decodableSize, InvalidImageError, imageSize, stripMetadata } from '../../src/worker/lib/images';
import {
  gifDeclaring,
  gifImage,
  jpegDeclaring,
  jpegSegment,
  pngChunk,
  pngDeclaring,
  riffChunk,
  vp8Declaring,
  webpDeclaring,
  webpFile,
} from '../support/declared-images';

const join = (...parts: Array<Uint8Array | number[]>) => Uint8Array.from(parts.flatMap((p) => [...p]));
const be32 = (n: number) => [(n >>> 24) & 0xff, (n >> 16) & 0xff, (n >> 8) & 0xff, n & 0xff];

describe('the size a JPEG declares', () => {
  it('is what a real JPEG has', () => {
    const data = new Uint8Array(37 * 21 * 4).fill(200);
    expect(imageSize(new Uint8Array(jpeg.encode({ width: 37, height: 21, data }, 80).data), 'jpeg')).toEqual({ width: 37, height: 21 });
  });

  it.each([
    ['baseline', 0xc0],
    ['extended', 0xc1],
    ['progressive', 0xc2],
    ['lossless', 0xc3],
    ['arithmetic-coded', 0xc9],
    ['progressive arithmetic-coded', 0xca],
    ['lossless arithmetic-coded', 0xcb],
    ['differential (hierarchical)', 0xc5],
    ['differential arithmetic-coded', 0xcf],
  ])('is read from a %s frame header', (_, marker) => {
    const file = jpegDeclaring(9000, 9000, marker);
    expect(stripMetadata(file, 'jpeg')).toEqual(file);
    expect(imageSize(file, 'jpeg')).toEqual({ width: 9000, height: 9000 });
  });

  it('is the largest of every frame and of a hierarchical JPEG’s DHP, up to the EOI', () => {
    const dhp = jpegSegment(0xde, [8, 0x30, 0x00, 0x00, 0x40, 1, 1, 0x11, 0]); // 12288 high, 64 wide
    const file = jpegDeclaring(64, 8);
    expect(imageSize(join(file.subarray(0, 2), dhp, file.subarray(2)), 'jpeg')).toEqual({ width: 64, height: 12288 });
    const secondFrame = jpegSegment(0xc0, [8, 0, 8, 0x2a, 0xf9, 1, 1, 0x11, 0]); // 8 high, 11001 wide
    expect(imageSize(join(file.subarray(0, -2), secondFrame, file.subarray(-2)), 'jpeg').width).toBe(11001);
    // A frame after the EOI is no part of what is stored.
    expect(imageSize(join(file, jpegDeclaring(20000, 20000)), 'jpeg')).toEqual({ width: 64, height: 8 });
  });

  it('is 0 high when the frame leaves its height to a DNL segment after the scan', () => {
    expect(imageSize(jpegDeclaring(640, 0), 'jpeg')).toEqual({ width: 640, height: 0 });
  });

  it('cannot be read without a frame, or from a cut frame header', () => {
    const file = jpegDeclaring(640, 480);
    // The frame header follows SOI (2 bytes) and the quantisation table (69) and is 13 bytes long.
    const [before, after] = [file.subarray(0, 71), file.subarray(84)];
    expect(imageSize(join(before, jpegSegment(0xc0, [8, 0, 1, 0, 2, 1, 1, 0x11, 0]), after), 'jpeg')).toEqual({ width: 2, height: 1 });
    expect(() => imageSize(join(before, after), 'jpeg')).toThrow(InvalidImageError);
    expect(() => imageSize(join(before, jpegSegment(0xc0, [8, 1, 0]), after), 'jpeg')).toThrow(InvalidImageError);
  });
});

describe('the size a PNG declares', () => {
  it('is what a real PNG has, from its IHDR', () => {
    const file = encodePng({ width: 5, height: 7, data: new Uint8Array(5 * 7 * 3), channels: 3 });
    expect(imageSize(file, 'png')).toEqual({ width: 5, height: 7 });
    expect(imageSize(pngDeclaring(10001, 10), 'png')).toEqual({ width: 10001, height: 10 });
  });

  it('holds every animation frame (fcTL) with its offset', () => {
    const base = pngDeclaring(100, 100);
    const fctl = pngChunk('fcTL', [...be32(0), ...be32(50), ...be32(60), ...be32(20000), ...be32(70), 0, 1, 0, 1, 0, 0]);
    expect(imageSize(join(base.subarray(0, 33), fctl, base.subarray(33)), 'png')).toEqual({ width: 20050, height: 130 });
  });

  it('cannot be read when IHDR is not the first chunk or the file is cut', () => {
    const base = pngDeclaring(100, 100);
    expect(() => imageSize(join(base.subarray(0, 8), pngChunk('gAMA', be32(45455)), base.subarray(8)), 'png')).toThrow(InvalidImageError);
    expect(() => imageSize(base.subarray(0, 30), 'png')).toThrow(InvalidImageError);
  });
});

describe('the size a WebP declares', () => {
  it('is read from a lossy, a lossless and an extended WebP', () => {
    expect(imageSize(webpFile([vp8Declaring(640, 480)]), 'webp')).toEqual({ width: 640, height: 480 });
    // 14 bits each for width - 1 and height - 1 after the signature byte: 3000 × 2000.
    const bits = 2999 + 1999 * 2 ** 14;
    const vp8l = riffChunk('VP8L', [0x2f, bits & 0xff, (bits >> 8) & 0xff, (bits >> 16) & 0xff, (bits >>> 24) & 0xff]);
    expect(imageSize(webpFile([vp8l]), 'webp')).toEqual({ width: 3000, height: 2000 });
    expect(imageSize(webpDeclaring(20000, 3000), 'webp')).toEqual({ width: 20000, height: 3000 });
  });

  it('holds a bitstream larger than its canvas, and every animation frame with its offset', () => {
    const canvas = riffChunk('VP8X', [0x02, 0, 0, 0, 99, 0, 0, 99, 0, 0]); // 100 × 100
    expect(imageSize(webpFile([canvas, vp8Declaring(16000, 50)]), 'webp')).toEqual({ width: 16000, height: 100 });
    // A frame at x 2 × 6000, 10 wide, holding a 1 × 1 lossless picture.
    const frame = riffChunk('ANMF', [0x70, 0x17, 0, 0, 0, 0, 9, 0, 0, 9, 0, 0, 100, 0, 0, 0, ...riffChunk('VP8L', [0x2f, 0, 0, 0, 0])]);
    expect(imageSize(webpFile([canvas, frame]), 'webp')).toEqual({ width: 12010, height: 100 });
  });

  it('reads frames nested in frames no deeper than one: a WebP of 50 000 nested frames is sized, not a stack overflow (a 500)', () => {
    const inner = riffChunk('VP8L', [0x2f, 0, 0, 0, 0]);
    const depth = 50_000;
    // Each frame: its header, 16 bytes of frame fields, then the next frame; the picture innermost.
    const nested = new Uint8Array(depth * 24 + inner.length);
    nested.set(inner, depth * 24);
    for (let level = 0; level < depth; level++) {
      const at = level * 24;
      nested.set([0x41, 0x4e, 0x4d, 0x46], at);
      new DataView(nested.buffer).setUint32(at + 4, nested.length - at - 8, true);
    }
    expect(imageSize(webpFile([[...nested]]), 'webp')).toEqual({ width: 1, height: 1 });
  });

  it('cannot be read without a picture or from a broken bitstream header', () => {
    expect(() => imageSize(webpFile([riffChunk('EXIF', [1, 2])]), 'webp')).toThrow(InvalidImageError);
    expect(() => imageSize(webpFile([riffChunk('VP8 ', [0, 0, 0, 1, 2, 3, 4, 5, 6, 7])]), 'webp')).toThrow(InvalidImageError);
  });
});

describe('the size a GIF declares', () => {
  it('is its logical screen, holding every frame with its offset', () => {
    expect(imageSize(gifDeclaring(320, 200), 'gif')).toEqual({ width: 320, height: 200 });
    expect(imageSize(gifDeclaring(10, 10, [gifImage(0, 0, 1, 1), gifImage(60000, 5, 5000, 5)]), 'gif')).toEqual({
      width: 65000,
      height: 10,
    });
  });

  it('cannot be read from a cut file', () => {
    expect(() => imageSize(gifDeclaring(320, 200).subarray(0, 18), 'gif')).toThrow(InvalidImageError);
  });
});

describe('a size that may be decoded', () => {
  it.each([
    [10_000, 4000, true],
    [8000, 5000, true],
    [1, 10_000, true],
    [2048, 1536, true],
    [8000, 5001, false],
    [10_001, 10, false],
    [10, 10_001, false],
    [9000, 9000, false],
    [0, 480, false],
    [640, 0, false],
  ])('%i × %i: %s', (width, height, allowed) => {
    expect(decodableSize({ width, height })).toBe(allowed);
  });

  it('is bounded by the limits the forms can name', () => {
    expect([MAX_PHOTO_PIXELS, MAX_PHOTO_SIDE]).toEqual([40_000_000, 10_000]);
  });
});
