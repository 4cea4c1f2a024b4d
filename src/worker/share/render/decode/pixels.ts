import type { BlockSize } from './jpeg-idct';

/*
 * What the card's photo decoders give and how large they make it. A photo is never decoded at more than about
 * twice the card's photo area a side (the card shrinks it further by averaging, which keeps it sharp) nor at more
 * than MAX_DECODED_PIXELS: the job's memory then depends on the card, not on the photo (a 40-megapixel photo would
 * be 160 MB as RGBA).
 */

export interface Pixels {
  width: number;
  height: number;
  /** RGBA, row by row. */
  rgba: Uint8Array;
}

/** The size the photo is drawn at on the card. */
export interface Target {
  width: number;
  height: number;
}

/** The photo's pixels, or why the card leaves it out (for the job's log). */
export type Decoded = { pixels: Pixels } | { leftOut: string };

/** The most pixels a decoder makes (4 MiB as RGBA): a 40-megapixel photo at 1/8 is 625 000. */
export const MAX_DECODED_PIXELS = 1 << 20;

/** Decoded at `width` × `height`, the photo still has at least twice the pixels the card draws, a side. */
const sharp = (width: number, height: number, target: Target) => width >= 2 * target.width && height >= 2 * target.height;

/**
 * How many samples a side each 8 × 8 JPEG block is decoded to: the fewest that keep the photo sharp on the card,
 * and at most MAX_DECODED_PIXELS (a 2048 × 1536 photo: 4, 1024 × 768; 8000 × 5000: 1, the DC coefficients alone).
 */
export function blockSize(width: number, height: number, target: Target): BlockSize {
  let size: BlockSize = 8;
  const at = (s: number) => [Math.ceil((width * s) / 8), Math.ceil((height * s) / 8)] as const;
  while (size > 1) {
    const [w, h] = at(size);
    const [halfW, halfH] = at(size / 2);
    if (!sharp(halfW, halfH, target) && w * h <= MAX_DECODED_PIXELS) break;
    size = (size / 2) as BlockSize;
  }
  return size;
}

/**
 * By how much a photo decoded row by row is shrunk as its rows arrive (each pixel the mean of factor × factor):
 * the most that keeps it sharp on the card, and at least what brings it to MAX_DECODED_PIXELS.
 */
export function shrinkFactor(width: number, height: number, target: Target): number {
  let factor = Math.max(1, Math.floor(Math.min(width / (2 * target.width), height / (2 * target.height))));
  while (Math.ceil(width / factor) * Math.ceil(height / factor) > MAX_DECODED_PIXELS) factor++;
  return factor;
}
