import { InvalidImageError } from '../../../lib/images';

/*
 * zlib's inflate (RFC 1950, 1951) into a 64 KiB ring, handing the bytes on as they come. A PNG's rows are read
 * from it without ever holding the picture, and without making garbage: the platform's DecompressionStream makes
 * a new buffer for every piece it gives, and a 40-megapixel PNG inflates to 160 MB of them, which stay in memory
 * until the garbage collector gets to them (measured at 40 to 80 MB more than this in Node).
 */

const LENGTH_BASE = [3, 4, 5, 6, 7, 8, 9, 10, 11, 13, 15, 17, 19, 23, 27, 31, 35, 43, 51, 59, 67, 83, 99, 115, 131, 163, 195, 227, 258];
const LENGTH_EXTRA = [0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 3, 4, 4, 4, 4, 5, 5, 5, 5, 0];
const DISTANCE_BASE = [
  1, 2, 3, 4, 5, 7, 9, 13, 17, 25, 33, 49, 65, 97, 129, 193, 257, 385, 513, 769, 1025, 1537, 2049, 3073, 4097, 6145, 8193, 12289, 16385,
  24577,
];
const DISTANCE_EXTRA = [0, 0, 0, 0, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6, 7, 7, 8, 8, 9, 9, 10, 10, 11, 11, 12, 12, 13, 13];
const LENGTHS_ORDER = [16, 17, 18, 0, 8, 7, 9, 6, 10, 5, 11, 4, 12, 3, 13, 2, 14, 1, 15];

/** A Huffman code: codes of up to nine bits looked up at once ((length << 16) | symbol), longer ones bit by bit. */
interface Code {
  fast: Int32Array;
  counts: Uint16Array;
  symbols: Uint16Array;
}

function code(lengths: ArrayLike<number>): Code {
  const counts = new Uint16Array(16);
  for (let i = 0; i < lengths.length; i++) counts[lengths[i] as number] = (counts[lengths[i] as number] as number) + 1;
  counts[0] = 0;
  const offsets = new Uint16Array(16);
  let left = 1;
  for (let length = 1; length < 16; length++) {
    left = left * 2 - (counts[length] as number);
    if (left < 0) throw new InvalidImageError('PNG data: Huffman code');
    offsets[length] = (offsets[length - 1] as number) + (counts[length - 1] as number);
  }
  const symbols = new Uint16Array(lengths.length);
  for (let symbol = 0; symbol < lengths.length; symbol++) {
    const length = lengths[symbol] as number;
    if (length) symbols[(offsets[length] as number)++] = symbol;
  }
  // The fast table: each code's bits reversed (deflate packs codes from their first bit), every longer index too.
  const fast = new Int32Array(512);
  let next = 0;
  let index = 0;
  for (let length = 1; length <= 9; length++, next <<= 1) {
    for (let n = 0; n < (counts[length] as number); n++, next++, index++) {
      let reversed = 0;
      for (let bit = 0; bit < length; bit++) reversed |= ((next >> bit) & 1) << (length - 1 - bit);
      for (let i = reversed; i < 512; i += 1 << length) fast[i] = (length << 16) | (symbols[index] as number);
    }
  }
  return { fast, counts, symbols };
}

const FIXED_LITERALS = code(Array.from({ length: 288 }, (_, i) => (i < 144 ? 8 : i < 256 ? 9 : i < 280 ? 7 : 8)));
const FIXED_DISTANCES = code(new Array<number>(30).fill(5));

/**
 * Inflates the zlib stream in `parts` (a PNG's IDAT chunks, one after the other), calling `onBytes` with each
 * piece of output (a view of the ring, valid during the call); stops when it answers true or the stream ends.
 */
