import * as v from 'valibot';
import { optionalEmail, plainText, visible } from './common';
import { MAX_COMMENT_LENGTH, MAX_LOCATION_LENGTH } from './limits';

/** Plain decimal notation: `Number()` alone would also read "0x1A", "0b11" or "" (as 0). */
const DECIMAL = /^[+-]?(?:\d+\.?\d*|\.\d+)(?:e[+-]?\d+)?$/i;

/** A coordinate sent as a number or a numeric string; missing, empty or blank means "no position". */
const coordinate = (min: number, max: number, message: string) =>
  v.pipe(
    v.optional(v.nullable(v.union([v.number(message), v.string(message)], message)), null),
    v.transform((value) => {
      if (value === null || typeof value === 'number') return value;
      const text = value.trim();
      if (text === '') return null;
      return DECIMAL.test(text) ? Number(text) : Number.NaN;
    }),
    v.nullable(v.pipe(v.number(message), v.finite(message), v.minValue(min, message), v.maxValue(max, message))),
  );

/**
 * How precisely a find's position is kept (the finder's choice): exact, about 1 km (two decimals, about 1.1 km
 * north–south), or only the area of the town (one decimal, about 11 km). The position is rounded before it is
 * stored, so the distance uses the rounded position too.
 */
export const PRECISIONS = ['exact', 'km', 'town'] as const;
export type Precision = (typeof PRECISIONS)[number];
const PRECISION_DIGITS: Record<Precision, number | null> = { exact: null, km: 2, town: 1 };

export function roundPosition(value: number, precision: Precision): number {
  const digits = PRECISION_DIGITS[precision];
  return digits === null ? value : Number(value.toFixed(digits));
}

/** A find as the find form and `POST /api/stones/{code}/finds` carry it. */
export const findSchema = v.pipe(
  v.object({
    location: v.pipe(
      v.optional(v.string('location.required'), ''),
      v.trim(),
      v.nonEmpty('location.required'),
      visible('location.required'),
      v.maxLength(MAX_LOCATION_LENGTH, 'location.tooLong'),
      plainText,
    ),
    latitude: coordinate(-90, 90, 'latitude.invalid'),
    longitude: coordinate(-180, 180, 'longitude.invalid'),
    comment: v.pipe(
      v.optional(v.nullable(v.string('comment.invalid')), ''),
      v.transform((value) => (value ?? '').trim()),
      v.maxLength(MAX_COMMENT_LENGTH, 'comment.tooLong'),
      plainText,
    ),
    finderEmail: optionalEmail,
    precision: v.optional(v.picklist(PRECISIONS, 'precision.invalid'), 'exact'),
  }),
  v.check((find) => (find.latitude === null) === (find.longitude === null), 'position.incomplete'),
  v.transform(({ precision, ...find }) => ({
    ...find,
    latitude: find.latitude === null ? null : roundPosition(find.latitude, precision),
    longitude: find.longitude === null ? null : roundPosition(find.longitude, precision),
  })),
);
export type FindInput = v.InferOutput<typeof findSchema>;
