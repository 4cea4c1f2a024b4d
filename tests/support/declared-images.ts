/**
 * Image files that declare a picture of any size in their headers with a few bytes: well-formed enough for the
 * metadata cleaners (lib/images.ts), never decodable at the size they claim. What an attacker sends to make a
 * decoder allocate gigabytes. Plain JavaScript, for the unit tests and the Worker's alike.
 */

const be16 = (n: number) => [(n >> 8) & 0xff, n & 0xff];
const be32 = (n: number) => [(n >>> 24) & 0xff, (n >> 16) & 0xff, (n >> 8) & 0xff, n & 0xff];
const le16 = (n: number) => [n & 0xff, (n >> 8) & 0xff];
const le24 = (n: number) => [n & 0xff, (n >> 8) & 0xff, (n >> 16) & 0xff];
const le32 = (n: number) => [...le24(n), (n >>> 24) & 0xff];
const ascii = (text: string) => [...text].map((c) => c.charCodeAt(0));

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
const crc32 = (bytes: number[]) => (bytes.reduce((c, b) => (CRC_TABLE[(c ^ b) & 0xff] ?? 0) ^ (c >>> 8), 0xffffffff) ^ 0xffffffff) >>> 0;

/** A JPEG segment: marker, length (counting itself) and payload. */
export const jpegSegment = (marker: number, payload: number[]) => [0xff, marker, ...be16(payload.length + 2), ...payload];

/**
 * A grey JPEG whose frame header (`frameMarker`: SOF0 baseline, SOF2 progressive, SOF9 arithmetic, …) declares
 * `width` × `height`, with one scan of two bytes: what follows the header is never read at upload.
 */
export function jpegDeclaring(width: number, height: number, frameMarker = 0xc0): Uint8Array {
  return Uint8Array.from([
    0xff,
    0xd8,
    ...jpegSegment(0xdb, [0, ...new Array<number>(64).fill(1)]),
    ...jpegSegment(frameMarker, [8, ...be16(height), ...be16(width), 1, 1, 0x11, 0]),
    ...jpegSegment(0xc4, [0x00, 1, ...new Array<number>(15).fill(0), 0]),
    ...jpegSegment(0xc4, [0x10, 1, ...new Array<number>(15).fill(0), 0]),
    ...jpegSegment(0xda, [1, 1, 0x00, 0, 63, 0]),
    0x00,
    0x00,
    0xff,
    0xd9,
  ]);
}

/** A PNG chunk with its length and CRC. */
export const pngChunk = (type: string, data: number[] | Uint8Array) => {
  const body = [...ascii(type), ...data];
  return [...be32(data.length), ...body, ...be32(crc32(body))];
};

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const ihdr = (width: number, height: number, depth: number, colour: number) =>
  pngChunk('IHDR', [...be32(width), ...be32(height), depth, colour, 0, 0, 0]);

/** An 8-bit grey PNG whose IHDR declares `width` × `height`, with an IDAT of a few bytes. */
export function pngDeclaring(width: number, height: number): Uint8Array {
  return Uint8Array.from([
    ...PNG_SIGNATURE,
    ...ihdr(width, height, 8, 0),
    ...pngChunk('IDAT', [0x78, 0x9c, 0x03, 0, 0, 0, 0, 1]),
    ...pngChunk('IEND', []),
  ]);
}

/**
 * A real, complete 8-bit grey PNG of `width` × `height` black pixels: every row is a filter byte and zeros, which
 * deflate shrinks about a thousandfold (9000 × 9000 is a file of about 79 KB that decodes to 81 MB of grey, or
 * 324 MB as RGBA).
 */
export async function blackPng(width: number, height: number): Promise<Uint8Array> {
  const row = new Uint8Array(width + 1);
  const stream = new ReadableStream<Uint8Array>({
    start(controller) {
      for (let y = 0; y < height; y++) controller.enqueue(row);
      controller.close();
    },
  }).pipeThrough(new CompressionStream('deflate'));
  const idat = new Uint8Array(await new Response(stream).arrayBuffer());
  return Uint8Array.from([...PNG_SIGNATURE, ...ihdr(width, height, 8, 0), ...pngChunk('IDAT', idat), ...pngChunk('IEND', [])]);
}

/** A RIFF chunk of a WebP, padded to an even size. */
export const riffChunk = (type: string, data: number[]) => [...ascii(type), ...le32(data.length), ...data, ...(data.length % 2 ? [0] : [])];

export const webpFile = (chunks: number[][]) => {
  const body = chunks.flat();
  return Uint8Array.from([...ascii('RIFF'), ...le32(body.length + 4), ...ascii('WEBP'), ...body]);
};

/** A lossy WebP bitstream's header declaring `width` × `height` (at most 16 383 a side). */
export const vp8Declaring = (width: number, height: number) =>
  riffChunk('VP8 ', [0x50, 0x01, 0x00, 0x9d, 0x01, 0x2a, ...le16(width), ...le16(height), 0, 0]);

/** An extended WebP whose VP8X canvas declares `width` × `height` around a 1 × 1 lossless picture. */
export function webpDeclaring(width: number, height: number): Uint8Array {
  return webpFile([riffChunk('VP8X', [0, 0, 0, 0, ...le24(width - 1), ...le24(height - 1)]), riffChunk('VP8L', [0x2f, 0, 0, 0, 0])]);
}

/** A GIF image descriptor at `left`, `top` of `width` × `height` with one empty LZW sub-block. */
export const gifImage = (left: number, top: number, width: number, height: number) => [
  0x2c,
  ...le16(left),
  ...le16(top),
  ...le16(width),
  ...le16(height),
  0,
  2,
  2,
  0x4c,
  0x01,
  0,
];

/** A GIF whose logical screen declares `width` × `height`, with `images` (default: one 1 × 1 image). */
export function gifDeclaring(width: number, height: number, images: number[][] = [gifImage(0, 0, 1, 1)]): Uint8Array {
  return Uint8Array.from([...ascii('GIF89a'), ...le16(width), ...le16(height), 0, 0, 0, ...images.flat(), 0x3b]);
}
