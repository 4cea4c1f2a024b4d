import * as v from 'valibot';
import { pathTo } from '../../../shared/routes';
import { email as emailSchema } from '../../../shared/schemas/common';
import { MAX_COLLECTION_STONES, MAX_DEDICATION_LENGTH } from '../../../shared/schemas/limits';
import type { CreatedCollection } from '../../../shared/types';
import { ApiRequestError, api, apiErrorMessage } from '../../lib/api';
import { recaptchaToken } from '../../lib/recaptcha';
import { titlesFrom } from '../collection/stone-titles';
import type { Draft, Errors, Translate } from './wizard';

/** A collection's title: the person it is for ("Für Oma Lisbeth"), at most this long. */
const MAX_COLLECTION_TITLE_LENGTH = 120;

/** Step 1 of a collection: e-mail, title, dedication. */
export function checkCollectionBasics(draft: Draft, t: Translate): Errors {
  const errors: Errors = {};
  const mail = v.safeParse(emailSchema, draft.creatorEmail);
  if (!mail.success) errors.creatorEmail = t(mail.issues[0]?.message ?? 'email.invalid');
  const title = draft.title.trim();
  if (!title) errors.title = t('title.required');
  else if (title.length > MAX_COLLECTION_TITLE_LENGTH)
    errors.title = t('creator.collection.titleTooLong', { max: MAX_COLLECTION_TITLE_LENGTH });
  if (draft.dedication.length > MAX_DEDICATION_LENGTH)
    errors.dedication = t('creator.collection.dedicationTooLong', { max: MAX_DEDICATION_LENGTH });
  return errors;
}

/** Step 2 of a collection: 1 to MAX_COLLECTION_STONES stones. */
export function checkCollectionStones(draft: Draft, t: Translate): Errors {
  const count = Number(draft.count);
  return Number.isInteger(count) && count >= 1 && count <= MAX_COLLECTION_STONES
    ? {}
    : { count: t('creator.collection.countInvalid', { max: MAX_COLLECTION_STONES }) };
}

export type FreeCollectionOutcome = { ownerPath: string } | { failed: 'recaptcha' } | { failed: 'create'; description?: string };

/**
 * A collection of free stones, created at once in one transaction on the server (one creation for the abuse
 * limits); the bot check's token goes along. The creator goes on to the collection's owner page.
 */
export async function createFreeCollection(draft: Draft, recaptchaSiteKey: string | null): Promise<FreeCollectionOutcome> {
  let token: string;
  try {
    token = await recaptchaToken(recaptchaSiteKey, 'create_collection');
  } catch {
    return { failed: 'recaptcha' };
  }
  const count = Number(draft.count);
  const titles = titlesFrom(draft.titles, count);
  const dedication = draft.dedication.trim();
  try {
    const created = await api<CreatedCollection>('/api/collections', {
      method: 'POST',
      json: {
        title: draft.title.trim(),
        ...(dedication ? { dedication } : {}),
        creatorEmail: draft.creatorEmail.trim(),
        count,
        ...(titles ? { titles } : {}),
        recaptchaToken: token,
      },
    });
    return { ownerPath: pathTo('collectionOwner', { adminToken: created.adminToken }) };
  } catch (error) {
    if (error instanceof ApiRequestError && error.body.includes('RECAPTCHA_FAILED')) return { failed: 'recaptcha' };
    return { failed: 'create', description: apiErrorMessage(error) ?? undefined };
  }
}
