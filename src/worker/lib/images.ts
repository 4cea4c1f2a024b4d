/**
 * Photos as bytes: what they are (by their magic bytes, never by name or declared type) and the same image
 * without the metadata a camera puts in (EXIF with GPS position, XMP, IPTC, comments).
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

/**
 * JPEG: keeps the segments that draw the picture (and JFIF, the ICC colour profile in APP2, Adobe's APP14);
 * drops APP1 (EXIF, XMP), APP13 (IPTC), the other APPn and comments. Everything from the start of scan on is
 * image data and is kept as it is.
 */
function stripJpeg(bytes: Uint8Array): Uint8Array {
  const keep: Uint8Array[] = [bytes.subarray(0, 2)];
  let offset = 2;
  for (;;) {
    need(bytes, offset + 4);
    if (bytes[offset] !== 0xff) throw new InvalidImageError('JPEG segment without marker');
    const marker = bytes[offset + 1] ?? 0;
    if (marker === 0xff) {
      offset += 1; // fill byte
      continue;
    }
    const length = ((bytes[offset + 2] ?? 0) << 8) | (bytes[offset + 3] ?? 0);
    if (length < 2) throw new InvalidImageError('JPEG segment length');
    const end = offset + 2 + length;
    need(bytes, end);
    if (marker === 0xda) {
      keep.push(bytes.subarray(offset));
      return concat(keep);
    }
    const isApp = marker >= 0xe0 && marker <= 0xef;
    const dropped = marker === 0xfe || (isApp && marker !== 0xe0 && marker !== 0xe2 && marker !== 0xee);
    if (!dropped) keep.push(bytes.subarray(offset, end));
    offset = end;
  }
}

/** PNG: drops the text chunks (tEXt, zTXt, iTXt), eXIf and tIME; every other chunk keeps its own CRC. */
function stripPng(bytes: Uint8Array): Uint8Array {
  const dropped = new Set(['tEXt', 'zTXt', 'iTXt', 'eXIf', 'tIME']);
  const keep: Uint8Array[] = [bytes.subarray(0, 8)];
  let offset = 8;
  for (;;) {
    need(bytes, offset + 12);
    const length = new DataView(bytes.buffer, bytes.byteOffset + offset, 4).getUint32(0);
    const type = ascii(bytes, offset + 4, 4);
    const end = offset + 12 + length;
    need(bytes, end);
    if (!dropped.has(type)) keep.push(bytes.subarray(offset, end));
    offset = end;
    if (type === 'IEND') return concat(keep);
  }
}

/** WebP: drops the EXIF and XMP chunks, clears their flags in VP8X and fixes the RIFF size. */
function stripWebp(bytes: Uint8Array): Uint8Array {
  const chunks: Uint8Array[] = [];
  let offset = 12;
  while (offset < bytes.length) {
    need(bytes, offset + 8);
    const type = ascii(bytes, offset, 4);
    const size = new DataView(bytes.buffer, bytes.byteOffset + offset + 4, 4).getUint32(0, true);
    const end = offset + 8 + size + (size % 2);
    need(bytes, offset + 8 + size);
    if (type !== 'EXIF' && type !== 'XMP ') {
      const chunk = bytes.slice(offset, Math.min(end, bytes.length));
      if (type === 'VP8X' && chunk.length > 8) chunk[8] = (chunk[8] ?? 0) & ~0b1100; // EXIF (bit 3) and XMP (bit 2) flags
      chunks.push(chunk);
    }
    offset = end;
  }
  const body = concat(chunks);
  const header = new Uint8Array(12);
  header.set(bytes.subarray(0, 12));
  new DataView(header.buffer).setUint32(4, body.length + 4, true);
  return concat([header, body]);
}

/** GIF: drops comment extensions and application extensions other than the animation loop (XMP lives there). */
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
      const application = label === 0xff ? ascii(bytes, offset + 3, 11) : '';
      const loop = application === 'NETSCAPE2.0' || application === 'ANIMEXTS1.0';
      if (label !== 0xfe && (label !== 0xff || loop)) keep.push(bytes.subarray(offset, end));
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
