/**
 * A small JPEG encoder for the tests of the card's photo decoders: baseline or progressive, grey or YCbCr with
 * 4:4:4 or 4:2:0 sampling, restart intervals, the standard Huffman tables (T.81 Annex K), so codes up to 16 bits
 * long. Its blocks come from a BlockSource: the pixels of a picture (a real forward DCT and quantisation), or
 * coefficients made up directly, which writes a 40-megapixel JPEG in a second or two without its pixels.
 * Progressive files have two DC scans (successive approximation) and AC scans of one component each, as libjpeg
 * writes them; jpeg-js, an independent decoder, reads them (tests/unit/share-photo.test.ts).
 */

/** The quantised coefficients of one block of component `c` (0 luma) at block column `bx`, row `by`, in zig-zag order. */
export type BlockSource = (c: number, bx: number, by: number) => Int32Array;

export interface JpegSpec {
  width: number;
  height: number;
  /** 1 grey, 3 YCbCr. */
  components: 1 | 3;
  /** Luma sampling factor: 2 is 4:2:0, 1 is 4:4:4. */
  sampling: 1 | 2;
  quality: number;
  progressive?: boolean;
  /** A progressive JPEG's AC in two steps (successive approximation, with correction bits), as libjpeg writes it. */
  approximation?: boolean;
  /** MCUs between restart markers; 0 for none. */
  restartInterval?: number;
}

export const ZIGZAG = Uint8Array.from([
  0, 1, 8, 16, 9, 2, 3, 10, 17, 24, 32, 25, 18, 11, 4, 5, 12, 19, 26, 33, 40, 48, 41, 34, 27, 20, 13, 6, 7, 14, 21, 28, 35, 42, 49, 56, 57,
  50, 43, 36, 29, 22, 15, 23, 30, 37, 44, 51, 58, 59, 52, 45, 38, 31, 39, 46, 53, 60, 61, 54, 47, 55, 62, 63,
]);

const hex = (text: string) => Uint8Array.from(text.match(/../g) ?? [], (h) => Number.parseInt(h, 16));
const HUFFMAN = {
  dcLuma: { counts: [0, 1, 5, 1, 1, 1, 1, 1, 1, 0, 0, 0, 0, 0, 0, 0], values: hex('000102030405060708090a0b') },
  dcChroma: { counts: [0, 3, 1, 1, 1, 1, 1, 1, 1, 1, 1, 0, 0, 0, 0, 0], values: hex('000102030405060708090a0b') },
  acLuma: {
    counts: [0, 2, 1, 3, 3, 2, 4, 3, 5, 5, 4, 4, 0, 0, 1, 125],
    values: hex(
      '01020300041105122131410613516107227114328191a1082342b1c11552d1f02433627282090a161718191a25262728' +
        '292a3435363738393a434445464748494a535455565758595a636465666768696a737475767778797a83848586878889' +
        '8a92939495969798999aa2a3a4a5a6a7a8a9aab2b3b4b5b6b7b8b9bac2c3c4c5c6c7c8c9cad2d3d4d5d6d7d8d9dae1e2' +
        'e3e4e5e6e7e8e9eaf1f2f3f4f5f6f7f8f9fa',
    ),
  },
  acChroma: {
    counts: [0, 2, 1, 2, 4, 4, 3, 4, 7, 5, 4, 4, 0, 1, 2, 119],
    values: hex(
      '000102031104052131061241510761711322328108144291a1b1c109233352f0156272d10a162434e125f11718191a26' +
        '2728292a35363738393a434445464748494a535455565758595a636465666768696a737475767778797a828384858687' +
        '88898a92939495969798999aa2a3a4a5a6a7a8a9aab2b3b4b5b6b7b8b9bac2c3c4c5c6c7c8c9cad2d3d4d5d6d7d8d9da' +
        'e2e3e4e5e6e7e8e9eaf2f3f4f5f6f7f8f9fa',
    ),
  },
};

