import { ascii, u32be } from '../../../lib/image-formats/bytes';
import { InvalidImageError } from '../../../lib/images';
import { inflate } from './inflate';

/*
 * A PNG's rows one at a time: the compressed data is inflated as it is read (inflate.ts) and only as far as the
 * rows asked for; each row is unfiltered against the one before it and turned into RGBA. Two rows are held,
 * never the picture.
 */

export interface PngHeader {
  width: number;
  height: number;
  depth: number;
  /** Colour type: 0 grey, 2 RGB, 3 palette, 4 grey and alpha, 6 RGBA. */
  colour: number;
  interlaced: boolean;
  /** PLTE, RGB triples. */
  palette: Uint8Array | null;
  /** tRNS: a palette's alphas, or the one grey or RGB value (16 bits each) that is transparent. */
  transparency: Uint8Array | null;
  data: Uint8Array[];
}

const CHANNELS: Record<number, number> = { 0: 1, 2: 3, 3: 1, 4: 2, 6: 4 };
const DEPTHS: Record<number, number[]> = { 0: [1, 2, 4, 8, 16], 2: [8, 16], 3: [1, 2, 4, 8], 4: [8, 16], 6: [8, 16] };

/** The header, palette, transparency and compressed data of a PNG (its chunks up to IEND). */
export function readPng(bytes: Uint8Array): PngHeader {
  const header: PngHeader = { width: 0, height: 0, depth: 0, colour: 0, interlaced: false, palette: null, transparency: null, data: [] };
  for (let at = 8; at + 12 <= bytes.length; ) {
    const length = u32be(bytes, at);
    const type = ascii(bytes, at + 4, 4);
    const body = bytes.subarray(at + 8, at + 8 + length);
    if (type === 'IHDR') {
      Object.assign(header, { width: u32be(body, 0), height: u32be(body, 4), depth: body[8], colour: body[9], interlaced: body[12] === 1 });
      if (!DEPTHS[header.colour]?.includes(header.depth) || body[10] !== 0 || body[11] !== 0 || (body[12] ?? 0) > 1) {
        throw new InvalidImageError('PNG header');
      }
    } else if (type === 'PLTE') header.palette = body;
    else if (type === 'tRNS') header.transparency = body;
    else if (type === 'IDAT') header.data.push(body);
    else if (type === 'IEND') break;
    at += 12 + length;
  }
  if (!header.width || !header.height || header.data.length === 0) throw new InvalidImageError('PNG without a picture');
  return header;
}

/** The bytes of one row of `width` pixels, and how far back the filters look (at least one byte). */
export const rowBytes = (header: PngHeader, width: number) => Math.ceil((width * (CHANNELS[header.colour] ?? 1) * header.depth) / 8);
const filterDistance = (header: PngHeader) => Math.max(1, ((CHANNELS[header.colour] ?? 1) * header.depth) / 8);

function unfilter(type: number, row: Uint8Array, previous: Uint8Array, distance: number): void {
  const n = row.length;
  if (type === 0) return;
  if (type === 1) for (let i = distance; i < n; i++) row[i] = ((row[i] as number) + (row[i - distance] as number)) & 0xff;
  else if (type === 2) for (let i = 0; i < n; i++) row[i] = ((row[i] as number) + (previous[i] as number)) & 0xff;
  else if (type === 3)
    for (let i = 0; i < n; i++) {
      const a = i >= distance ? (row[i - distance] as number) : 0;
      row[i] = ((row[i] as number) + ((a + (previous[i] as number)) >> 1)) & 0xff;
    }
  else if (type === 4)
    for (let i = 0; i < n; i++) {
      const a = i >= distance ? (row[i - distance] as number) : 0;
      const b = previous[i] as number;
      const c = i >= distance ? (previous[i - distance] as number) : 0;
      const p = a + b - c;
      const pa = Math.abs(p - a);
      const pb = Math.abs(p - b);
      const pc = Math.abs(p - c);
      row[i] = ((row[i] as number) + (pa <= pb && pa <= pc ? a : pb <= pc ? b : c)) & 0xff;
    }
  else throw new InvalidImageError('PNG filter');
}

/**
 * Calls `onRow` with every row of each image of `images` in turn (a non-interlaced PNG is one image, an
 * interlaced one a pass each; an empty pass has no rows), unfiltered; stops inflating after the last one.
 */
