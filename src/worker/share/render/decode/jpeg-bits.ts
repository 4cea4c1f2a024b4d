import { InvalidImageError } from '../../../lib/images';

/**
 * A JPEG scan's entropy-coded data read bit by bit (ITU T.81 F.2.2): stuffed bytes (FF 00) are undone; at a
 * marker the reader gives zeros and stops advancing, so a scan that ends early decodes to grey and never runs past
 * its data.
 */
export class BitReader {
  private buffer = 0;
  private count = 0;

  constructor(
    private readonly bytes: Uint8Array,
    public position: number,
    private readonly end: number,
  ) {}

  /** At least 25 bits in the buffer (zeros once the data ends). */
  private fill(): void {
    while (this.count <= 24) {
      let byte = 0;
      const at = this.position;
      if (at < this.end && this.bytes[at] !== 0xff) {
        byte = this.bytes[at] ?? 0;
        this.position = at + 1;
      } else if (at + 1 < this.end && this.bytes[at + 1] === 0x00) {
        byte = 0xff;
        this.position = at + 2;
      }
      this.buffer = ((this.buffer << 8) | byte) >>> 0;
      this.count += 8;
    }
  }

  /** The next `n` bits (1 to 16) as an unsigned number. */
  bits(n: number): number {
    this.fill();
    this.count -= n;
    return (this.buffer >>> this.count) & ((1 << n) - 1);
  }

  /** Skips `n` bits (0 to 16). */
  skip(n: number): void {
    if (n === 0) return;
    this.fill();
    this.count -= n;
  }

  /** The next `n` bits as a signed coefficient (T.81 F.2.2.1 EXTEND); 0 for n = 0. */
  signed(n: number): number {
    if (n === 0) return 0;
    const value = this.bits(n);
    return value < 1 << (n - 1) ? value - (1 << n) + 1 : value;
  }

  /** The next symbol of `table`: nine bits looked up at once, longer codes bit by bit. */
  decode(table: HuffmanTable): number {
    this.fill();
    const entry = table.fast[(this.buffer >>> (this.count - 9)) & 0x1ff] ?? 0;
    if (entry) {
      this.count -= entry >> 8;
      return entry & 0xff;
    }
    for (let length = 10; length <= 16; length++) {
      const code = (this.buffer >>> (this.count - length)) & ((1 << length) - 1);
      if (code <= (table.maxCode[length] ?? -1)) {
        this.count -= length;
        return table.symbols[(table.offset[length] ?? 0) + code] ?? 0;
      }
    }
    throw new InvalidImageError('JPEG Huffman code');
  }

  /**
   * After a restart interval: the bits left in the byte are dropped and the restart marker (RST0–7) is passed.
   * False when the data does not continue with one (a damaged scan): the caller stops decoding it.
   */
  restart(): boolean {
    this.buffer = 0;
    this.count = 0;
    // The reader stops at the marker; bytes before it that no block needed are skipped.
    let at = this.position;
    while (at + 1 < this.end && !(this.bytes[at] === 0xff && this.bytes[at + 1] !== 0x00)) at++;
    const marker = this.bytes[at + 1] ?? 0;
    if (at + 1 < this.end && marker >= 0xd0 && marker <= 0xd7) {
      this.position = at + 2;
      return true;
    }
    return false;
  }
}

/** A Huffman table of a DHT segment (T.81 C and F.2.2.3), with a nine-bit lookup for the common short codes. */
export interface HuffmanTable {
  /** For each nine-bit prefix: (code length << 8) | symbol, or 0 when the code is longer. */
  fast: Uint16Array;
  /** The largest code of each length, -1 when there is none; codes of a length index symbols from `offset`. */
  maxCode: Int32Array;
  offset: Int32Array;
  symbols: Uint8Array;
}

/** Builds the table from the code counts per length (16 bytes) and the symbols that follow them. */
export function huffmanTable(counts: Uint8Array, symbols: Uint8Array): HuffmanTable {
  const fast = new Uint16Array(512);
  const maxCode = new Int32Array(17).fill(-1);
  const offset = new Int32Array(17);
  let code = 0;
  let index = 0;
  for (let length = 1; length <= 16; length++) {
    const n = counts[length - 1] ?? 0;
    offset[length] = index - code;
    for (let i = 0; i < n; i++, code++, index++) {
      if (length <= 9) {
        const first = code << (9 - length);
        fast.fill((length << 8) | (symbols[index] ?? 0), first, first + (1 << (9 - length)));
      }
    }
    if (n) maxCode[length] = code - 1;
    if (code > 1 << length) throw new InvalidImageError('JPEG Huffman table');
    code <<= 1;
  }
  return { fast, maxCode, offset, symbols };
}