const LUMA_QUANT = [
  16, 11, 10, 16, 24, 40, 51, 61, 12, 12, 14, 19, 26, 58, 60, 55, 14, 13, 16, 24, 40, 57, 69, 56, 14, 17, 22, 29, 51, 87, 80, 62, 18, 22,
  37, 56, 68, 109, 103, 77, 24, 35, 55, 64, 81, 104, 113, 92, 49, 64, 78, 87, 103, 121, 120, 101, 72, 92, 95, 98, 112, 100, 103, 99,
];
const CHROMA_QUANT = [
  17,
  18,
  24,
  47,
  99,
  99,
  99,
  99,
  18,
  21,
  26,
  66,
  99,
  99,
  99,
  99,
  24,
  26,
  56,
  99,
  99,
  99,
  99,
  99,
  47,
  66,
  99,
  99,
  99,
  99,
  99,
  99,
  ...new Array<number>(32).fill(99),
];

/** The luma and chroma quantisation tables of a quality (IJG's scaling), natural order. */
export function quantTables(quality: number): [Int32Array, Int32Array] {
  const scale = quality < 50 ? 5000 / quality : 200 - 2 * quality;
  const table = (base: number[]) => Int32Array.from(base, (q) => Math.min(255, Math.max(1, Math.floor((q * scale + 50) / 100))));
  return [table(LUMA_QUANT), table(CHROMA_QUANT)];
}

/** The bytes written so far, growing as needed. */
class Output {
  bytes = new Uint8Array(1 << 16);
  length = 0;

  push(...values: number[]): void {
    if (this.length + values.length > this.bytes.length) {
      const bigger = new Uint8Array(Math.max(this.bytes.length * 2, this.length + values.length));
      bigger.set(this.bytes.subarray(0, this.length));
      this.bytes = bigger;
    }
    for (const v of values) this.bytes[this.length++] = v;
  }

  byte(value: number): void {
    if (this.length === this.bytes.length) this.push(value);
    else this.bytes[this.length++] = value;
  }

  segment(marker: number, payload: number[]): void {
    this.push(0xff, marker, (payload.length + 2) >> 8, (payload.length + 2) & 0xff, ...payload);
  }
}

/** Entropy-coded data: bits from the most significant, a stuffed 0 after every FF. */
class BitWriter {
  private bits = 0;
  private count = 0;

  constructor(private readonly out: Output) {}

  /** `length` bits (at most 16) of `value`. */
  write(value: number, length: number): void {
    this.bits = ((this.bits << length) | (value & ((1 << length) - 1))) & 0xffffff;
    this.count += length;
    while (this.count >= 8) {
      this.count -= 8;
      const byte = (this.bits >>> this.count) & 0xff;
      this.out.byte(byte);
      if (byte === 0xff) this.out.byte(0);
    }
  }

  /** Pads the last byte with ones (T.81 F.1.2.3). */
  flush(): void {
    if (this.count) this.write(0x7f, 8 - this.count);
  }
}

interface Code {
  code: Int32Array;
  length: Uint8Array;
}

function codes({ counts, values }: { counts: number[]; values: Uint8Array }): Code {
  const table = { code: new Int32Array(256), length: new Uint8Array(256) };
  let code = 0;
  let index = 0;
  counts.forEach((n, i) => {
    for (let k = 0; k < n; k++, code++) {
      const symbol = values[index++] ?? 0;
      table.code[symbol] = code;
      table.length[symbol] = i + 1;
    }
    code <<= 1;
  });
  return table;
}

/**
 * The progressive AC scans' table: the standard tables have no end-of-band runs (EOB1–EOB14), so the symbols a
 * progressive scan uses most get 5-bit codes and every other one a 9-bit code.
 */
const FREQUENT = [0x00, 0x10, 0x20, 0x30, 0x01, 0x02, 0x03, 0x11, 0x12, 0x21, 0x31, 0x41, 0x51, 0x61, 0x71, 0xf0];
const PROGRESSIVE_AC = {
  counts: [0, 0, 0, 0, 16, 0, 0, 0, 160, 0, 0, 0, 0, 0, 0, 0],
  values: Uint8Array.from([
    ...FREQUENT,
    // The other end-of-band runs, and every run of zeros (0–15) before a value of every size (1–10).
    ...[
      ...Array.from({ length: 15 }, (_, r) => r << 4),
      ...Array.from({ length: 160 }, (_, i) => ((i % 16) << 4) | (Math.floor(i / 16) + 1)),
    ].filter((symbol) => !FREQUENT.includes(symbol)),
  ]),
};

const CODES = {
  dc: [codes(HUFFMAN.dcLuma), codes(HUFFMAN.dcChroma)],
  ac: [codes(HUFFMAN.acLuma), codes(HUFFMAN.acChroma)],
  progressive: codes(PROGRESSIVE_AC),
};

