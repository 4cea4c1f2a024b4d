/**
 * Photos as bytes: what they are (by their magic bytes, never by name or declared type) and the same image
 * without the metadata a camera puts in (EXIF with GPS position, XMP, IPTC, comments) and without what follows
 * the image's end (a second picture, a video). Each cleaner keeps what it knows draws the picture and drops the
 * rest, so a kind of metadata nobody thought of goes too.
 */
export type ImageType = 'jpeg' | 'png' | 'webp' | 'gif';

export const IMAGE_TYPES: Record<ImageType, { contentType: string; extension: string }> = {
  jpeg: { contentType: 'image/jpeg', extension: 'jpg' },
  png: { contentType: 'image/png', extension: 'png' },
  webp: { contentType: 'image/webp', extension: 'webp' },
  gif: { contentType: 'image/gif', extension: 'gif' },
};

/** The image is not what its first bytes promised (truncated, a broken segment or chunk). */
export class InvalidImageError extends Error {}

const ascii = (bytes: Uint8Array, start: number, length: number) => String.fromCharCode(...bytes.subarray(start, start + length));

export function sniffImage(bytes: Uint8Array): ImageType | null {
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'jpeg';
  if (bytes.length >= 8 && [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a].every((b, i) => bytes[i] === b)) return 'png';
  if (bytes.length >= 6 && (ascii(bytes, 0, 6) === 'GIF87a' || ascii(bytes, 0, 6) === 'GIF89a')) return 'gif';
  if (bytes.length >= 12 && ascii(bytes, 0, 4) === 'RIFF' && ascii(bytes, 8, 4) === 'WEBP') return 'webp';
  return null;
}

function concat(parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let offset = 0;
  for (const part of parts) {
    out.set(part, offset);
    offset += part.length;
  }
  return out;
}

function need(bytes: Uint8Array, end: number): void {
  if (end > bytes.length) throw new InvalidImageError('truncated image');
}

const u16be = (bytes: Uint8Array, at: number) => ((bytes[at] ?? 0) << 8) | (bytes[at + 1] ?? 0);
const u32be = (bytes: Uint8Array, at: number) =>
  (bytes[at] ?? 0) * 2 ** 24 + (((bytes[at + 1] ?? 0) << 16) | ((bytes[at + 2] ?? 0) << 8) | (bytes[at + 3] ?? 0));
const u32le = (bytes: Uint8Array, at: number) =>
  (bytes[at + 3] ?? 0) * 2 ** 24 + (((bytes[at + 2] ?? 0) << 16) | ((bytes[at + 1] ?? 0) << 8) | (bytes[at] ?? 0));

/** JPEG markers of the segments that draw the picture: frames (SOFn), Huffman, arithmetic and quantisation tables, DNL, DRI, DHP, EXP. */
const drawsJpeg = (marker: number) => (marker >= 0xc0 && marker <= 0xcf && marker !== 0xc8) || (marker >= 0xdb && marker <= 0xdf);
const isJpegFrame = (marker: number) => drawsJpeg(marker) && marker <= 0xcf && marker !== 0xc4 && marker !== 0xcc;

/**
 * The APPn segments a decoder needs, by their identifier, not their number (any APPn can carry anything): JFIF's
 * APP0 without its thumbnail (a thumbnail can show the photo before it was cropped), the ICC colour profile in
 * APP2 (APP2 also carries MPF, the index of further pictures, and FlashPix), Adobe's APP14 (colour transform)
 * cut to its fixed 12 bytes. Null when the segment goes.
 */
function keptJpegApp(marker: number, segment: Uint8Array): Uint8Array | null {
  const payload = segment.subarray(4);
  if (marker === 0xe0 && payload.length >= 14 && ascii(payload, 0, 5) === 'JFIF\0') {
    return concat([Uint8Array.of(0xff, 0xe0, 0, 16), payload.subarray(0, 12), Uint8Array.of(0, 0)]);
  }
  if (marker === 0xe2 && ascii(payload, 0, 12) === 'ICC_PROFILE\0') return segment;
  if (marker === 0xee && payload.length >= 12 && ascii(payload, 0, 5) === 'Adobe') {
    return concat([Uint8Array.of(0xff, 0xee, 0, 14), payload.subarray(0, 12)]);
  }
  return null;
}

