import { ascii, concat, InvalidImageError, need, u32be } from './bytes';

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
