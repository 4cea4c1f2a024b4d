import { u16be } from '../../../lib/image-formats/bytes';
import { isJpegFrame, jpegSegments } from '../../../lib/image-formats/jpeg';
import { InvalidImageError } from '../../../lib/images';
import { type HuffmanTable, huffmanTable } from './jpeg-bits';
import { jpegPixels } from './jpeg-color';
import type { Component, Frame, Scan } from './jpeg-frame';
import type { BlockSize } from './jpeg-idct';
import { decodeScan, finishProgressive, ZIGZAG } from './jpeg-scan';
import { blockSize, type Decoded, type Target } from './pixels';

/*
 * A JPEG photo for the card, decoded no larger than the card needs (pixels.ts blockSize): sequential JPEGs
 * (baseline and extended, Huffman-coded, 8 bits) block by block at 1, 2, 4 or 8 samples a block side. A
 * progressive JPEG's coefficients must be kept until its last scan: a small one's all of them (at most
 * MAX_KEPT_BLOCKS blocks, 16 MiB), a large one's DC coefficients alone (1/8 of each side; its AC scans are not
 * read). Arithmetic-coded, lossless, hierarchical and 12-bit JPEGs are left out of the card.
 */

/** The most blocks of a progressive JPEG whose coefficients are all kept (128 bytes each): 2048 × 2048 at 4:2:0. */
export const MAX_KEPT_BLOCKS = 1 << 17;

const FRAME_KINDS: Record<number, string> = { 195: 'lossless', 197: 'hierarchical', 198: 'hierarchical', 199: 'hierarchical' };
const frameKind = (marker: number) => FRAME_KINDS[marker] ?? (marker >= 0xc9 ? 'arithmetic-coded' : null);

/** DQT: one or more tables, each 64 values of 8 or 16 bits in zig-zag order. */
function readQuantisation(bytes: Uint8Array, start: number, end: number, tables: Array<Int32Array | undefined>): void {
  for (let at = start; at < end; ) {
    const wide = (bytes[at] ?? 0) >> 4;
    const table = new Int32Array(64);
    for (let k = 0; k < 64; k++) table[ZIGZAG[k] ?? 0] = wide ? u16be(bytes, at + 1 + 2 * k) : (bytes[at + 1 + k] ?? 0);
    tables[(bytes[at] ?? 0) & 3] = table;
    at += 1 + 64 * (wide ? 2 : 1);
  }
}

/** DHT: one or more tables, each its class (DC 0, AC 1), its number, 16 counts and the symbols. */
function readHuffman(bytes: Uint8Array, start: number, end: number, dc: HuffmanTable[], ac: HuffmanTable[]): void {
  for (let at = start; at + 17 <= end; ) {
    const counts = bytes.subarray(at + 1, at + 17);
    const total = counts.reduce((sum, n) => sum + n, 0);
    const table = huffmanTable(counts, bytes.subarray(at + 17, at + 17 + total));
    ((bytes[at] ?? 0) >> 4 ? ac : dc)[(bytes[at] ?? 0) & 3] = table;
    at += 17 + total;
  }
}

