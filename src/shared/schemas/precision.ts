/**
 * How precisely a find's position is kept (the finder's choice): exact, about 1 km (two decimals, about 1.1 km
 * north–south), or only the area of the town (one decimal, about 11 km). The position is rounded before it is
 * stored, so the distance uses the rounded position too. Without valibot: the find form shows the choice with
 * the page, and loads the schema only to check what is sent.
 */
export const PRECISIONS = ['exact', 'km', 'town'] as const;
export type Precision = (typeof PRECISIONS)[number];
const PRECISION_DIGITS: Record<Precision, number | null> = { exact: null, km: 2, town: 1 };

export function roundPosition(value: number, precision: Precision): number {
  const digits = PRECISION_DIGITS[precision];
  return digits === null ? value : Number(value.toFixed(digits));
}
