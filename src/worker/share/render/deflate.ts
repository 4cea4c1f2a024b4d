/*
 * The card's zlib stream (RFC 1950/1951), written for what a card's filtered rows are: after the "up" filter
 * (png.ts) nearly every byte is 0 — the paper, the water, the land and every row equal to the one above — and
 * the rest are the few bytes where a letter's or a line's edge crosses a row, or a photo. So: runs of a repeated
 * byte as matches at distance 1, everything else as literals, in one block with Huffman codes made for the card.
 * This is zlib's own "RLE" strategy; measured on rendered cards it is a fifth larger than zlib's default level and
 * several times faster than the platform's CompressionStream, which was four tenths of a card's render.
 */

const MIN_MATCH = 3;
const MAX_MATCH = 258;
const END_OF_BLOCK = 256;
/** A token at or above this is a match of (token - MATCH) bytes at distance 1; below it, a literal byte. */
const MATCH = 512;

const LENGTH_BASE = [3, 4, 5, 6, 7, 8, 9, 10, 11, 13, 15, 17, 19, 23, 27, 31, 35, 43, 51, 59, 67, 83, 99, 115, 131, 163, 195, 227, 258];
const LENGTH_EXTRA = [0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 3, 4, 4, 4, 4, 5, 5, 5, 5, 0];
/** Each match length's index in the tables above (its symbol is 257 + index). */
const LENGTH_INDEX = new Uint8Array(MAX_MATCH + 1);
for (let length = MIN_MATCH, i = 0; length <= MAX_MATCH; length++) {
  while (i + 1 < LENGTH_BASE.length && (LENGTH_BASE[i + 1] as number) <= length) i++;
  LENGTH_INDEX[length] = i;
}
/** The order in which the code lengths' own code lengths are written (RFC 1951 3.2.7). */
const CODE_LENGTH_ORDER = [16, 17, 18, 0, 8, 7, 9, 6, 10, 5, 11, 4, 12, 3, 13, 2, 14, 1, 15];

/**
 * Code lengths of at most `maxBits` for the symbols' frequencies: Huffman's, with the frequencies halved until the
 * longest code fits (rarely needed, and never far from optimal). At least two symbols get a code, so every code is
 * complete, as every zlib reader accepts.
 */
function codeLengths(frequencies: ArrayLike<number>, maxBits: number): Uint8Array {
  const weights = Array.from(frequencies);
  const used = weights.flatMap((weight, symbol) => (weight > 0 ? [symbol] : []));
  for (let symbol = 0; used.length < 2; symbol++) if (!used.includes(symbol)) used.push(symbol);
  for (;;) {
    type Node = { weight: number; symbol: number; left?: Node; right?: Node };
    const queue: Node[] = used.map((symbol) => ({ weight: Math.max(1, weights[symbol] ?? 0), symbol }));
    queue.sort((a, b) => a.weight - b.weight);
    while (queue.length > 1) {
      const left = queue.shift() as Node;
      const right = queue.shift() as Node;
      const node: Node = { weight: left.weight + right.weight, symbol: -1, left, right };
      let at = queue.findIndex((other) => other.weight > node.weight);
      if (at < 0) at = queue.length;
      queue.splice(at, 0, node);
    }
    const lengths = new Uint8Array(weights.length);
    let longest = 0;
    const walk = (node: Node, depth: number) => {
      if (node.left && node.right) {
        walk(node.left, depth + 1);
        walk(node.right, depth + 1);
      } else {
        lengths[node.symbol] = depth;
        longest = Math.max(longest, depth);
      }
    };
    walk(queue[0] as Node, 0);
    if (longest <= maxBits) return lengths;
    for (const symbol of used) weights[symbol] = Math.max(1, (weights[symbol] ?? 0) >> 1);
  }
}

