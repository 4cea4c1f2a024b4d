/*
 * The inverse DCT of one 8 × 8 block straight to `size` × `size` samples (8, 4, 2 or 1): each sample is the mean
 * of the 8/size × 8/size pixels the full transform would give there. The means are linear in the coefficients,
 * so each size is the same separable product with its own 1-D matrix (T.81 A.3.3, averaged over groups of
 * pixels); size 1 is the DC coefficient alone. A block is never decoded to more samples than the card can use.
 */

export type BlockSize = 1 | 2 | 4 | 8;

/** For each size: row i, column u = ½ C(u) × the mean of cos((2x + 1)uπ/16) over the pixels x of sample i. */
const MATRICES = new Map<BlockSize, Float64Array>(
  ([1, 2, 4, 8] as const).map((size) => {
    const group = 8 / size;
    const matrix = new Float64Array(size * 8);
    for (let i = 0; i < size; i++)
      for (let u = 0; u < 8; u++) {
        let sum = 0;
        for (let x = i * group; x < (i + 1) * group; x++) sum += Math.cos(((2 * x + 1) * u * Math.PI) / 16);
        matrix[i * 8 + u] = ((u === 0 ? Math.SQRT1_2 : 1) / 2) * (sum / group);
      }
    return [size, matrix];
  }),
);

/** The first pass's results, reused: the transform runs once per block, millions of times for a large photo. */
const rows = new Float64Array(64);

const clamp = (v: number) => (v <= 0 ? 0 : v >= 255 ? 255 : Math.round(v));

/**
 * Writes the samples of one block, `coefficients` dequantised in natural (row by row) order, into `out` at
 * `offset` with `stride` samples per line, level-shifted to 0–255.
 */
export function inverseDct(coefficients: Int32Array, size: BlockSize, out: Uint8Array, offset: number, stride: number): void {
  if (size === 1) {
    out[offset] = clamp((coefficients[0] as number) / 8 + 128);
    return;
  }
  const matrix = MATRICES.get(size) as Float64Array;
  rows.fill(0, 0, 8 * size);
  // First along each row of coefficients (a row of zeros gives zeros), then down the columns.
  for (let v = 0; v < 8; v++) {
    const row = v * 8;
    let any = false;
    for (let u = 0; u < 8; u++) if (coefficients[row + u] !== 0) any = true;
    if (!any) continue;
    for (let i = 0; i < size; i++) {
      let sum = 0;
      for (let u = 0; u < 8; u++) sum += (matrix[i * 8 + u] as number) * (coefficients[row + u] as number);
      rows[v * size + i] = sum;
    }
  }
  for (let j = 0; j < size; j++)
    for (let i = 0; i < size; i++) {
      let sum = 128;
      for (let v = 0; v < 8; v++) sum += (matrix[j * 8 + v] as number) * (rows[v * size + i] as number);
      out[offset + j * stride + i] = clamp(sum);
    }
}
