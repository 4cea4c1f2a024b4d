import { deflate } from './deflate';

/*
 * PNG encoding of the card: 8-bit RGB, every row filtered "up" (filterRows), compressed by deflate.ts. It needs no
 * library (decision record 025); the owners' PNG photos are read by decode/png.ts.
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

const HIGH_BITS = 0x80808080;

/**
 * Rows with their filter byte in front, every row filtered "up" (each byte minus the one above it; the first row
 * has zeros above, so it stays as it is). Measured on rendered cards, with and without a photo, "up" compresses
 * within 1 % of choosing each row's filter by the usual sum of differences — and the card's large flat areas and
 * repeated rows become runs of zeros — while choosing cost more than a third of a card's render. The differences
 * are taken four bytes at a time (each byte modulo 256, no borrow between them) where a row's length allows.
 */
export function filterRows(rgb: Uint8Array, width: number, height: number): Uint8Array {
  const stride = width * 3;
  const out = new Uint8Array((stride + 1) * height);
  const words = stride % 4 === 0 && rgb.byteOffset % 4 === 0 ? new Uint32Array(rgb.buffer, rgb.byteOffset, (stride * height) / 4) : null;
  const row32 = new Uint32Array(stride >> 2);
  const rowBytes = new Uint8Array(row32.buffer);
  for (let y = 0; y < height; y++) {
    const row = y * stride;
    const at = y * (stride + 1);
    out[at] = 2;
    if (y === 0) {
      out.set(rgb.subarray(0, stride), 1);
    } else if (words) {
      for (let w = 0, i = row >> 2, j = (row - stride) >> 2; w < row32.length; w++, i++, j++) {
        const a = words[i] as number;
        const b = words[j] as number;
        row32[w] = ((a | HIGH_BITS) - (b & ~HIGH_BITS)) ^ ((a ^ ~b) & HIGH_BITS);
      }
      out.set(rowBytes, at + 1);
    } else {
      const above = row - stride;
      for (let i = 0; i < stride; i++) out[at + 1 + i] = ((rgb[row + i] as number) - (rgb[above + i] as number)) & 0xff;
    }
  }
  return out;
}

/** The PNG file of an RGB image. */
export function encodePng(rgb: Uint8Array, width: number, height: number): Uint8Array {
  const header = new Uint8Array(13);
  const view = new DataView(header.buffer);
  view.setUint32(0, width);
  view.setUint32(4, height);
  header.set([8, 2, 0, 0, 0], 8); // 8 bits, truecolour, deflate, filter method 0 (a filter byte per row), no interlace
  const parts = [
    new Uint8Array(SIGNATURE),
    chunk('IHDR', header),
    chunk('IDAT', deflate(filterRows(rgb, width, height))),
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