/** The canonical codes of the lengths (RFC 1951 3.2.2), bit-reversed: deflate writes a code from its first bit. */
function canonicalCodes(lengths: Uint8Array): Uint16Array {
  const counts = new Uint16Array(16);
  for (const length of lengths) if (length) counts[length] = (counts[length] as number) + 1;
  const next = new Uint16Array(16);
  for (let bits = 1, code = 0; bits < 16; bits++) {
    code = (code + (counts[bits - 1] as number)) << 1;
    next[bits] = code;
  }
  const codes = new Uint16Array(lengths.length);
  lengths.forEach((length, symbol) => {
    if (!length) return;
    const value = next[length] as number;
    next[length] = value + 1;
    let reversed = 0;
    for (let i = 0; i < length; i++) reversed |= ((value >> i) & 1) << (length - 1 - i);
    codes[symbol] = reversed;
  });
  return codes;
}

/** Writes bits first bit lowest into a growing byte array. */
class Bits {
  bytes: Uint8Array;
  at = 0;
  private buffer = 0;
  private count = 0;
  constructor(capacity: number) {
    this.bytes = new Uint8Array(capacity);
  }
  /** At most 24 bits at a time. */
  put(value: number, bits: number): void {
    this.buffer |= value << this.count;
    this.count += bits;
    while (this.count >= 8) {
      if (this.at === this.bytes.length) this.grow();
      this.bytes[this.at++] = this.buffer & 0xff;
      this.buffer >>>= 8;
      this.count -= 8;
    }
  }
  /** Pads the last byte with zeros. */
  flush(): void {
    if (this.count > 0) this.put(0, 8 - this.count);
  }
  private grow(): void {
    const bigger = new Uint8Array(this.bytes.length * 2);
    bigger.set(this.bytes);
    this.bytes = bigger;
  }
}

/**
 * The bytes as literals and runs (matches at distance 1 of the byte before), with RFC 1950's checksum of them taken
 * on the way: a run of `n` bytes `v` after sums (a, b) adds n·v to a and n·a + v·n(n+1)/2 to b, so the millions of
 * zeros are summed a run at a time. The tokens' array grows as needed: a card makes about a tenth as many tokens as
 * it has bytes.
 */
function tokenize(bytes: Uint8Array): { tokens: Uint16Array; count: number; frequencies: Uint32Array; checksum: number } {
  let tokens = new Uint16Array(Math.min(bytes.length + 1, 1 << 16));
  const frequencies = new Uint32Array(286);
  let count = 0;
  let a = 1;
  let b = 0;
  let unreduced = 0;
  const n = bytes.length;
  for (let i = 0; i < n; ) {
    // Room for the literal and the longest chain of matches after it.
    if (count + 2 + ((n - i) >> 8) >= tokens.length) {
      const bigger = new Uint16Array(Math.min(n + 1, tokens.length * 2) + (n >> 8) + 2);
      bigger.set(tokens.subarray(0, count));
      tokens = bigger;
    }
    const byte = bytes[i++] as number;
    tokens[count++] = byte;
    frequencies[byte] = (frequencies[byte] as number) + 1;
    a += byte;
    b += a;
    // 5552 bytes is the most that can be summed before the sums must be reduced (zlib's NMAX).
    if (++unreduced === 5552) {
      a %= 65521;
      b %= 65521;
      unreduced = 0;
    }
    for (;;) {
      const limit = Math.min(MAX_MATCH, n - i);
      let run = 0;
      while (run < limit && bytes[i + run] === byte) run++;
      if (run < MIN_MATCH) break;
      tokens[count++] = MATCH + run;
      const symbol = 257 + (LENGTH_INDEX[run] as number);
      frequencies[symbol] = (frequencies[symbol] as number) + 1;
      i += run;
      b = (b + run * a + (byte * run * (run + 1)) / 2) % 65521;
      a = (a + run * byte) % 65521;
      unreduced = 0;
    }
  }
  frequencies[END_OF_BLOCK] = 1;
  return { tokens, count, frequencies, checksum: (((b % 65521) << 16) | (a % 65521)) >>> 0 };
}

