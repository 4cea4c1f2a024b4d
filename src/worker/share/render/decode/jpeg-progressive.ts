import { InvalidImageError } from '../../../lib/images';
import type { BitReader } from './jpeg-bits';
import type { Scan, ScanComponent } from './jpeg-frame';

/*
 * One block of a progressive JPEG's scan (T.81 G.1.2), into its stored coefficients (zig-zag order, not
 * dequantised): the DC coefficient's first bits and its refinements, and the AC coefficients' spectral bands with
 * their end-of-band runs over several blocks and their refinements, as libjpeg's jdphuff.c reads them.
 */

/** The natural index is not needed here: coefficients are kept in zig-zag order until the last scan. */
export function progressiveBlock(
  reader: BitReader,
  scan: Scan,
  { component, dc, ac }: ScanComponent,
  at: number,
  prediction: number,
  eobRun: { blocks: number },
): number {
  const stored = component.coefficients as Int16Array;
  const low = scan.approximationLow;
  if (scan.spectralStart === 0) {
    if (scan.approximationHigh) {
      if (reader.bits(1)) stored[at] = (stored[at] as number) | (1 << low);
      return prediction;
    }
    if (!dc) throw new InvalidImageError('JPEG scan without its DC table');
    const value = prediction + reader.signed(reader.decode(dc));
    stored[at] = value * 2 ** low;
    return value;
  }
  if (!ac) throw new InvalidImageError('JPEG scan without its AC table');
  if (scan.approximationHigh === 0) firstAc(reader, scan, ac, stored, at, eobRun);
  else refineAc(reader, scan, ac, stored, at, eobRun);
  return prediction;
}

/**
 * One AC pass over a block's coefficients (`stored` from `at`), within the scan's spectral band; `eobRun` counts the
 * blocks still ending before the band, carried from block to block.
 */
type AcPass = (
  reader: BitReader,
  scan: Scan,
  ac: NonNullable<ScanComponent['ac']>,
  stored: Int16Array,
  at: number,
  eobRun: { blocks: number },
) => void;

const firstAc: AcPass = (reader, scan, ac, stored, at, eobRun) => {
  if (eobRun.blocks > 0) {
    eobRun.blocks--;
    return;
  }
  for (let k = scan.spectralStart; k <= scan.spectralEnd; ) {
    const symbol = reader.decode(ac);
    const bits = symbol & 15;
    const run = symbol >> 4;
    if (bits === 0) {
      if (run < 15) {
        // This block and run of the following ones end here.
        eobRun.blocks = (1 << run) - 1 + (run ? reader.bits(run) : 0);
        return;
      }
      k += 16;
      continue;
    }
    k += run;
    if (k > 63) throw new InvalidImageError('JPEG AC coefficient');
    stored[at + k] = reader.signed(bits) * 2 ** scan.approximationLow;
    k++;
  }
};

const refineAc: AcPass = (reader, scan, ac, stored, at, eobRun) => {
  const plus = 1 << scan.approximationLow;
  const minus = -plus;
  /** A coefficient already non-zero gets its correction bit. */
  const correct = (k: number) => {
    const value = stored[at + k] as number;
    if (reader.bits(1) && (value & plus) === 0) stored[at + k] = value + (value >= 0 ? plus : minus);
  };
  let k = scan.spectralStart;
  if (eobRun.blocks === 0) {
    for (; k <= scan.spectralEnd; k++) {
      const symbol = reader.decode(ac);
      let run = symbol >> 4;
      let value = 0;
      if (symbol & 15) value = reader.bits(1) ? plus : minus;
      else if (run !== 15) {
        eobRun.blocks = (1 << run) + (run ? reader.bits(run) : 0);
        break;
      }
      // Past `run` coefficients that are still zero, correcting the non-zero ones on the way.
      for (; k <= scan.spectralEnd; k++) {
        if (stored[at + k]) correct(k);
        else if (--run < 0) break;
      }
      if (value && k <= scan.spectralEnd) stored[at + k] = value;
    }
  }
  if (eobRun.blocks > 0) {
    for (; k <= scan.spectralEnd; k++) if (stored[at + k]) correct(k);
    eobRun.blocks--;
  }
};
