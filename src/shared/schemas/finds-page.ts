import * as v from 'valibot';

/**
 * A stone's page and JSON embed its newest finds only (flat cost at size): 50 is more than nearly every
 * stone ever has (about five finds each on average), so for them nothing changes, and a long list on a phone; a
 * stone with thousands of finds answers the same few dozen kilobytes plus its journey's line.
 */
export const STONE_FINDS_EMBEDDED = 50;
/** `GET /api/stones/{code}/finds`: finds per page unless asked for fewer or more, and the most it answers at once. */
export const FINDS_PAGE_SIZE = 50;
export const MAX_FINDS_PAGE_SIZE = 100;

/** The message of a malformed query: no text of its own, so the answer names the field (`server.api.invalidField`). */
const INVALID = 'finds.query.invalid';

/** A whole number written in decimal digits only, within bounds. */
const whole = (min: number, max: number) =>
  v.pipe(v.string(INVALID), v.regex(/^\d{1,16}$/, INVALID), v.toNumber(), v.minValue(min, INVALID), v.maxValue(max, INVALID));

/**
 * `GET /api/stones/{code}/finds?before=&limit=`: `before` is the cursor, the sequence number of the oldest find the
 * reader has (the answers' `olderFinds` carry it); without it the newest page.
 */
export const findsPageQuerySchema = v.object({
  before: v.optional(whole(1, Number.MAX_SAFE_INTEGER)),
  limit: v.optional(whole(1, MAX_FINDS_PAGE_SIZE), String(FINDS_PAGE_SIZE)),
});