/** The code lengths of both codes, run-length coded with symbols 16 to 18 (RFC 1951 3.2.7) as [symbol, extra]. */
function runLengths(lengths: Uint8Array): Array<[number, number]> {
  const out: Array<[number, number]> = [];
  for (let i = 0; i < lengths.length; ) {
    const length = lengths[i] as number;
    let run = 1;
    while (i + run < lengths.length && lengths[i + run] === length) run++;
    i += run;
    if (length === 0) {
      for (; run >= 11; run -= Math.min(run, 138)) out.push([18, Math.min(run, 138) - 11]);
      if (run >= 3) out.push([17, run - 3]);
      else for (; run > 0; run--) out.push([0, 0]);
      continue;
    }
    out.push([length, 0]);
    run--;
    for (; run >= 3; run -= Math.min(run, 6)) out.push([16, Math.min(run, 6) - 3]);
    for (; run > 0; run--) out.push([length, 0]);
  }
  return out;
}

/** The zlib stream of `bytes`: header, one final block with its own Huffman codes, checksum. */
export function deflate(bytes: Uint8Array): Uint8Array {
  const { tokens, count, frequencies, checksum } = tokenize(bytes);
  let literalCount = 286;
  while (literalCount > 257 && frequencies[literalCount - 1] === 0) literalCount--;
  const literalLengths = codeLengths(frequencies.subarray(0, literalCount), 15);
  // Every match is at distance 1 (distance code 0): one code, one bit (RFC 1951 allows a single distance code).
  const distanceLengths = Uint8Array.of(1);
  const sequence = runLengths(Uint8Array.from([...literalLengths, ...distanceLengths]));
  const sequenceFrequencies = new Uint32Array(19);
  for (const [symbol] of sequence) sequenceFrequencies[symbol] = (sequenceFrequencies[symbol] as number) + 1;
  const sequenceLengths = codeLengths(sequenceFrequencies, 7);
  let orderCount = 19;
  while (orderCount > 4 && sequenceLengths[CODE_LENGTH_ORDER[orderCount - 1] as number] === 0) orderCount--;

  const out = new Bits(Math.max(1024, count + (count >> 2)));
  out.put(0x78, 8); // deflate, 32 KiB window
  out.put(0x01, 8); // no dictionary, fastest; 0x7801 is a multiple of 31 as the header requires
  out.put(0b101, 3); // the final block, dynamic codes
  out.put(literalCount - 257, 5);
  out.put(distanceLengths.length - 1, 5);
  out.put(orderCount - 4, 4);
  for (let i = 0; i < orderCount; i++) out.put(sequenceLengths[CODE_LENGTH_ORDER[i] as number] as number, 3);
  const sequenceCodes = canonicalCodes(sequenceLengths);
  const extraBits = [0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 2, 3, 7];
  for (const [symbol, extra] of sequence) {
    out.put(sequenceCodes[symbol] as number, sequenceLengths[symbol] as number);
    if (symbol >= 16) out.put(extra, extraBits[symbol] as number);
  }
  const literalCodes = canonicalCodes(literalLengths);
  for (let t = 0; t < count; t++) {
    const token = tokens[t] as number;
    if (token < MATCH) {
      out.put(literalCodes[token] as number, literalLengths[token] as number);
      continue;
    }
    const length = token - MATCH;
    const index = LENGTH_INDEX[length] as number;
    out.put(literalCodes[257 + index] as number, literalLengths[257 + index] as number);
    out.put(length - (LENGTH_BASE[index] as number), LENGTH_EXTRA[index] as number);
    out.put(0, 1); // distance code 0: distance 1
  }
  out.put(literalCodes[END_OF_BLOCK] as number, literalLengths[END_OF_BLOCK] as number);
  out.flush();
  const check = checksum;
  out.put(check >>> 24, 8);
  out.put((check >>> 16) & 0xff, 8);
  out.put((check >>> 8) & 0xff, 8);
  out.put(check & 0xff, 8);
  return out.bytes.slice(0, out.at);
}
