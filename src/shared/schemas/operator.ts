import * as v from 'valibot';
import { plainText } from './common';
import { MAX_EMAIL_LENGTH, MAX_STORY_LENGTH } from './limits';
import { editedTitle, findPhotoDecision, settableStatus } from './owner';
import { says } from './says';

/** `POST /api/admin/login` (e-mail and password required). */
export const loginSchema = v.object({
  email: v.pipe(
    v.optional(v.string('server-owner.login.required'), ''),
    v.trim(),
    v.toLowerCase(),
    v.nonEmpty('server-owner.login.required'),
    v.maxLength(MAX_EMAIL_LENGTH, 'server-owner.login.required'),
  ),
  password: v.pipe(
    v.optional(v.string('server-owner.login.required'), ''),
    v.nonEmpty('server-owner.login.required'),
    v.maxLength(1024, 'server-owner.login.required'),
  ),
});

/** `PATCH /api/admin/stones/id/{id}` (title, story; and the stone's state, as its owner may set it); at least one. */
export const operatorUpdateSchema = v.pipe(
  v.object({
    title: v.optional(editedTitle),
    story: v.optional(
      v.pipe(
        v.nullable(v.string(says('stone-fields.story.invalid'))),
        v.transform((story) => story ?? ''),
        v.trim(),
        v.maxLength(MAX_STORY_LENGTH, says('stone-fields.story.tooLong')),
        plainText,
      ),
    ),
    status: v.optional(settableStatus),
  }),
  v.check(
    (input) => input.title !== undefined || input.story !== undefined || input.status !== undefined,
    'server-owner.operator.nothingToChange',
  ),
);

/**
 * `PATCH /api/admin/stones/id/{id}/finds/{findId}`: hide or show a find, accept a flagged one, or clear its
 * comment; at least one.
 */
export const findModerationSchema = v.pipe(
  v.object({
    hidden: v.optional(v.boolean('server-owner.hidden.invalid')),
    accept: v.optional(v.literal(true, 'server-owner.accept.invalid')),
    clearComment: v.optional(v.literal(true, 'server-owner.operator.clearComment.invalid')),
    photo: v.optional(findPhotoDecision),
  }),
  v.check(
    (input) => input.hidden !== undefined || input.accept !== undefined || input.clearComment !== undefined || input.photo !== undefined,
    'server-owner.operator.moderationNothing',
  ),
);
