import * as v from 'valibot';
import { MAX_CODES_AT_ONCE } from './limits';

/**
 * `codes` of `POST /api/finds`: one to MAX_CODES_AT_ONCE strings; each is read as a code on its own (one that is
 * none is refused in its result, not for all).
 */
export const findCodesSchema = v.pipe(
  v.array(v.pipe(v.string('server.finds.codesInvalid'), v.maxLength(40, 'server.finds.codesInvalid')), 'server.finds.codesInvalid'),
  v.minLength(1, 'server.finds.codesInvalid'),
  v.maxLength(MAX_CODES_AT_ONCE, 'server.finds.tooManyCodes'),
);
