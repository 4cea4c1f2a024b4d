import * as v from 'valibot';
import { plainText, visible } from './common';
import { goalSchema } from './goal';
import { MAX_STORY_LENGTH, MAX_TITLE_LENGTH } from './limits';
import { memorialDay, memorialLetter } from './memorial';
import { ownerNotify } from './notify';
import { says } from './says';

// Not in common.ts: only the owner's and the operator's forms name these texts (namespace stone-fields), the
// finder's forms do not.
/** A stone's new title as the owner or the operator edits it: required when sent, visible, plain text. */
export const editedTitle = v.pipe(
  v.string(says('stone-fields.title.required')),
  v.trim(),
  v.nonEmpty(says('stone-fields.title.required')),
  visible(says('stone-fields.title.required')),
  v.maxLength(MAX_TITLE_LENGTH, says('stone-fields.title.tooLong')),
  plainText,
);

/**
 * The states an owner or the operator may set: `missing`, or `travelling` again. `resting` belongs to a finder who
 * keeps the stone; nobody else can say that.
 */
export const settableStatus = v.picklist(['missing', 'travelling'], 'server-owner.status.invalid');

/** `PATCH /api/admin/stones/{ownerToken}`: what the owner may change; at least one of them. */
export const ownerUpdateSchema = v.pipe(
  v.object({
    title: v.optional(editedTitle),
    story: v.optional(
      v.pipe(
        v.string(says('stone-fields.story.invalid')),
        v.trim(),
        v.maxLength(MAX_STORY_LENGTH, says('stone-fields.story.tooLong')),
        plainText,
      ),
    ),
    /** How often the owner hears of finds; `notifyOnFind` (true: `instant`, false: `off`) is the older word for it. */
    notify: v.optional(ownerNotify),
    notifyOnFind: v.optional(v.boolean('server-owner.notifyOnFind.invalid')),
    status: v.optional(settableStatus),
    /** The day to remember ("MM-DD", null: none, then the letter of the year comes on the creation's anniversary). */
    memorialDay: v.optional(memorialDay),
    /** Whether the owner gets the letter of the year. */
    memorialLetter: v.optional(memorialLetter),
    /** The stone's goal: a place or a country with a note, or null to remove it (decision record 042). */
    goal: v.optional(goalSchema),
  }),
  v.check(
    (input) =>
      input.title !== undefined ||
      input.story !== undefined ||
      input.notify !== undefined ||
      input.notifyOnFind !== undefined ||
      input.status !== undefined ||
      input.memorialDay !== undefined ||
      input.memorialLetter !== undefined ||
      input.goal !== undefined,
    'server-owner.owner.nothingToChange',
  ),
  v.check(
    (input) => input.notify === undefined || input.notifyOnFind === undefined || (input.notify !== 'off') === input.notifyOnFind,
    'server-owner.notify.conflict',
  ),
);

/** `DELETE /api/admin/stones/{ownerToken}/photos`: the photo named by its address (`photoUrl`). */
export const photoDeleteSchema = v.object({
  photoUrl: v.pipe(v.string('server-owner.photoUrl.invalid'), v.maxLength(500, 'server-owner.photoUrl.invalid')),
});

/** The owner's (or the operator's) word on a finder's photo: public with the find, or deleted. */
export const findPhotoDecision = v.picklist(['approved', 'rejected'], 'server-owner.photo.decisionInvalid');

/**
 * `PATCH /api/admin/stones/{ownerToken}/finds/{findId}`: hide or show a find, accept a flagged one, approve or
 * reject its photo; at least one.
 */
export const findVisibilitySchema = v.pipe(
  v.object({
    hidden: v.optional(v.boolean('server-owner.hidden.invalid')),
    accept: v.optional(v.literal(true, 'server-owner.accept.invalid')),
    photo: v.optional(findPhotoDecision),
  }),
  v.check(
    (input) => input.hidden !== undefined || input.accept !== undefined || input.photo !== undefined,
    'server-owner.owner.moderationNothing',
  ),
);
