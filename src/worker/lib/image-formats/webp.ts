import { ascii, concat, cover, type ImageSize, InvalidImageError, need, u16le, u24le, u32le } from './bytes';

/** WebP chunks that draw the picture, at the top level and in an animation frame (ANMF). */
const WEBP_KEPT = new Set(['VP8X', 'VP8 ', 'VP8L', 'ALPH', 'ANIM', 'ANMF', 'ICCP']);
const WEBP_FRAME_KEPT = new Set(['ALPH', 'VP8 ', 'VP8L']);

/** One RIFF chunk: its type, its little-endian size, its data and a zero pad byte when the size is odd. */
function riffChunk(type: string, data: Uint8Array): Uint8Array {
  const chunk = new Uint8Array(8 + data.length + (data.length % 2));
  chunk.set(Uint8Array.from(type, (c) => c.charCodeAt(0)));
  new DataView(chunk.buffer).setUint32(4, data.length, true);
  chunk.set(data, 8);
  return chunk;
}

/** The chunks of `kept` between `start` and `end` (an animation frame's own chunks too); others are dropped. */
function webpChunks(bytes: Uint8Array, start: number, end: number, kept: Set<string>): Uint8Array[] {
  const chunks: Uint8Array[] = [];
  let offset = start;
  while (offset < end) {
    if (offset + 8 > end) throw new InvalidImageError('WebP chunk header');
    const type = ascii(bytes, offset, 4);
    const size = u32le(bytes, offset + 4);
    const dataStart = offset + 8;
    const dataEnd = dataStart + size;
    if (dataEnd > end) throw new InvalidImageError('WebP chunk');
    offset = dataEnd + (size % 2);
    if (!kept.has(type)) continue;
    let data = bytes.subarray(dataStart, dataEnd);
    if (type === 'VP8X' && data.length > 0) {
      data = data.slice();
      data[0] = (data[0] ?? 0) & ~0b1100; // EXIF (bit 3) and XMP (bit 2) flags
    }
    if (type === 'ANMF') {
      if (size < 16) throw new InvalidImageError('WebP frame');
      data = concat([data.subarray(0, 16), ...webpChunks(bytes, dataStart + 16, dataEnd, WEBP_FRAME_KEPT)]);
    }
    chunks.push(riffChunk(type, data));
  }
  return chunks;
}

/**
 * WebP: keeps the chunks of WEBP_KEPT, read only within the RIFF size, and drops the others (EXIF, XMP, C2PA,
 * unknown ones); clears the EXIF and XMP flags in VP8X and writes the new RIFF size. Bytes after the RIFF chunk
 * are cut off.
 */
export function stripWebp(bytes: Uint8Array): Uint8Array {
  const riffEnd = 8 + u32le(bytes, 4);
  need(bytes, riffEnd);
  const chunks = webpChunks(bytes, 12, riffEnd, WEBP_KEPT);
  if (!chunks.some((chunk) => ['VP8 ', 'VP8L', 'ANMF'].includes(ascii(chunk, 0, 4)))) throw new InvalidImageError('WebP without a picture');
  const body = concat(chunks);
  const header = new Uint8Array(12);
  header.set(bytes.subarray(0, 12));
  new DataView(header.buffer).setUint32(4, body.length + 4, true);
  return concat([header, body]);
}

/** The size one chunk declares: VP8X's canvas, a lossy (VP8) or lossless (VP8L) bitstream's, a frame's extent. */
function webpChunkSize(bytes: Uint8Array, type: string, at: number, size: number): ImageSize | null {
  if (type === 'VP8X' && size >= 10) return { width: 1 + u24le(bytes, at + 4), height: 1 + u24le(bytes, at + 7) };
  if (type === 'VP8 ') {
    if (size < 10 || bytes[at + 3] !== 0x9d || bytes[at + 4] !== 0x01 || bytes[at + 5] !== 0x2a) throw new InvalidImageError('VP8 header');
    return { width: u16le(bytes, at + 6) & 0x3fff, height: u16le(bytes, at + 8) & 0x3fff };
  }
  if (type === 'VP8L') {
    if (size < 5 || bytes[at] !== 0x2f) throw new InvalidImageError('VP8L header');
    const bits = u32le(bytes, at + 1);
    return { width: 1 + (bits & 0x3fff), height: 1 + (Math.floor(bits / 2 ** 14) & 0x3fff) };
  }
  if (type === 'ANMF' && size >= 16) {
    return { width: 2 * u24le(bytes, at) + 1 + u24le(bytes, at + 6), height: 2 * u24le(bytes, at + 3) + 1 + u24le(bytes, at + 9) };
  }
  return null;
}

/**
 * The size a WebP declares: the canvas (VP8X), every bitstream's own size (a VP8X canvas can be smaller than what
 * its bitstream says) and every animation frame's extent, the frames' own bitstreams included.
 */
export function webpSize(bytes: Uint8Array): ImageSize {
  const riffEnd = 8 + u32le(bytes, 4);
  need(bytes, riffEnd);
  const sizes: ImageSize[] = [];
  // An animation frame's own chunks are read; a frame inside a frame is no WebP and is not followed further.
  const walk = (start: number, end: number, inFrame: boolean) => {
    for (let offset = start; offset < end; ) {
      if (offset + 8 > end) throw new InvalidImageError('WebP chunk header');
      const type = ascii(bytes, offset, 4);
      const size = u32le(bytes, offset + 4);
      if (offset + 8 + size > end) throw new InvalidImageError('WebP chunk');
      const chunk = webpChunkSize(bytes, type, offset + 8, size);
      if (chunk) sizes.push(chunk);
      if (type === 'ANMF' && size >= 16 && !inFrame) walk(offset + 24, offset + 8 + size, true);
      offset += 8 + size + (size % 2);
    }
  };
  walk(12, riffEnd, false);
  const [first, ...rest] = sizes;
  if (!first) throw new InvalidImageError('WebP without a size');
  return rest.reduce(cover, first);
}
