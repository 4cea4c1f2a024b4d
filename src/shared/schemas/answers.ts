import * as v from 'valibot';

/*
 * The public API's answers as valibot schemas: the OpenAPI document (worker/api/openapi) describes them from these,
 * tests/unit/answers.test.ts holds each to its TypeScript shape in shared/types.ts (so neither can drift from the
 * other), and the contract test checks the Worker's real answers against the document. The Worker does not validate
 * its own answers at run time.
 */

const iso = v.pipe(v.string(), v.isoTimestamp(), v.description('ISO 8601 time, UTC'));
const url = v.pipe(v.string(), v.url());
const latitude = v.nullable(v.pipe(v.number(), v.minValue(-90), v.maxValue(90)));
const longitude = v.nullable(v.pipe(v.number(), v.minValue(-180), v.maxValue(180)));
const point = v.pipe(v.tuple([v.number(), v.number()]), v.description('[latitude, longitude]'));
const stoneStatus = v.picklist(['travelling', 'resting', 'missing']);
const code = v.pipe(v.string(), v.regex(/^[0-9A-F]{3}-[0-9A-F]{3}-[0-9A-F]{3}$/), v.description('The stone code, XXX-XXX-XXX'));

/** `{ error: { code, message, details? } }`: every refusal. */
export const errorAnswer = v.object({
  error: v.object({
    code: v.pipe(v.string(), v.description('Machine-readable, e.g. STONE_NOT_FOUND, VALIDATION_ERROR, RATE_LIMITED')),
    message: v.pipe(v.string(), v.description("In the request's language (Accept-Language)")),
    details: v.optional(v.record(v.string(), v.string())),
  }),
});

export const findAnswerView = v.object({
  id: v.string(),
  location: v.string(),
  latitude,
  longitude,
  comment: v.string(),
  createdAt: iso,
  pending: v.pipe(v.boolean(), v.description('Flagged as implausible and not yet accepted: not part of the distance')),
  kept: v.boolean(),
  foundAgainAfterDays: v.nullable(v.number()),
  photo: v.nullable(v.object({ url })),
});

const countryReached = v.object({
  code: v.pipe(v.string(), v.length(2)),
  name: v.pipe(v.string(), v.description("In the request's language")),
  firstReachedAt: iso,
});

const lastFind = v.object({ location: v.string(), latitude, longitude, createdAt: iso });

export const stoneAnswer = v.object({
  id: v.string(),
  code,
  title: v.string(),
  story: v.nullable(v.string()),
  hasPhotos: v.boolean(),
  hasStory: v.boolean(),
  isPaid: v.boolean(),
  photos: v.array(url),
  createdAt: iso,
  qrCodeUrl: url,
  finds: v.pipe(v.array(findAnswerView), v.description('The newest public finds (at most 50), in journey order')),
  findCount: v.number(),
  olderFinds: v.pipe(v.nullable(url), v.description('The page of finds before `finds`, or null')),
  journey: v.pipe(v.array(point), v.description('Every counted public find with a position, in order')),
  countries: v.array(countryReached),
  lastFind: v.nullable(lastFind),
  goal: v.nullable(
    v.object({
      name: v.nullable(v.string()),
      country: v.nullable(v.string()),
      latitude,
      longitude,
      note: v.string(),
      remainingKm: v.pipe(
        v.nullable(v.number()),
        v.description('From the last counted find; 0 once reached; null for a country not reached'),
      ),
      reachedAt: v.nullable(iso),
    }),
  ),
  totalDistance: v.number(),
  formattedDistance: v.string(),
  status: stoneStatus,
  statusSince: iso,
  collection: v.nullable(v.object({ id: v.string(), title: v.string(), url })),
  shareImage: url,
});

export const findsPageAnswer = v.object({ finds: v.array(findAnswerView), olderFinds: v.nullable(url) });

export const findPostAnswer = v.object({
  find: findAnswerView,
  totalDistance: v.number(),
  formattedDistance: v.string(),
  photoRefused: v.optional(v.literal('PENDING_LIMIT')),
});

export const manyFindsAnswer = v.object({
  results: v.array(
    v.object({
      code: v.string(),
      status: v.pipe(v.number(), v.description('201 stored, 200 a repeated key, 202 stored and flagged, else the refusal')),
      find: v.optional(findAnswerView),
      totalDistance: v.optional(v.number()),
      formattedDistance: v.optional(v.string()),
      error: v.optional(errorAnswer.entries.error),
    }),
  ),
});

export const collectionAnswer = v.object({
  id: v.string(),
  title: v.string(),
  dedication: v.nullable(v.string()),
  totalDistance: v.number(),
  formattedDistance: v.string(),
  findCount: v.number(),
  countries: v.array(countryReached),
  createdAt: iso,
  url,
  shareImage: url,
  months: v.array(v.object({ month: v.pipe(v.string(), v.regex(/^\d{4}-\d{2}$/)), finds: v.number(), km: v.number() })),
  stones: v.array(
    v.object({
      code,
      title: v.string(),
      status: stoneStatus,
      statusSince: iso,
      findCount: v.number(),
      totalDistance: v.number(),
      formattedDistance: v.string(),
      lastFind: v.nullable(lastFind),
      url,
      journey: v.array(point),
    }),
  ),
});

export const statisticsAnswer = v.object({
  totalDistance: v.number(),
  formattedDistance: v.string(),
  stoneCount: v.number(),
  findCount: v.number(),
});

export const geocodeAnswer = v.object({
  label: v.string(),
  latitude: v.number(),
  longitude: v.number(),
  countryCode: v.nullable(v.string()),
  places: v.pipe(
    v.object({ km: v.nullable(v.string()), town: v.nullable(v.string()) }),
    v.description('The name at about 1 km and at town precision, without street, number or postcode'),
  ),
});

export const reverseGeocodeAnswer = v.object({ label: v.nullable(v.string()), countryCode: v.nullable(v.string()) });

export const subscribeAnswer = v.pipe(
  v.object({ subscribed: v.literal(true), confirmed: v.literal(false) }),
  v.description('A mail asks the address to confirm (double opt-in)'),
);

export const reportAnswer = v.object({ reported: v.literal(true) });