const category = (v: number) => {
  let a = Math.abs(v);
  let n = 0;
  while (a) {
    n++;
    a >>= 1;
  }
  return n;
};

function writeSymbol(bits: BitWriter, table: Code, symbol: number, value = 0, size = 0): void {
  bits.write(table.code[symbol] ?? 0, table.length[symbol] ?? 0);
  if (size) bits.write(value < 0 ? value + (1 << size) - 1 : value, size);
}

/** The AC coefficients `from` to `to` of a block: runs of zeros, ZRL for 16 of them, EOB after the last value. */
function writeAc(bits: BitWriter, table: Code, block: Int32Array, from: number, to: number): void {
  let run = 0;
  for (let k = from; k <= to; k++) {
    const v = block[k] ?? 0;
    if (!v) {
      run++;
      continue;
    }
    for (; run > 15; run -= 16) writeSymbol(bits, table, 0xf0);
    const size = category(v);
    writeSymbol(bits, table, (run << 4) | size, v, size);
    run = 0;
  }
  if (run) writeSymbol(bits, table, 0x00);
}

/** Blocks whose band ended early, not yet written as an end-of-band run, and the correction bits that follow it. */
interface BandRun {
  blocks: number;
  corrections: number[];
}

function flushRun(bits: BitWriter, run: BandRun): void {
  if (!run.blocks) return;
  const r = Math.floor(Math.log2(run.blocks));
  writeSymbol(bits, CODES.progressive, r << 4, run.blocks - (1 << r), r);
  for (const bit of run.corrections) bits.write(bit, 1);
  run.blocks = 0;
  run.corrections = [];
}

const endBand = (bits: BitWriter, run: BandRun) => {
  if (++run.blocks === 0x7fff || run.corrections.length > 900) flushRun(bits, run);
};

/** A progressive first AC scan of the band (T.81 G.1.2.2): each coefficient's magnitude shifted right by `low`. */
function writeFirstAc(bits: BitWriter, block: Int32Array, from: number, to: number, low: number, run: BandRun): void {
  let zeros = 0;
  for (let k = from; k <= to; k++) {
    const v = block[k] ?? 0;
    const magnitude = Math.abs(v) >> low;
    if (!magnitude) {
      zeros++;
      continue;
    }
    flushRun(bits, run);
    for (; zeros > 15; zeros -= 16) writeSymbol(bits, CODES.progressive, 0xf0);
    const size = category(magnitude);
    writeSymbol(bits, CODES.progressive, (zeros << 4) | size, v < 0 ? -magnitude : magnitude, size);
    zeros = 0;
  }
  if (zeros) endBand(bits, run);
}

/**
 * A progressive AC refinement scan (libjpeg's encode_mcu_AC_refine): a coefficient that becomes non-zero at bit
 * `low` is coded with its sign; one that was non-zero before gets its bit as a correction bit, sent after the
 * next coded coefficient or end-of-band run.
 */
const magnitudes = new Int32Array(64);

function writeRefineAc(bits: BitWriter, block: Int32Array, from: number, to: number, low: number, run: BandRun): void {
  for (let k = from; k <= to; k++) magnitudes[k] = Math.abs(block[k] ?? 0) >> low;
  let last = from - 1;
  for (let k = from; k <= to; k++) if (magnitudes[k] === 1) last = k;
  let zeros = 0;
  let pending: number[] = [];
  for (let k = from; k <= to; k++) {
    const magnitude = magnitudes[k] as number;
    if (!magnitude) {
      zeros++;
      continue;
    }
    while (zeros > 15 && k <= last) {
      flushRun(bits, run);
      writeSymbol(bits, CODES.progressive, 0xf0);
      zeros -= 16;
      for (const bit of pending) bits.write(bit, 1);
      pending = [];
    }
    if (magnitude > 1) {
      pending.push(magnitude & 1);
      continue;
    }
    flushRun(bits, run);
    writeSymbol(bits, CODES.progressive, (zeros << 4) | 1);
    bits.write((block[k] ?? 0) < 0 ? 0 : 1, 1);
    for (const bit of pending) bits.write(bit, 1);
    pending = [];
    zeros = 0;
  }
  if (zeros || pending.length) {
    for (const bit of pending) run.corrections.push(bit);
    endBand(bits, run);
  }
}

