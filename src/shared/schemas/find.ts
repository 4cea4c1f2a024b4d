import * as v from 'valibot';
import { optionalEmail } from './common';
import { MAX_COMMENT_LENGTH, MAX_LOCATION_LENGTH } from './limits';

/** A coordinate sent as a number or a numeric string; missing or empty means "no position". */
const coordinate = (min: number, max: number, message: string) =>
  v.pipe(
    v.optional(v.nullable(v.union([v.number(message), v.string(message)], message)), null),
    v.transform((value) => {
      if (value === null || value === '') return null;
      const n = typeof value === 'number' ? value : Number(value.trim());
      return n;
    }),
    v.nullable(v.pipe(v.number(message), v.finite(message), v.minValue(min, message), v.maxValue(max, message))),
  );

/** A find as the find form and `POST /api/stones/{code}/finds` carry it. */
export const findSchema = v.pipe(
  v.object({
    location: v.pipe(
      v.string('location.required'),
      v.trim(),
      v.nonEmpty('location.required'),
      v.maxLength(MAX_LOCATION_LENGTH, 'location.tooLong'),
    ),
    latitude: coordinate(-90, 90, 'latitude.invalid'),
    longitude: coordinate(-180, 180, 'longitude.invalid'),
    comment: v.pipe(
      v.optional(v.nullable(v.string('comment.invalid')), ''),
      v.transform((value) => (value ?? '').trim()),
      v.maxLength(MAX_COMMENT_LENGTH, 'comment.tooLong'),
    ),
    finderEmail: optionalEmail,
  }),
  v.check((find) => (find.latitude === null) === (find.longitude === null), 'position.incomplete'),
);
export type FindInput = v.InferOutput<typeof findSchema>;
