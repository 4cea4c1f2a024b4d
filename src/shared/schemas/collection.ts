import * as v from 'valibot';
import type { MessageId } from '../i18n/message-ids';
import { email, plainText, visible } from './common';
import { MAX_COLLECTION_STONES, MAX_DEDICATION_LENGTH, MAX_TITLE_LENGTH, MAX_TOKEN_LENGTH } from './limits';
import { memorialDay, memorialLetter } from './memorial';
import { ownerNotify } from './notify';
import { says } from './says';

/**
 * A collection's title leaves room for the stone number its stones' default titles add (`${title} #50`), so
 * every default stone title fits the stone's own limit of MAX_TITLE_LENGTH.
 */
export const MAX_COLLECTION_TITLE_LENGTH = 120;

export const collectionTitle = v.pipe(
  v.optional(v.string(says('stone-fields.title.required')), ''),
  v.trim(),
  v.nonEmpty(says('stone-fields.title.required')),
  visible(says('stone-fields.title.required')),
  v.maxLength(MAX_COLLECTION_TITLE_LENGTH, says('stone-fields.collectionTitle.tooLong')),
  plainText,
);

/** The optional dedication: plain text, trimmed; empty (or null) is none. */
export const dedication = v.pipe(
  v.optional(v.nullable(v.string(says('stone-fields.dedication.invalid'))), ''),
  v.transform((value) => (value ?? '').trim()),
  v.maxLength(MAX_DEDICATION_LENGTH, says('stone-fields.dedication.tooLong')),
  plainText,
  v.transform((value) => (value === '' ? null : value)),
);

/** One stone's title in a collection: '' takes the default (the collection's title with the stone's number). */
const stoneTitleOrDefault = v.pipe(
  v.string(says('stone-fields.titles.invalid')),
  v.trim(),
  v.check((title: string) => title === '' || /[^\s\p{Cf}\p{Z}]/u.test(title), says('stone-fields.title.required')),
  v.maxLength(MAX_TITLE_LENGTH, says('stone-fields.title.tooLong')),
  plainText,
);

/** How many stones, and optionally their titles: creating a collection and adding stones take the same fields. */
const stoneCountEntries = {
  count: v.optional(
    v.pipe(
      v.number(says('stone-fields.count.invalid')),
      v.integer(says('stone-fields.count.invalid')),
      v.minValue(1, says('stone-fields.count.invalid')),
      v.maxValue(MAX_COLLECTION_STONES, says('stone-fields.count.invalid')),
    ),
  ),
  titles: v.optional(
    v.pipe(
      v.array(stoneTitleOrDefault, says('stone-fields.titles.invalid')),
      v.maxLength(MAX_COLLECTION_STONES, says('stone-fields.titles.tooMany')),
    ),
  ),
};

type StoneCount = { count?: number; titles?: string[] };

/**
 * The count is required without titles; titles are at most `count`. Each issue is its own field's. (Both paths are
 * fields every StoneCount has; valibot cannot check a path against a type parameter, hence `as never`.)
 */
function stoneCountChecks<T extends StoneCount>() {
  return [
    v.forward<T, v.CheckIssue<T>, ['count']>(
      v.check<T, MessageId>(({ count, titles }) => count !== undefined || (titles?.length ?? 0) > 0, says('stone-fields.count.invalid')),
      ['count'] as never,
    ),
    v.forward<T, v.CheckIssue<T>, ['titles']>(
      v.check<T, MessageId>(
        ({ count, titles }) => count === undefined || (titles?.length ?? 0) <= count,
        says('stone-fields.titles.tooMany'),
      ),
      ['titles'] as never,
    ),
  ] as const;
}

/** Every stone's title, '' for the default: as many as the count (which defaults to the titles given). */
function resolveTitles({ count, titles = [] }: StoneCount): string[] {
  return Array.from({ length: count ?? titles.length }, (_, i) => titles[i] ?? '');
}

const createEntries = v.object({
  title: collectionTitle,
  dedication,
  creatorEmail: email,
  ...stoneCountEntries,
  recaptchaToken: v.pipe(
    v.optional(v.string(says('creation.recaptcha.invalid')), ''),
    v.maxLength(MAX_TOKEN_LENGTH, says('creation.recaptcha.invalid')),
  ),
});
type CreateInput = v.InferOutput<typeof createEntries>;

/** `POST /api/collections`: the creator's form and the API check the same fields with the same messages. */
export const createCollectionSchema = v.pipe(
  createEntries,
  ...stoneCountChecks<CreateInput>(),
  v.transform(({ count, titles, ...rest }): Omit<CreateInput, 'count' | 'titles'> & { titles: string[] } => ({
    ...rest,
    titles: resolveTitles({ count, titles }),
  })),
);

/** `POST /api/admin/collections/{ownerToken}/stones`: more stones, as many as the count or the titles say. */
const addEntries = v.object(stoneCountEntries);
type AddInput = v.InferOutput<typeof addEntries>;

export const addStonesSchema = v.pipe(
  addEntries,
  ...stoneCountChecks<AddInput>(),
  v.transform((input) => ({ titles: resolveTitles(input) })),
);

/** `PATCH /api/admin/collections/{ownerToken}`: the title, the dedication ('' or null clears it), how often the owner hears. */
export const collectionUpdateSchema = v.pipe(
  v.object({
    title: v.optional(
      v.pipe(
        v.string(says('stone-fields.title.required')),
        v.trim(),
        v.nonEmpty(says('stone-fields.title.required')),
        visible(says('stone-fields.title.required')),
        v.maxLength(MAX_COLLECTION_TITLE_LENGTH, says('stone-fields.collectionTitle.tooLong')),
        plainText,
      ),
    ),
    dedication: v.optional(
      v.pipe(
        v.nullable(v.string(says('stone-fields.dedication.invalid'))),
        v.transform((value) => (value ?? '').trim()),
        v.maxLength(MAX_DEDICATION_LENGTH, says('stone-fields.dedication.tooLong')),
        plainText,
        v.transform((value) => (value === '' ? null : value)),
      ),
    ),
    /** How often the owner hears of its stones' finds: set on every stone of it (each stone's owner page may differ later). */
    notify: v.optional(ownerNotify),
    /** The collection's day to remember ("MM-DD"; null: none, then the creation's anniversary, for the owner). */
    memorialDay: v.optional(memorialDay),
    /** Whether the owner gets the collection's letter of the year. */
    memorialLetter: v.optional(memorialLetter),
  }),
  v.check(
    (input) =>
      input.title !== undefined ||
      input.dedication !== undefined ||
      input.notify !== undefined ||
      input.memorialDay !== undefined ||
      input.memorialLetter !== undefined,
    'server-owner.collection.nothingToChange',
  ),
);
