/*
 * PNG encoding of the card: 8-bit RGB, each row with the filter that makes it smallest (the usual sum of absolute
 * differences), compressed with the platform's own zlib (CompressionStream 'deflate', in workerd and in Node).
 * It needs no library (decision record 025); the owners' PNG photos are read by decode/png.ts.
 */

const SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

const CRC_TABLE = (() => {
  const table = new Uint32Array(256);
  for (let n = 0; n < 256; n++) {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    table[n] = c >>> 0;
  }
  return table;
})();

export function crc32(bytes: Uint8Array, start = 0, end = bytes.length): number {
  let c = 0xffffffff;
  for (let i = start; i < end; i++) c = (CRC_TABLE[(c ^ (bytes[i] ?? 0)) & 0xff] ?? 0) ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

function chunk(type: string, data: Uint8Array): Uint8Array {
  const out = new Uint8Array(12 + data.length);
  const view = new DataView(out.buffer);
  view.setUint32(0, data.length);
  for (let i = 0; i < 4; i++) out[4 + i] = type.charCodeAt(i);
  out.set(data, 8);
  view.setUint32(8 + data.length, crc32(out, 4, 8 + data.length));
  return out;
}

/** A filtered byte's cost by the usual measure: its distance from 0 as a signed byte. */
const cost = (v: number) => (v < 128 ? v : 256 - v);

/**
 * Rows with their filter byte in front, each filtered the way that compresses best by the usual measure (the sum of
 * the filtered bytes' costs; the lowest filter number wins a tie). Written for speed, as the share job's largest
 * cost: the five sums in plain locals, the first pixel and the first row (no left or upper neighbour, read as 0)
 * apart from the loop over the rest, and a row equal to the one above it filtered "up" without measuring (all its
 * bytes are 0 then, which no filter beats and only "none" of a black row ties, with the same bytes).
 */
export function filterRows(rgb: Uint8Array, width: number, height: number): Uint8Array {
  const stride = width * 3;
  const out = new Uint8Array((stride + 1) * height);
  const prior = new Uint8Array(stride);
  for (let y = 0; y < height; y++) {
    const row = y * stride;
    const up = y > 0 ? rgb.subarray(row - stride, row) : prior;
    const at = y * (stride + 1);
    if (y > 0 && sameBytes(rgb, row, row - stride, stride)) {
      out[at] = isZero(rgb, row, stride) ? 0 : 2;
      continue;
    }
    let s0 = 0;
    let s1 = 0;
    let s2 = 0;
    let s3 = 0;
    let s4 = 0;
    for (let i = 0; i < stride; i++) {
      const x = rgb[row + i] as number;
      const b = up[i] as number;
      const a = i >= 3 ? (rgb[row + i - 3] as number) : 0;
      const c = i >= 3 ? (up[i - 3] as number) : 0;
      s0 += cost(x);
      s1 += cost((x - a) & 0xff);
      s2 += cost((x - b) & 0xff);
      s3 += cost((x - ((a + b) >> 1)) & 0xff);
      const p = a + b - c;
      const pa = p > a ? p - a : a - p;
      const pb = p > b ? p - b : b - p;
      const pc = p > c ? p - c : c - p;
      s4 += cost((x - (pa <= pb && pa <= pc ? a : pb <= pc ? b : c)) & 0xff);
    }
    let filter = 0;
    let best = s0;
    if (s1 < best) {
      filter = 1;
      best = s1;
    }
    if (s2 < best) {
      filter = 2;
      best = s2;
    }
    if (s3 < best) {
      filter = 3;
      best = s3;
    }
    if (s4 < best) filter = 4;
    out[at] = filter;
    writeRow(rgb, row, up, out, at + 1, stride, filter);
  }
  return out;
}

function sameBytes(bytes: Uint8Array, a: number, b: number, length: number): boolean {
  for (let i = 0; i < length; i++) if (bytes[a + i] !== bytes[b + i]) return false;
  return true;
}

function isZero(bytes: Uint8Array, start: number, length: number): boolean {
  for (let i = 0; i < length; i++) if (bytes[start + i] !== 0) return false;
  return true;
}

/** One row filtered with `filter` into `out` from `to` (its neighbours above in `up`, 0 where there are none). */
function writeRow(rgb: Uint8Array, row: number, up: Uint8Array, out: Uint8Array, to: number, stride: number, filter: number): void {
  for (let i = 0; i < stride; i++) {
    const x = rgb[row + i] as number;
    const a = i >= 3 ? (rgb[row + i - 3] as number) : 0;
    const b = up[i] as number;
    let predicted = 0;
    if (filter === 1) predicted = a;
    else if (filter === 2) predicted = b;
    else if (filter === 3) predicted = (a + b) >> 1;
    else if (filter === 4) {
      const c = i >= 3 ? (up[i - 3] as number) : 0;
      const p = a + b - c;
      const pa = p > a ? p - a : a - p;
      const pb = p > b ? p - b : b - p;
      const pc = p > c ? p - c : c - p;
      predicted = pa <= pb && pa <= pc ? a : pb <= pc ? b : c;
    }
    out[to + i] = (x - predicted) & 0xff;
  }
}

async function deflate(bytes: Uint8Array): Promise<Uint8Array> {
  const stream = new Blob([bytes]).stream().pipeThrough(new CompressionStream('deflate'));
  return new Uint8Array(await new Response(stream).arrayBuffer());
}

/** The PNG file of an RGB image. */
export async function encodePng(rgb: Uint8Array, width: number, height: number): Promise<Uint8Array> {
  const header = new Uint8Array(13);
  const view = new DataView(header.buffer);
  view.setUint32(0, width);
  view.setUint32(4, height);
  header.set([8, 2, 0, 0, 0], 8); // 8 bits, truecolour, deflate, adaptive filtering, no interlace
  const parts = [
    new Uint8Array(SIGNATURE),
    chunk('IHDR', header),
    chunk('IDAT', await deflate(filterRows(rgb, width, height))),
    chunk('IEND', new Uint8Array(0)),
  ];
  const out = new Uint8Array(parts.reduce((sum, part) => sum + part.length, 0));
  let offset = 0;
  for (const part of parts) {
    out.set(part, offset);
    offset += part.length;
  }
  return out;
}
