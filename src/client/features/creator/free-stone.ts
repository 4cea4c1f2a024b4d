import { stonesAddress } from '../../../shared/api-routes';
import { ApiRequestError, api, apiErrorMessage } from '../../lib/api';
import { recaptchaToken } from '../../lib/recaptcha';
import { rememberOwnerToken } from './pending-stone';
import type { Draft } from './wizard';

export type FreeStoneOutcome = { code: string } | { failed: 'recaptcha' } | { failed: 'create'; description?: string };

/**
 * A stone without paid features, created at once: the bot check's token goes along, and the owner
 * token of the new stone is remembered for its success page.
 */
export async function createFreeStone(
  draft: Pick<Draft, 'creatorEmail' | 'title'>,
  recaptchaSiteKey: string | null,
): Promise<FreeStoneOutcome> {
  let token: string;
  try {
    token = await recaptchaToken(recaptchaSiteKey, 'create_stone');
  } catch {
    return { failed: 'recaptcha' };
  }
  const form = new FormData();
  form.set('creatorEmail', draft.creatorEmail.trim());
  form.set('title', draft.title.trim());
  form.set('story', '');
  form.set('hasPhotos', 'false');
  form.set('hasStory', 'false');
  form.set('recaptchaToken', token);
  try {
    const created = await api(stonesAddress(), { method: 'POST', body: form });
    // A free stone's answer carries its owner token (a paid one's never does).
    if ('adminToken' in created && created.adminToken) rememberOwnerToken(created.code, created.adminToken);
    return { code: created.code };
  } catch (error) {
    if (error instanceof ApiRequestError && error.body.includes('RECAPTCHA_FAILED')) return { failed: 'recaptcha' };
    return { failed: 'create', description: apiErrorMessage(error) ?? undefined };
  }
}
