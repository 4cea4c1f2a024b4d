import { ascii, concat, cover, type ImageSize, InvalidImageError, need, u16be } from './bytes';

/** JPEG markers of the segments that draw the picture: frames (SOFn), Huffman, arithmetic and quantisation tables, DNL, DRI, DHP, EXP. */
const drawsJpeg = (marker: number) => (marker >= 0xc0 && marker <= 0xcf && marker !== 0xc8) || (marker >= 0xdb && marker <= 0xdf);
export const isJpegFrame = (marker: number) => drawsJpeg(marker) && marker <= 0xcf && marker !== 0xc4 && marker !== 0xcc;

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

/** One segment of a JPEG: its marker, where it starts and ends; a scan's entropy-coded data ends at `dataEnd`. */
export interface JpegSegment {
  marker: number;
  start: number;
  end: number;
  dataEnd: number;
}

/**
 * The segments of a JPEG from its start of image to its first EOI (included), scans with their entropy-coded
 * data. Throws InvalidImageError for bytes that break the segment structure.
 */
export function* jpegSegments(bytes: Uint8Array): Generator<JpegSegment> {
  let offset = 2;
  for (;;) {
    need(bytes, offset + 2);
    if (bytes[offset] !== 0xff) throw new InvalidImageError('JPEG segment without marker');
    const marker = bytes[offset + 1] ?? 0;
    if (marker === 0xff) {
      offset += 1; // fill byte
      continue;
    }
    if (marker === 0xd9) {
      yield { marker, start: offset, end: offset + 2, dataEnd: offset + 2 };
      return;
    }
    // A stuffed byte, TEM, a restart or a second start of image belong nowhere between segments.
    if (marker === 0x00 || marker === 0x01 || (marker >= 0xd0 && marker <= 0xd8)) throw new InvalidImageError('JPEG marker out of place');
    need(bytes, offset + 4);
    const length = u16be(bytes, offset + 2);
    if (length < 2) throw new InvalidImageError('JPEG segment length');
    const end = offset + 2 + length;
    need(bytes, end);
    const dataEnd = marker === 0xda ? jpegScanEnd(bytes, end) : end;
    yield { marker, start: offset, end, dataEnd };
    offset = dataEnd;
  }
}

/**
 * JPEG: keeps the segments that draw the picture, the scans' entropy-coded data (a progressive JPEG has several
 * scans with tables between them) and the APPn of keptJpegApp; drops every other APPn (EXIF and XMP in APP1, MPF,
 * IPTC in APP13, C2PA in APP11, …), comments and unknown markers. Ends right after the first image's EOI: phones
 * append a second picture with its own EXIF and GPS (MPF) or a video (motion photos) there. A JPEG without EOI,
 * or without a frame and a scan, is refused.
 */
export function stripJpeg(bytes: Uint8Array): Uint8Array {
  const keep: Uint8Array[] = [bytes.subarray(0, 2)];
  let frame = false;
  let scanned = false;
  for (const { marker, start, end, dataEnd } of jpegSegments(bytes)) {
    if (marker === 0xd9) {
      if (!scanned) throw new InvalidImageError('JPEG without a scan');
      keep.push(bytes.subarray(start, end));
      return concat(keep);
    }
    if (marker === 0xda) {
      if (!frame) throw new InvalidImageError('JPEG scan before its frame');
      keep.push(bytes.subarray(start, dataEnd));
      scanned = true;
      continue;
    }
    const segment = bytes.subarray(start, end);
    if (isJpegFrame(marker)) frame = true;
    const kept = drawsJpeg(marker) ? segment : marker >= 0xe0 && marker <= 0xef ? keptJpegApp(marker, segment) : null;
    if (kept) keep.push(kept);
  }
  throw new InvalidImageError('JPEG without end of image');
}

/**
 * The size a JPEG declares in its frame headers (SOF0–SOF15 of every coding: baseline, extended, progressive,
 * lossless, arithmetic, hierarchical) and in a hierarchical JPEG's DHP, read up to its first EOI. A height of 0
 * (the size left to a DNL segment after the scan) is answered as 0: the size cannot be read before decoding.
 */
export function jpegSize(bytes: Uint8Array): ImageSize {
  let size: ImageSize | null = null;
  for (const { marker, start, end } of jpegSegments(bytes)) {
    if (!isJpegFrame(marker) && marker !== 0xde) continue;
    if (end - start < 10) throw new InvalidImageError('JPEG frame header');
    const frame = { width: u16be(bytes, start + 7), height: u16be(bytes, start + 5) };
    size = size ? cover(size, frame) : frame;
    if (frame.height === 0) return frame;
  }
  if (!size) throw new InvalidImageError('JPEG without a frame');
  return size;
}
