import type { HuffmanTable } from './jpeg-bits';
import type { BlockSize } from './jpeg-idct';

/** A JPEG's frame as its header declares it, and its scans: what the decoder's steps hand each other. */

export interface Component {
  id: number;
  /** Sampling factors. */
  h: number;
  v: number;
  /** Its quantisation table, natural order. */
  quantisation: number;
  /** Blocks a line and a column, padded to whole MCUs, and of the component itself (a scan of it alone). */
  blocksPerLine: number;
  blocksPerColumn: number;
  ownBlocksPerLine: number;
  ownBlocksPerColumn: number;
  /** Samples a block side: a subsampled component's blocks cover more pixels, so it needs more of them. */
  size: BlockSize;
  /** Its samples, `blocksPerLine × size` a line. */
  samples: Uint8Array;
  /** A progressive JPEG's coefficients, not dequantised: 64 a block in zig-zag order, or only the DC (1 a block). */
  coefficients: Int16Array | null;
}

export interface Frame {
  width: number;
  height: number;
  progressive: boolean;
  /** Coefficients kept a block of a progressive JPEG: 64, or 1 when its AC scans are skipped. */
  kept: 1 | 64;
  components: Component[];
  hMax: number;
  vMax: number;
  mcusPerLine: number;
  mcusPerColumn: number;
  /** Samples a block side of the components that are not subsampled: the decoded picture is size / 8 of the photo. */
  size: BlockSize;
}

export interface ScanComponent {
  component: Component;
  dc: HuffmanTable | undefined;
  ac: HuffmanTable | undefined;
}

export interface Scan {
  components: ScanComponent[];
  spectralStart: number;
  spectralEnd: number;
  approximationHigh: number;
  approximationLow: number;
}