/**
 * Where a scan's entropy-coded data ends: at the first marker, i.e. 0xFF followed by neither a stuffed 0x00 nor
 * a restart marker (RST0–7). Data that never reaches one has no end of image.
 */
function jpegScanEnd(bytes: Uint8Array, start: number): number {
  let at = start;
  for (;;) {
    at = bytes.indexOf(0xff, at);
    if (at < 0 || at + 1 >= bytes.length) throw new InvalidImageError('JPEG without end of image');
    const next = bytes[at + 1] ?? 0;
    if (next !== 0x00 && (next < 0xd0 || next > 0xd7)) return at;
    at += 2;
  }
}

/**
 * JPEG: keeps the segments that draw the picture, the scans' entropy-coded data (a progressive JPEG has several
 * scans with tables between them) and the APPn of keptJpegApp; drops every other APPn (EXIF and XMP in APP1, MPF,
 * IPTC in APP13, C2PA in APP11, …), comments and unknown markers. Ends right after the first image's EOI: phones
 * append a second picture with its own EXIF and GPS (MPF) or a video (motion photos) there. A JPEG without EOI,
 * or without a frame and a scan, is refused.
 */
function stripJpeg(bytes: Uint8Array): Uint8Array {
  const keep: Uint8Array[] = [bytes.subarray(0, 2)];
  let offset = 2;
  let frame = false;
  let scanned = false;
  for (;;) {
    need(bytes, offset + 2);
    if (bytes[offset] !== 0xff) throw new InvalidImageError('JPEG segment without marker');
    const marker = bytes[offset + 1] ?? 0;
    if (marker === 0xff) {
      offset += 1; // fill byte
      continue;
    }
    if (marker === 0xd9) {
      if (!scanned) throw new InvalidImageError('JPEG without a scan');
      keep.push(bytes.subarray(offset, offset + 2));
      return concat(keep);
    }
    // A stuffed byte, TEM, a restart or a second start of image belong nowhere between segments.
    if (marker === 0x00 || marker === 0x01 || (marker >= 0xd0 && marker <= 0xd8)) throw new InvalidImageError('JPEG marker out of place');
    need(bytes, offset + 4);
    const length = u16be(bytes, offset + 2);
    if (length < 2) throw new InvalidImageError('JPEG segment length');
    const end = offset + 2 + length;
    need(bytes, end);
    if (marker === 0xda) {
      if (!frame) throw new InvalidImageError('JPEG scan before its frame');
      const dataEnd = jpegScanEnd(bytes, end);
      keep.push(bytes.subarray(offset, dataEnd));
      scanned = true;
      offset = dataEnd;
      continue;
    }
    const segment = bytes.subarray(offset, end);
    if (isJpegFrame(marker)) frame = true;
    const kept = drawsJpeg(marker) ? segment : marker >= 0xe0 && marker <= 0xef ? keptJpegApp(marker, segment) : null;
    if (kept) keep.push(kept);
    offset = end;
  }
}

/**
 * PNG chunks that draw the picture: the critical ones, transparency, colour (cHRM, gAMA, iCCP, sBIT, sRGB, cICP,
 * mDCv, cLLi), background, pixel size and APNG's animation. Everything else goes: text (tEXt, zTXt, iTXt; also
 * ImageMagick's raw EXIF and XMP profiles), eXIf, tIME, C2PA's caBX, private chunks.
 */
const PNG_KEPT = new Set([
  'IHDR',
  'PLTE',
  'IDAT',
  'IEND',
  'tRNS',
  'cHRM',
  'gAMA',
  'iCCP',
  'sBIT',
  'sRGB',
  'cICP',
  'mDCv',
  'cLLi',
  'bKGD',
  'pHYs',
  'acTL',
  'fcTL',
  'fdAT',
]);

