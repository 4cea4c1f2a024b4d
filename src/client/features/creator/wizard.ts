import * as v from 'valibot';
import type { Features } from '../../../shared/pricing';
import { email as emailSchema } from '../../../shared/schemas/common';
import { stoneDataSchema } from '../../../shared/schemas/payment';
import { firstRefusal } from '../../../shared/schemas/says';
import { stoneTitle } from '../../../shared/schemas/stone';
import type { MessageId } from '../../lib/intl';

/** The creator's steps: basic information, premium features, then creating or paying. */
export type Step = 1 | 2 | 3;

/** What is being made: one stone, or a memorial collection of several for one person. */
export type Kind = 'stone' | 'collection';

/** What the creator asks for, step by step. */
export interface Draft {
  kind: Kind;
  creatorEmail: string;
  title: string;
  /** A collection's: its dedication, its number of stones (as typed) and its stones' own titles, one per line. */
  dedication: string;
  count: string;
  titles: string;
  features: Features;
  story: string;
  photos: File[];
}

export const EMPTY_DRAFT: Draft = {
  kind: 'stone',
  creatorEmail: '',
  title: '',
  dedication: '',
  count: '3',
  titles: '',
  features: { photos: false, story: false },
  story: '',
  photos: [],
};

/** Each field's problem, in the visitor's words. */
export type Errors = Partial<Record<'creatorEmail' | 'title' | 'story' | 'photos' | 'dedication' | 'count', string>>;

/** A message id in the visitor's language. */
export type Translate = (id: MessageId, values?: Record<string, string | number>) => string;

/** Step 1: an e-mail address and a title, by the server's own rules (src/shared/schemas/). */
export function checkBasics(draft: Draft, t: Translate): Errors {
  const errors: Errors = {};
  const mail = v.safeParse(emailSchema, draft.creatorEmail);
  if (!mail.success) errors.creatorEmail = t(firstRefusal(mail.issues, 'core.email.invalid'));
  // A title of invisible characters only is no title.
  const name = v.safeParse(stoneTitle, draft.title);
  if (!name.success) errors.title = t(firstRefusal(name.issues, 'stone-fields.title.required'));
  return errors;
}

/** Step 2: the photos feature needs a photo, the story feature a story that fits. */
export function checkFeatures(draft: Draft, t: Translate): Errors {
  const errors: Errors = {};
  if (draft.features.photos && draft.photos.length === 0) errors.photos = t('creation.photos.required');
  if (draft.features.story) {
    const text = v.safeParse(stoneDataSchema.entries.story, draft.story);
    if (!text.success) errors.story = t(firstRefusal(text.issues, 'stone-fields.story.invalid'));
  }
  return errors;
}

export const isValid = (errors: Errors): boolean => Object.keys(errors).length === 0;