/**
 * libjpeg's progression for YCbCr (jpeg_simple_progression), or its first AC scans alone when `approximation` is
 * false: [components, first, last, high, low].
 */
function progression(count: number, approximation: boolean): Array<[number[], number, number, number, number]> {
  const all = Array.from({ length: count }, (_, c) => c);
  const chroma = all.slice(1).reverse();
  if (!approximation)
    return [
      [all, 0, 0, 0, 1],
      [all, 0, 0, 1, 0],
      [[0], 1, 5, 0, 0],
      ...chroma.map((c): [number[], number, number, number, number] => [[c], 1, 63, 0, 0]),
      [[0], 6, 63, 0, 0],
    ];
  return [
    [all, 0, 0, 0, 1],
    [[0], 1, 5, 0, 2],
    ...chroma.map((c): [number[], number, number, number, number] => [[c], 1, 63, 0, 1]),
    [[0], 6, 63, 0, 2],
    [[0], 1, 63, 2, 1],
    [all, 0, 0, 1, 0],
    ...chroma.map((c): [number[], number, number, number, number] => [[c], 1, 63, 1, 0]),
    [[0], 1, 63, 1, 0],
  ];
}

export function writeJpeg(spec: JpegSpec, source: BlockSource): Uint8Array {
  const { width, height, sampling, restartInterval = 0 } = spec;
  const count = spec.components;
  const factor = (c: number) => (c === 0 ? sampling : 1);
  const mcusPerLine = Math.ceil(width / (8 * sampling));
  const mcusPerColumn = Math.ceil(height / (8 * sampling));
  const [luma, chroma] = quantTables(spec.quality);
  const out = new Output();
  out.push(0xff, 0xd8);
  out.segment(0xe0, [0x4a, 0x46, 0x49, 0x46, 0, 1, 1, 0, 0, 1, 0, 1, 0, 0]);
  for (const [id, table] of [luma, chroma].entries()) out.segment(0xdb, [id, ...Array.from(ZIGZAG, (z) => table[z] ?? 1)]);
  const components = Array.from({ length: count }, (_, c) => [c + 1, (factor(c) << 4) | factor(c), c ? 1 : 0]).flat();
  out.segment(spec.progressive ? 0xc2 : 0xc0, [8, height >> 8, height & 0xff, width >> 8, width & 0xff, count, ...components]);
  const tables = [
    [0x00, HUFFMAN.dcLuma],
    [0x01, HUFFMAN.dcChroma],
    [0x10, spec.progressive ? PROGRESSIVE_AC : HUFFMAN.acLuma],
    [0x11, spec.progressive ? PROGRESSIVE_AC : HUFFMAN.acChroma],
  ] as const;
  for (const [id, table] of tables) out.segment(0xc4, [id, ...table.counts, ...table.values]);
  if (restartInterval) out.segment(0xdd, [restartInterval >> 8, restartInterval & 0xff]);

  /** One scan of `scanned` components, `onBlock` writing each block (`predictions` per component, reset at restarts). */
  const scan = (
    scanned: number[],
    from: number,
    to: number,
    approximation: number,
    onBlock: (bits: BitWriter, c: number, block: Int32Array, predictions: number[], run: BandRun) => void,
  ) => {
    out.segment(0xda, [scanned.length, ...scanned.flatMap((c) => [c + 1, c ? 0x11 : 0x00]), from, to, approximation]);
    const bits = new BitWriter(out);
    const predictions = scanned.map(() => 0);
    const run: BandRun = { blocks: 0, corrections: [] };
    const only = scanned.length === 1 ? (scanned[0] as number) : null;
    const ownLine = only === null ? 0 : Math.ceil(Math.ceil((width * factor(only)) / sampling) / 8);
    const units = only === null ? mcusPerLine * mcusPerColumn : ownLine * Math.ceil(Math.ceil((height * factor(only)) / sampling) / 8);
    for (let unit = 0, restarts = 0; unit < units; unit++) {
      if (restartInterval && unit > 0 && unit % restartInterval === 0) {
        flushRun(bits, run);
        bits.flush();
        out.push(0xff, 0xd0 + (restarts++ % 8));
        predictions.fill(0);
      }
      if (only !== null) {
        onBlock(bits, only, source(only, unit % ownLine, Math.floor(unit / ownLine)), predictions, run);
        continue;
      }
      const [mx, my] = [unit % mcusPerLine, Math.floor(unit / mcusPerLine)];
      for (const c of scanned)
        for (let v = 0; v < factor(c); v++)
          for (let h = 0; h < factor(c); h++) onBlock(bits, c, source(c, mx * factor(c) + h, my * factor(c) + v), predictions, run);
    }
    flushRun(bits, run);
    bits.flush();
  };
  const firstDc = (low: number) => (bits: BitWriter, c: number, block: Int32Array, predictions: number[]) => {
    const index = predictions.length === 1 ? 0 : c;
    const value = (block[0] ?? 0) >> low;
    const diff = value - (predictions[index] ?? 0);
    predictions[index] = value;
    writeSymbol(bits, CODES.dc[c ? 1 : 0] as Code, category(diff), diff, category(diff));
  };
  if (!spec.progressive) {
    scan(
      Array.from({ length: count }, (_, c) => c),
      0,
      63,
      0,
      (bits, c, block, predictions) => {
        firstDc(0)(bits, c, block, predictions);
        writeAc(bits, CODES.ac[c ? 1 : 0] as Code, block, 1, 63);
      },
    );
  } else {
    for (const [scanned, from, to, high, low] of progression(count, spec.approximation ?? true)) {
      scan(scanned, from, to, (high << 4) | low, (bits, c, block, predictions, run) => {
        if (from === 0 && high === 0) firstDc(low)(bits, c, block, predictions);
        else if (from === 0) bits.write(((block[0] ?? 0) >> low) & 1, 1);
        else if (high === 0) writeFirstAc(bits, block, from, to, low, run);
        else writeRefineAc(bits, block, from, to, low, run);
      });
    }
  }
  out.push(0xff, 0xd9);
  return out.bytes.slice(0, out.length);
}