/** PNG: keeps the chunks of PNG_KEPT, each with its own CRC, up to IEND; whatever follows IEND is cut off. */
function stripPng(bytes: Uint8Array): Uint8Array {
  const keep: Uint8Array[] = [bytes.subarray(0, 8)];
  let offset = 8;
  for (;;) {
    need(bytes, offset + 12);
    const length = u32be(bytes, offset);
    const type = ascii(bytes, offset + 4, 4);
    const end = offset + 12 + length;
    need(bytes, end);
    // A chunk with an upper-case first letter must be understood by a decoder; an unknown one makes no image.
    if (PNG_KEPT.has(type)) keep.push(bytes.subarray(offset, end));
    else if (!((bytes[offset + 4] ?? 0) & 0x20)) throw new InvalidImageError('PNG critical chunk');
    offset = end;
    if (type === 'IEND') return concat(keep);
  }
}

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
function stripWebp(bytes: Uint8Array): Uint8Array {
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

/**
 * GIF: keeps the image blocks, graphic control extensions and the animation loop (NETSCAPE2.0, ANIMEXTS1.0), the
 * extensions cut to their fixed data; drops comments, plain text extensions (which browsers do not draw), other
 * application extensions (XMP, C2PA live there) and unknown ones. Whatever follows the trailer (0x3B) is cut off.
 */
function stripGif(bytes: Uint8Array): Uint8Array {
  need(bytes, 13);
  const flags = bytes[10] ?? 0;
  let offset = 13 + (flags & 0x80 ? 3 * 2 ** ((flags & 0x07) + 1) : 0);
  need(bytes, offset);
  const keep: Uint8Array[] = [bytes.subarray(0, offset)];
  const skipSubBlocks = (start: number) => {
    let at = start;
    for (;;) {
      need(bytes, at + 1);
      const size = bytes[at] ?? 0;
      at += 1 + size;
      if (size === 0) return at;
    }
  };
  for (;;) {
    need(bytes, offset + 1);
    const introducer = bytes[offset];
    if (introducer === 0x3b) {
      keep.push(bytes.subarray(offset, offset + 1));
      return concat(keep);
    }
    if (introducer === 0x21) {
      need(bytes, offset + 2);
      const label = bytes[offset + 1];
      const end = skipSubBlocks(offset + 2);
      const first = bytes[offset + 2] ?? 0;
      if (label === 0xf9 && first === 4) keep.push(concat([bytes.subarray(offset, offset + 7), Uint8Array.of(0)]));
      if (label === 0xff && first === 11) {
        const application = ascii(bytes, offset + 3, 11);
        // The loop sub-block: size 3, id 1, the loop count.
        const loop = bytes[offset + 14] === 3 && bytes[offset + 15] === 1;
        if ((application === 'NETSCAPE2.0' || application === 'ANIMEXTS1.0') && loop) {
          keep.push(concat([bytes.subarray(offset, offset + 18), Uint8Array.of(0)]));
        }
      }
      offset = end;
      continue;
    }
    if (introducer === 0x2c) {
      need(bytes, offset + 10);
      const local = bytes[offset + 9] ?? 0;
      const start = offset + 10 + (local & 0x80 ? 3 * 2 ** ((local & 0x07) + 1) : 0) + 1; // + LZW minimum code size
      const end = skipSubBlocks(start);
      keep.push(bytes.subarray(offset, end));
      offset = end;
      continue;
    }
    throw new InvalidImageError('GIF block');
  }
}

/** The same picture without its metadata. Throws InvalidImageError for bytes that are not a well-formed image. */
export function stripMetadata(bytes: Uint8Array, type: ImageType): Uint8Array {
  switch (type) {
    case 'jpeg':
      return stripJpeg(bytes);
    case 'png':
      return stripPng(bytes);
    case 'webp':
      return stripWebp(bytes);
    case 'gif':
      return stripGif(bytes);
  }
}
