/** Business limits (lengths, sizes, counts, lifetimes); the forms and the API both read them from here. */
export const MAX_TITLE_LENGTH = 128;
export const MAX_STORY_LENGTH = 5000;
export const MAX_PHOTOS = 5;
export const MAX_PHOTO_BYTES = 5 * 1024 * 1024;
/**
 * The largest picture a photo may declare, in pixels and per side: a few bytes can declare a picture that takes
 * gigabytes to decode, so a larger one is refused at upload before anything decodes it. A phone's 48-megapixel
 * photo is shrunk by the browser before its upload (2048 px on its long side).
 */
export const MAX_PHOTO_PIXELS = 40_000_000;
export const MAX_PHOTO_SIDE = 10_000;
export const MAX_EMAIL_LENGTH = 254;
export const MAX_LOCATION_LENGTH = 300;
export const MAX_COMMENT_LENGTH = 2000;
export const MAX_TOKEN_LENGTH = 4096;
/**
 * Finders' photos waiting for one stone's owner: a further find is stored without its photo (the find write's
 * guard), so nobody can fill a stone's bucket with photos its owner never sees.
 */
export const MAX_PENDING_FIND_PHOTOS = 20;
/** Largest JSON body any API call accepts. */
export const MAX_JSON_BYTES = 64 * 1024;

/** The owner read lists at most this many (newest) subscriptions and gives the full number separately. */
export const OWNER_NOTIFICATIONS_LISTED = 100;

/** A memorial collection holds 1 to 50 stones (a database trigger enforces the upper bound too). */
export const MAX_COLLECTION_STONES = 50;
/** Stones a finder logs at once, found at one place (`POST /api/finds`). */
export const MAX_CODES_AT_ONCE = 10;
/** A stone's goal's note ("Oma wollte immer ans Meer"). */
export const MAX_GOAL_NOTE_LENGTH = 140;
/** A collection's optional dedication. */
export const MAX_DEDICATION_LENGTH = 280;

/**
 * An owner link sent in a mail later than the creation (a find mail with a photo, the missing mail, "send me my
 * owner link") works this many days; the creation's link works until its owner makes every link invalid.
 */
export const OWNER_LINK_TTL_DAYS = 30;
