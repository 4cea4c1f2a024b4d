import { ascii, concat, cover, type ImageSize, InvalidImageError, need, u32be } from './bytes';

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
export function stripPng(bytes: Uint8Array): Uint8Array {
  const keep: Uint8Array[] = [bytes.subarray(0, 8)];
  for (const { offset, type, end } of chunks(bytes)) {
    // A chunk with an upper-case first letter must be understood by a decoder; an unknown one makes no image.
    if (PNG_KEPT.has(type)) keep.push(bytes.subarray(offset, end));
    else if (!((bytes[offset + 4] ?? 0) & 0x20)) throw new InvalidImageError('PNG critical chunk');
  }
  return concat(keep);
}

/** A PNG's chunks from the first after the signature up to IEND, each checked to lie within the bytes. */
function* chunks(bytes: Uint8Array): Generator<{ offset: number; length: number; type: string; end: number }> {
  let offset = 8;
  for (;;) {
    need(bytes, offset + 12);
    const length = u32be(bytes, offset);
    const type = ascii(bytes, offset + 4, 4);
    const end = offset + 12 + length;
    need(bytes, end);
    yield { offset, length, type, end };
    if (type === 'IEND') return;
    offset = end;
  }
}

/**
 * The size a PNG declares: IHDR's (the first chunk), and for an animated PNG every frame's extent (fcTL: width,
 * height, x and y offsets), which must lie within it.
 */
export function pngSize(bytes: Uint8Array): ImageSize {
  need(bytes, 33);
  if (ascii(bytes, 12, 4) !== 'IHDR' || u32be(bytes, 8) !== 13) throw new InvalidImageError('PNG without IHDR');
  let size = { width: u32be(bytes, 16), height: u32be(bytes, 20) };
  for (const { offset, length, type } of chunks(bytes)) {
    if (type === 'fcTL' && length >= 20) {
      const at = offset + 8;
      size = cover(size, { width: u32be(bytes, at + 12) + u32be(bytes, at + 4), height: u32be(bytes, at + 16) + u32be(bytes, at + 8) });
    }
  }
  return size;
}