export function inflateRows(
  header: PngHeader,
  images: ReadonlyArray<{ width: number; height: number }>,
  onRow: (image: number, y: number, row: Uint8Array) => void,
): void {
  const distance = filterDistance(header);
  const empty = (i: number) => !((images[i]?.width ?? 0) > 0 && (images[i]?.height ?? 0) > 0);
  let image = 0;
  while (image < images.length && empty(image)) image++;
  if (image === images.length) return;
  let current = new Uint8Array(0);
  let previous = new Uint8Array(0);
  let filled = 0;
  let y = 0;
  const startImage = () => {
    const size = rowBytes(header, (images[image] as { width: number }).width);
    current = new Uint8Array(size + 1);
    previous = new Uint8Array(size);
    filled = 0;
    y = 0;
  };
  startImage();
  inflate(header.data, (bytes) => {
    for (let at = 0; at < bytes.length; ) {
      const n = Math.min(current.length - filled, bytes.length - at);
      current.set(bytes.subarray(at, at + n), filled);
      filled += n;
      at += n;
      if (filled < current.length) continue;
      const row = current.subarray(1);
      unfilter(current[0] as number, row, previous, distance);
      onRow(image, y, row);
      previous.set(row);
      filled = 0;
      if (++y < (images[image] as { height: number }).height) continue;
      do image++;
      while (image < images.length && empty(image));
      if (image === images.length) return true;
      startImage();
    }
    return false;
  });
  if (image < images.length) throw new InvalidImageError('PNG data ends before its last row');
}

/** One unfiltered row of `width` pixels as RGBA, 8 bits a channel, into `out`. */
export function rowToRgba(header: PngHeader, row: Uint8Array, width: number, out: Uint8Array): void {
  const { depth, colour, palette, transparency } = header;
  // The common photos first: 8-bit RGB or RGBA without a transparent colour.
  if (depth === 8 && (colour === 6 || (colour === 2 && !transparency))) {
    const step = colour === 6 ? 4 : 3;
    for (let x = 0, i = 0, o = 0; x < width; x++, i += step, o += 4) {
      out[o] = row[i] as number;
      out[o + 1] = row[i + 1] as number;
      out[o + 2] = row[i + 2] as number;
      out[o + 3] = step === 4 ? (row[i + 3] as number) : 255;
    }
    return;
  }
  const channels = CHANNELS[colour] ?? 1;
  const max = (1 << depth) - 1;
  const raw = (x: number, c: number) => {
    const i = x * channels + c;
    if (depth === 8) return row[i] ?? 0;
    if (depth === 16) return ((row[2 * i] ?? 0) << 8) | (row[2 * i + 1] ?? 0);
    const bit = i * depth;
    return ((row[bit >> 3] ?? 0) >> (8 - depth - (bit & 7))) & max;
  };
  const byte = (value: number) => (depth === 16 ? value >> 8 : depth === 8 ? value : Math.round((value * 255) / max));
  const transparent = (values: number[]) =>
    transparency !== null &&
    colour !== 3 &&
    values.every((v, i) => v === (((transparency[2 * i] ?? 0) << 8) | (transparency[2 * i + 1] ?? 0)));
  for (let x = 0; x < width; x++) {
    const o = x * 4;
    if (colour === 3) {
      const index = raw(x, 0);
      out[o] = palette?.[3 * index] ?? 0;
      out[o + 1] = palette?.[3 * index + 1] ?? 0;
      out[o + 2] = palette?.[3 * index + 2] ?? 0;
      out[o + 3] = transparency?.[index] ?? 255;
    } else if (colour === 0 || colour === 4) {
      const grey = raw(x, 0);
      out.fill(byte(grey), o, o + 3);
      out[o + 3] = colour === 4 ? byte(raw(x, 1)) : transparent([grey]) ? 0 : 255;
    } else {
      const [r, g, b] = [raw(x, 0), raw(x, 1), raw(x, 2)];
      out[o] = byte(r);
      out[o + 1] = byte(g);
      out[o + 2] = byte(b);
      out[o + 3] = colour === 6 ? byte(raw(x, 3)) : transparent([r, g, b]) ? 0 : 255;
    }
  }
}
