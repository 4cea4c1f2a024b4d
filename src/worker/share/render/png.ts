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

const paeth = (a: number, b: number, c: number) => {
  const p = a + b - c;
  const pa = Math.abs(p - a);
  const pb = Math.abs(p - b);
  const pc = Math.abs(p - c);
  return pa <= pb && pa <= pc ? a : pb <= pc ? b : c;
};

/** Rows with their filter byte in front, each filtered the way that compresses best by the usual measure. */
export function filterRows(rgb: Uint8Array, width: number, height: number): Uint8Array {
  const stride = width * 3;
  const out = new Uint8Array((stride + 1) * height);
  const sums = new Float64Array(5);
  const score = (v: number) => (v < 128 ? v : 256 - v);
  for (let y = 0; y < height; y++) {
    const row = y * stride;
    const up = row - stride;
    sums.fill(0);
    // First the five filters' costs in one pass, then the row written with the cheapest.
    for (let i = 0; i < stride; i++) {
      const x = rgb[row + i] as number;
      const a = i >= 3 ? (rgb[row + i - 3] as number) : 0;
      const b = y > 0 ? (rgb[up + i] as number) : 0;
      const c = i >= 3 && y > 0 ? (rgb[up + i - 3] as number) : 0;
      sums[0] = (sums[0] as number) + score(x);
      sums[1] = (sums[1] as number) + score((x - a) & 0xff);
      sums[2] = (sums[2] as number) + score((x - b) & 0xff);
      sums[3] = (sums[3] as number) + score((x - ((a + b) >> 1)) & 0xff);
      sums[4] = (sums[4] as number) + score((x - paeth(a, b, c)) & 0xff);
    }
    let filter = 0;
    for (let f = 1; f < 5; f++) if ((sums[f] as number) < (sums[filter] as number)) filter = f;
    const at = y * (stride + 1);
    out[at] = filter;
    for (let i = 0; i < stride; i++) {
      const x = rgb[row + i] as number;
      const a = i >= 3 ? (rgb[row + i - 3] as number) : 0;
      const b = y > 0 ? (rgb[up + i] as number) : 0;
      const c = i >= 3 && y > 0 ? (rgb[up + i - 3] as number) : 0;
      const predicted = filter === 0 ? 0 : filter === 1 ? a : filter === 2 ? b : filter === 3 ? (a + b) >> 1 : paeth(a, b, c);
      out[at + 1 + i] = (x - predicted) & 0xff;
    }
  }
  return out;
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