/** SOF: the frame, its components with their sample planes at the block size the card needs. */
function readFrame(bytes: Uint8Array, at: number, progressive: boolean, target: Target): Frame {
  const height = u16be(bytes, at + 1);
  const width = u16be(bytes, at + 3);
  const count = bytes[at + 5] ?? 0;
  const specs = Array.from({ length: count }, (_, i) => {
    const sampling = bytes[at + 7 + 3 * i] ?? 0;
    return { id: bytes[at + 6 + 3 * i] ?? 0, h: sampling >> 4, v: sampling & 15, quantisation: (bytes[at + 8 + 3 * i] ?? 0) & 3 };
  });
  if (!width || !height || specs.some((c) => c.h < 1 || c.h > 4 || c.v < 1 || c.v > 4)) throw new InvalidImageError('JPEG frame');
  const hMax = Math.max(...specs.map((c) => c.h));
  const vMax = Math.max(...specs.map((c) => c.v));
  const mcusPerLine = Math.ceil(width / (8 * hMax));
  const mcusPerColumn = Math.ceil(height / (8 * vMax));
  const blocks = specs.reduce((sum, c) => sum + mcusPerLine * c.h * mcusPerColumn * c.v, 0);
  const kept = progressive && blocks > MAX_KEPT_BLOCKS ? 1 : 64;
  const size = kept === 1 ? 1 : blockSize(width, height, target);
  const components: Component[] = specs.map((spec) => {
    const blocksPerLine = mcusPerLine * spec.h;
    const blocksPerColumn = mcusPerColumn * spec.v;
    // A subsampled component (the chroma of 4:2:0) at the decoded picture's resolution, where its AC is read.
    const subsampled = size * Math.min(hMax / spec.h, vMax / spec.v);
    const own = (kept === 1 ? 1 : [1, 2, 4, 8].includes(subsampled) ? Math.min(8, subsampled) : size) as BlockSize;
    return {
      ...spec,
      size: own,
      blocksPerLine,
      blocksPerColumn,
      ownBlocksPerLine: Math.ceil(Math.ceil((width * spec.h) / hMax) / 8),
      ownBlocksPerColumn: Math.ceil(Math.ceil((height * spec.v) / vMax) / 8),
      samples: new Uint8Array(blocksPerLine * blocksPerColumn * own * own),
      coefficients: progressive ? new Int16Array(blocksPerLine * blocksPerColumn * kept) : null,
    };
  });
  return { width, height, progressive, kept, components, hMax, vMax, mcusPerLine, mcusPerColumn, size };
}

/** SOS: the scan's components with their tables, and its spectral selection and successive approximation. */
function readScan(bytes: Uint8Array, at: number, frame: Frame, dc: HuffmanTable[], ac: HuffmanTable[]): Scan {
  const count = bytes[at] ?? 0;
  const components = Array.from({ length: count }, (_, i) => {
    const id = bytes[at + 1 + 2 * i];
    const tables = bytes[at + 2 + 2 * i] ?? 0;
    const component = frame.components.find((c) => c.id === id);
    if (!component) throw new InvalidImageError('JPEG scan of an unknown component');
    return { component, dc: dc[tables >> 4], ac: ac[tables & 15] };
  });
  const approximation = bytes[at + 3 + 2 * count] ?? 0;
  const spectralStart = bytes[at + 1 + 2 * count] ?? 0;
  const spectralEnd = Math.min(63, bytes[at + 2 + 2 * count] ?? 0);
  return { components, spectralStart, spectralEnd, approximationHigh: approximation >> 4, approximationLow: approximation & 15 };
}

export function decodeJpeg(bytes: Uint8Array, target: Target): Decoded {
  const quantisation: Array<Int32Array | undefined> = [];
  const dc: HuffmanTable[] = [];
  const ac: HuffmanTable[] = [];
  let restartInterval = 0;
  let adobeTransform: number | null = null;
  let frame: Frame | null = null;
  for (const { marker, start, end, dataEnd } of jpegSegments(bytes)) {
    if (marker === 0xdb) readQuantisation(bytes, start + 4, end, quantisation);
    else if (marker === 0xc4) readHuffman(bytes, start + 4, end, dc, ac);
    else if (marker === 0xdd) restartInterval = u16be(bytes, start + 4);
    else if (marker === 0xee && end - start >= 16 && String.fromCharCode(...bytes.subarray(start + 4, start + 9)) === 'Adobe') {
      adobeTransform = bytes[start + 15] ?? 0;
    } else if (isJpegFrame(marker)) {
      const kind = frameKind(marker);
      if (kind) return { leftOut: `${kind} JPEG` };
      if (frame) throw new InvalidImageError('JPEG with a second frame');
      if (bytes[start + 4] !== 8) return { leftOut: `${bytes[start + 4]}-bit JPEG` };
      frame = readFrame(bytes, start + 4, marker === 0xc2, target);
    } else if (marker === 0xda) {
      if (!frame) throw new InvalidImageError('JPEG scan before its frame');
      decodeScan(bytes, end, dataEnd, frame, readScan(bytes, start + 4, frame, dc, ac), quantisation, restartInterval);
    }
  }
  if (!frame) throw new InvalidImageError('JPEG without a frame');
  if (frame.progressive) finishProgressive(frame, quantisation);
  return jpegPixels(frame, adobeTransform);
}
