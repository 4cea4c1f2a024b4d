import { InvalidImageError } from '../../../lib/images';
import { BitReader } from './jpeg-bits';
import type { Frame, Scan, ScanComponent } from './jpeg-frame';
import { inverseDct } from './jpeg-idct';
import { progressiveBlock } from './jpeg-progressive';

/*
 * The scans of a Huffman-coded JPEG (T.81 F.2 sequential, G.1.2 progressive), decoded block by block into each
 * component's samples at BlockSize samples a block side. A sequential block is transformed as soon as it is
 * read: nothing holds more than one block's coefficients. A progressive JPEG's coefficients are kept until its
 * last scan (jpeg-progressive.ts): all of them for a small picture, for a large one only the DC coefficients (one
 * a block), its AC scans not read at all.
 */

/** The natural (row by row) index of the k-th coefficient in zig-zag order. */
export const ZIGZAG = Uint8Array.from([
  0, 1, 8, 16, 9, 2, 3, 10, 17, 24, 32, 25, 18, 11, 4, 5, 12, 19, 26, 33, 40, 48, 41, 34, 27, 20, 13, 6, 7, 14, 21, 28, 35, 42, 49, 56, 57,
  50, 43, 36, 29, 22, 15, 23, 30, 37, 44, 51, 58, 59, 52, 45, 38, 31, 39, 46, 53, 60, 61, 54, 47, 55, 62, 63,
]);

const block = new Int32Array(64);

/** A sequential JPEG's block: read, dequantised and transformed into the component's samples at once. */
function sequentialBlock(
  reader: BitReader,
  { component, dc, ac }: ScanComponent,
  prediction: number,
  table: Int32Array,
  row: number,
  column: number,
) {
  if (!dc || !ac) throw new InvalidImageError('JPEG scan without its tables');
  const size = component.size;
  const value = prediction + reader.signed(reader.decode(dc));
  block.fill(0);
  block[0] = value * (table[0] as number);
  for (let k = 1; k < 64; ) {
    const symbol = reader.decode(ac);
    const bits = symbol & 15;
    const run = symbol >> 4;
    if (bits === 0) {
      if (run !== 15) break;
      k += 16;
      continue;
    }
    k += run;
    if (k > 63) break;
    // At one sample a block only the DC counts: the AC values are read past.
    if (size === 1) reader.skip(bits);
    else {
      const natural = ZIGZAG[k] as number;
      block[natural] = reader.signed(bits) * (table[natural] as number);
    }
    k++;
  }
  const stride = component.blocksPerLine * size;
  inverseDct(block, size, component.samples, row * size * stride + column * size, stride);
  return value;
}

/** One scan from `start` to `end`, with the tables and restart interval in force. */
export function decodeScan(
  bytes: Uint8Array,
  start: number,
  end: number,
  frame: Frame,
  scan: Scan,
  quantisation: ReadonlyArray<Int32Array | undefined>,
  restartInterval: number,
): void {
  // Of a large progressive JPEG only the DC coefficients are kept: its AC scans refine what the card never shows.
  if (frame.progressive && frame.kept === 1 && scan.spectralStart > 0) return;
  const reader = new BitReader(bytes, start, end);
  const predictions = new Int32Array(scan.components.length);
  const eobRun = { blocks: 0 };
  const decodeBlock = (index: number, row: number, column: number) => {
    const part = scan.components[index] as ScanComponent;
    if (frame.progressive) {
      const at = (row * part.component.blocksPerLine + column) * frame.kept;
      predictions[index] = progressiveBlock(reader, scan, part, at, predictions[index] as number, eobRun);
      return;
    }
    const table = quantisation[part.component.quantisation];
    if (!table) throw new InvalidImageError('JPEG scan without its quantisation table');
    predictions[index] = sequentialBlock(reader, part, predictions[index] as number, table, row, column);
  };

  const only = scan.components.length === 1 ? (scan.components[0] as ScanComponent).component : null;
  const units = only ? only.ownBlocksPerLine * only.ownBlocksPerColumn : frame.mcusPerLine * frame.mcusPerColumn;
  for (let unit = 0; unit < units; unit++) {
    if (restartInterval && unit > 0 && unit % restartInterval === 0) {
      if (!reader.restart()) return;
      predictions.fill(0);
      eobRun.blocks = 0;
    }
    if (only) {
      decodeBlock(0, Math.floor(unit / only.ownBlocksPerLine), unit % only.ownBlocksPerLine);
      continue;
    }
    const mcuRow = Math.floor(unit / frame.mcusPerLine);
    const mcuColumn = unit % frame.mcusPerLine;
    for (let index = 0; index < scan.components.length; index++) {
      const { component } = scan.components[index] as ScanComponent;
      for (let v = 0; v < component.v; v++)
        for (let h = 0; h < component.h; h++) decodeBlock(index, mcuRow * component.v + v, mcuColumn * component.h + h);
    }
  }
}

/** A progressive JPEG's samples from its coefficients, after its last scan. */
export function finishProgressive(frame: Frame, quantisation: ReadonlyArray<Int32Array | undefined>): void {
  for (const component of frame.components) {
    const stored = component.coefficients as Int16Array;
    const table = quantisation[component.quantisation];
    if (!table) throw new InvalidImageError('JPEG without its quantisation table');
    const { size, blocksPerLine } = component;
    const stride = blocksPerLine * size;
    for (let b = 0; b * frame.kept < stored.length; b++) {
      block.fill(0);
      for (let k = 0; k < frame.kept; k++) {
        const natural = ZIGZAG[k] as number;
        block[natural] = (stored[b * frame.kept + k] as number) * (table[natural] as number);
      }
      const row = Math.floor(b / blocksPerLine);
      inverseDct(block, size, component.samples, row * size * stride + (b % blocksPerLine) * size, stride);
    }
  }
}