/** cos((2x + 1)uπ/16) × C(u)/2 at [u × 8 + x]: the forward DCT is two passes of it (T.81 A.3.3). */
const BASIS = Float64Array.from(
  { length: 64 },
  (_, i) => ((i >> 3 ? 1 : Math.SQRT1_2) / 2) * Math.cos(((2 * (i & 7) + 1) * (i >> 3) * Math.PI) / 16),
);

/**
 * The blocks of a picture: each pixel from `pixel` (edges repeated past the picture), converted to YCbCr (chroma
 * averaged over 2 × 2 pixels for 4:2:0), transformed (FDCT) and quantised with `quantTables(spec.quality)`.
 */
export function pixelSource(spec: JpegSpec, pixel: (x: number, y: number) => readonly [number, number, number]): BlockSource {
  const tables = quantTables(spec.quality);
  const samples = new Float64Array(64);
  const rows = new Float64Array(64);
  return (c, bx, by) => {
    const step = c === 0 ? 1 : spec.sampling;
    for (let j = 0; j < 8; j++)
      for (let i = 0; i < 8; i++) {
        let sum = 0;
        for (let b = 0; b < step; b++)
          for (let a = 0; a < step; a++) {
            const x = Math.min(spec.width - 1, (bx * 8 + i) * step + a);
            const y = Math.min(spec.height - 1, (by * 8 + j) * step + b);
            const [r, g, bl] = pixel(x, y);
            sum +=
              c === 0
                ? 0.299 * r + 0.587 * g + 0.114 * bl
                : c === 1
                  ? 128 - 0.168736 * r - 0.331264 * g + 0.5 * bl
                  : 128 + 0.5 * r - 0.418688 * g - 0.081312 * bl;
          }
        samples[j * 8 + i] = sum / (step * step) - 128;
      }
    // Along the rows, then down the columns.
    for (let y = 0; y < 8; y++)
      for (let u = 0; u < 8; u++) {
        let sum = 0;
        for (let x = 0; x < 8; x++) sum += (samples[y * 8 + x] ?? 0) * (BASIS[u * 8 + x] ?? 0);
        rows[y * 8 + u] = sum;
      }
    const table = tables[c ? 1 : 0] as Int32Array;
    const block = new Int32Array(64);
    for (let k = 0; k < 64; k++) {
      const natural = ZIGZAG[k] ?? 0;
      const [v, u] = [natural >> 3, natural & 7];
      let sum = 0;
      for (let y = 0; y < 8; y++) sum += (rows[y * 8 + u] ?? 0) * (BASIS[v * 8 + y] ?? 0);
      block[k] = Math.round(sum / (table[natural] ?? 1));
    }
    return block;
  };
}