export function inflate(parts: readonly Uint8Array[], onBytes: (bytes: Uint8Array) => boolean): void {
  let part = 0;
  let at = 0;
  let bits = 0;
  let count = 0;
  /** Bytes read past the input's end: zeros, allowed only as lookahead that the stream never uses. */
  let past = 0;
  const need = (n: number) => {
    while (count < n) {
      while (part < parts.length && at >= (parts[part] as Uint8Array).length) {
        part++;
        at = 0;
      }
      let byte = 0;
      if (part < parts.length) byte = (parts[part] as Uint8Array)[at++] as number;
      else past++;
      bits |= byte << count;
      count += 8;
    }
  };
  const take = (n: number) => {
    need(n);
    const value = bits & ((1 << n) - 1);
    bits >>>= n;
    count -= n;
    return value;
  };
  const decode = (c: Code) => {
    need(16);
    const entry = c.fast[bits & 511] as number;
    if (entry) {
      const length = entry >>> 16;
      bits >>>= length;
      count -= length;
      return entry & 0xffff;
    }
    // Longer than nine bits: bit by bit (zlib's puff.c).
    let value = 0;
    let first = 0;
    let index = 0;
    for (let length = 1; length < 16; length++) {
      value |= take(1);
      const n = c.counts[length] as number;
      if (value - n < first) return c.symbols[index + value - first] as number;
      index += n;
      first = (first + n) << 1;
      value <<= 1;
    }
    throw new InvalidImageError('PNG data: Huffman code');
  };

  const ring = new Uint8Array(1 << 16);
  const mask = ring.length - 1;
  let written = 0;
  let handed = 0;
  /** Hands on what was written since the last time; true when the reader wants no more. */
  const hand = () => {
    let done = false;
    while (handed < written && !done) {
      const start = handed & mask;
      const end = Math.min(ring.length, start + (written - handed));
      done = onBytes(ring.subarray(start, end));
      handed += end - start;
    }
    return done;
  };

  const header = take(16);
  if ((header & 0x0f) !== 8 || (((header & 0xff) << 8) | (header >> 8)) % 31 !== 0 || header & 0x2000) {
    throw new InvalidImageError('PNG data: zlib header');
  }
  for (let last = 0; !last; ) {
    last = take(1);
    const type = take(2);
    if (type === 0) {
      // To the next byte: whole bytes already read stay.
      bits >>>= count & 7;
      count -= count & 7;
      const length = take(16);
      if ((take(16) ^ 0xffff) !== length) throw new InvalidImageError('PNG data: stored block');
      for (let i = 0; i < length; i++) {
        if (written - handed >= 32768 && hand()) return;
        ring[written++ & mask] = take(8);
      }
      continue;
    }
    let literals = FIXED_LITERALS;
    let distances = FIXED_DISTANCES;
    if (type === 2) [literals, distances] = dynamicCodes(take, decode);
    else if (type !== 1) throw new InvalidImageError('PNG data: block type');
    for (;;) {
      if (written - handed >= 32768) {
        if (past > 4) throw new InvalidImageError('PNG data ends early');
        if (hand()) return;
      }
      const symbol = decode(literals);
      if (symbol < 256) ring[written++ & mask] = symbol;
      else if (symbol === 256) break;
      else {
        const l = symbol - 257;
        if (l >= 29) throw new InvalidImageError('PNG data: length');
        const length = (LENGTH_BASE[l] as number) + take(LENGTH_EXTRA[l] as number);
        const d = decode(distances);
        if (d >= 30) throw new InvalidImageError('PNG data: distance');
        const distance = (DISTANCE_BASE[d] as number) + take(DISTANCE_EXTRA[d] as number);
        if (distance > written || distance > 32768) throw new InvalidImageError('PNG data: distance too far');
        for (let i = 0; i < length; i++, written++) ring[written & mask] = ring[(written - distance) & mask] as number;
      }
    }
    if (past > 4) throw new InvalidImageError('PNG data ends early');
  }
  hand();
}

/** A dynamic block's two codes, from the code lengths it sends (themselves Huffman-coded). */
function dynamicCodes(take: (n: number) => number, decode: (c: Code) => number): [Code, Code] {
  const literalCount = take(5) + 257;
  const distanceCount = take(5) + 1;
  const lengthCount = take(4) + 4;
  const lengthLengths = new Uint8Array(19);
  for (let i = 0; i < lengthCount; i++) lengthLengths[LENGTHS_ORDER[i] as number] = take(3);
  const lengthCode = code(lengthLengths);
  const lengths = new Uint8Array(literalCount + distanceCount);
  for (let i = 0; i < lengths.length; ) {
    const symbol = decode(lengthCode);
    if (symbol < 16) {
      lengths[i++] = symbol;
      continue;
    }
    const [value, repeat] =
      symbol === 16 ? [i ? (lengths[i - 1] as number) : -1, 3 + take(2)] : symbol === 17 ? [0, 3 + take(3)] : [0, 11 + take(7)];
    if (value < 0 || i + repeat > lengths.length) throw new InvalidImageError('PNG data: code lengths');
    lengths.fill(value, i, i + repeat);
    i += repeat;
  }
  if (!lengths[256]) throw new InvalidImageError('PNG data: no end of block');
  return [code(lengths.subarray(0, literalCount)), code(lengths.subarray(literalCount))];
}
