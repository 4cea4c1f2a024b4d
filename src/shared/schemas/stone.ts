import * as v from 'valibot';
import { email, flag, plainText, visible } from './common';
import { MAX_STORY_LENGTH, MAX_TITLE_LENGTH, MAX_TOKEN_LENGTH } from './limits';
import { says } from './says';

/**
 * A new stone's title: the creator's first step checks it, and the API checks it again for a free stone and for
 * a paid stone's order. One schema for all three, so no title passes the form that the server then refuses.
 */
export const stoneTitle = v.pipe(
  v.optional(v.string(says('stone-fields.title.required')), ''),
  v.trim(),
  v.nonEmpty(says('stone-fields.title.required')),
  visible(says('stone-fields.title.required')),
  v.maxLength(MAX_TITLE_LENGTH, says('stone-fields.title.tooLong')),
  plainText,
);

/** The fields of the create-stone form (step 1 and 2) as the API receives them. */
export const createStoneSchema = v.object({
  creatorEmail: email,
  title: stoneTitle,
  story: v.pipe(
    v.optional(v.string(says('stone-fields.story.invalid')), ''),
    v.trim(),
    v.maxLength(MAX_STORY_LENGTH, says('stone-fields.story.tooLong')),
    plainText,
  ),
  hasPhotos: flag,
  hasStory: flag,
  recaptchaToken: v.pipe(
    v.optional(v.string(says('creation.recaptcha.invalid')), ''),
    v.maxLength(MAX_TOKEN_LENGTH, says('creation.recaptcha.invalid')),
  ),
});
