import * as v from 'valibot';
import { PRECISIONS } from './precision';

/** An empty address is "Adresse erforderlich". */
export const MAX_ADDRESS_LENGTH = 200;

export const addressSearchSchema = v.object({
  q: v.pipe(
    v.optional(v.string('server.geocode.addressRequired'), ''),
    v.trim(),
    v.nonEmpty('server.geocode.addressRequired'),
    v.maxLength(MAX_ADDRESS_LENGTH, 'server.geocode.addressTooLong'),
  ),
});

const coordinate = (min: number, max: number, message: string) =>
  v.pipe(
    v.string(message),
    v.regex(/^-?\d{1,3}(?:\.\d{1,10})?$/, message),
    v.toNumber(),
    v.minValue(min, message),
    v.maxValue(max, message),
  );

export const reverseSchema = v.object({
  lat: coordinate(-90, 90, 'server.geocode.latitude'),
  lon: coordinate(-180, 180, 'server.geocode.longitude'),
  /** The find's precision: the name at its level, asked with the position rounded to it. Without it: exact. */
  precision: v.optional(v.picklist(PRECISIONS, 'server.geocode.precision'), 'exact'),
});
