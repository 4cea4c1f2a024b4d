import * as v from 'valibot';
import { collectionsAddress } from '../../../shared/api-routes';
import { pathTo } from '../../../shared/routes';
import { collectionTitle, createCollectionSchema, dedication } from '../../../shared/schemas/collection';
import { email as emailSchema } from '../../../shared/schemas/common';
import { firstRefusal, refusalId } from '../../../shared/schemas/says';
import { ApiRequestError, api, apiErrorMessage } from '../../lib/api';
import { recaptchaToken } from '../../lib/recaptcha';
import { titlesFrom } from '../collection/stone-titles';
import type { Draft, Errors, Translate } from './wizard';

/** Step 1 of a collection: e-mail, title, dedication, by the server's own rules (src/shared/schemas/collection.ts). */
export function checkCollectionBasics(draft: Draft, t: Translate): Errors {
  const errors: Errors = {};
  const mail = v.safeParse(emailSchema, draft.creatorEmail);
  if (!mail.success) errors.creatorEmail = t(firstRefusal(mail.issues, 'core.email.invalid'));
  const title = v.safeParse(collectionTitle, draft.title);
  if (!title.success) errors.title = t(firstRefusal(title.issues, 'stone-fields.title.required'));
  const text = v.safeParse(dedication, draft.dedication);
  if (!text.success) errors.dedication = t(firstRefusal(text.issues, 'stone-fields.dedication.invalid'));
  return errors;
}

/** What the creator's collection sends, before the bot check's token. */
function collectionInput(draft: Draft) {
  const count = draft.count.trim() === '' ? Number.NaN : Number(draft.count);
  return {
    title: draft.title,
    dedication: draft.dedication,
    creatorEmail: draft.creatorEmail,
    count,
    titles: titlesFrom(draft.titles, Number.isInteger(count) && count > 0 ? count : 0),
  };
}

/** Step 2 of a collection: 1 to MAX_COLLECTION_STONES stones, by the server's schema. */
export function checkCollectionStones(draft: Draft, t: Translate): Errors {
  const result = v.safeParse(createCollectionSchema, collectionInput(draft));
  const issue = result.issues?.find((found) => found.path?.[0]?.key === 'count' || found.path?.[0]?.key === 'titles');
  return issue ? { count: t(refusalId(issue.message)) } : {};
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
  const { titles, ...input } = collectionInput(draft);
  try {
    const created = await api(collectionsAddress(), {
      method: 'POST',
      json: {
        ...input,
        title: input.title.trim(),
        dedication: input.dedication.trim() || null,
        creatorEmail: input.creatorEmail.trim(),
        ...(titles ? { titles } : {}),
        recaptchaToken: token,
      },
    });
    return { ownerPath: pathTo('collectionOwner', { ownerToken: created.adminToken }) };
  } catch (error) {
    if (error instanceof ApiRequestError && error.body.includes('RECAPTCHA_FAILED')) return { failed: 'recaptcha' };
    return { failed: 'create', description: apiErrorMessage(error) ?? undefined };
  }
}
