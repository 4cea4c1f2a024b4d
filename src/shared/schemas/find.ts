import * as v from 'valibot';
import type { MessageId } from '../i18n/message-ids';
import { placeName } from '../place-name';
import { flag, optionalEmail, plainText, visible } from './common';
import { MAX_COMMENT_LENGTH, MAX_LOCATION_LENGTH } from './limits';
import { PRECISIONS, roundPosition } from './precision';
import { says } from './says';

/** Plain decimal notation: `Number()` alone would also read "0x1A", "0b11" or "" (as 0). */
const DECIMAL = /^[+-]?(?:\d+\.?\d*|\.\d+)(?:e[+-]?\d+)?$/i;

/** A coordinate sent as a number or a numeric string; missing, empty or blank means "no position". */
const coordinate = (min: number, max: number, message: MessageId) =>
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

/** A find as the find form and `POST /api/stones/{code}/finds` carry it. */
export const findSchema = v.pipe(
  v.object({
    location: v.pipe(
      v.optional(v.string(says('find-place.location.required')), ''),
      v.trim(),
      v.nonEmpty(says('find-place.location.required')),
      visible(says('find-place.location.required')),
      v.maxLength(MAX_LOCATION_LENGTH, says('find-place.location.tooLong')),
      plainText,
    ),
    latitude: coordinate(-90, 90, says('find-place.latitude.invalid')),
    longitude: coordinate(-180, 180, says('find-place.longitude.invalid')),
    comment: v.pipe(
      v.optional(v.nullable(v.string(says('find-place.comment.invalid'))), ''),
      v.transform((value) => (value ?? '').trim()),
      v.maxLength(MAX_COMMENT_LENGTH, says('find-place.comment.tooLong')),
      plainText,
    ),
    finderEmail: optionalEmail,
    precision: v.optional(v.picklist(PRECISIONS, 'server.precision.invalid'), 'exact'),
    /** "I'll keep it for a while": the stone rests with the finder until its next find. */
    keep: flag,
    /** The country of the place as the geocoder named it (ISO 3166-1 alpha-2); the collection's countries. */
    countryCode: v.pipe(
      v.optional(v.nullable(v.string('countryCode.invalid')), null),
      v.transform((value) => (value ?? '').trim().toUpperCase() || null),
      v.nullable(v.pipe(v.string(), v.regex(/^[A-Z]{2}$/, 'countryCode.invalid'))),
    ),
  }),
  v.check((find) => (find.latitude === null) === (find.longitude === null), says('find-place.position.incomplete')),
  // The finder's precision governs the place name as well as the position: for km and town no street, house number
  // or postcode is kept (shared/place-name.ts), in the form, in the device's outbox and in the API alike.
  v.transform((find) => ({
    ...find,
    location: placeName(find.location, find.precision),
    latitude: find.latitude === null ? null : roundPosition(find.latitude, find.precision),
    longitude: find.longitude === null ? null : roundPosition(find.longitude, find.precision),
  })),
  v.forward(
    v.check((find) => find.location !== '', says('find-place.location.onlyStreet')),
    ['location'],
  ),
);
export type FindInput = v.InferOutput<typeof findSchema>;
