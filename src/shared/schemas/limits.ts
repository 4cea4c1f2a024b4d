/** Business limits from the product specification (§5, §9); the forms and the API both read them from here. */
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
/** Largest JSON body any API call accepts. */
export const MAX_JSON_BYTES = 64 * 1024;

/** The owner read lists at most this many (newest) subscriptions and gives the full number separately. */
export const OWNER_NOTIFICATIONS_LISTED = 100;

/** A memorial collection holds 1 to 50 stones (a database trigger enforces the upper bound too). */
export const MAX_COLLECTION_STONES = 50;
/** A collection's optional dedication. */
export const MAX_DEDICATION_LENGTH = 280;
