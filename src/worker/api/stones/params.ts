import { normalizeCode } from '../../../shared/code';
import { ApiError } from '../../lib/errors';

/** The canonical code of a path parameter (any case, with or without hyphens), or a 400. */
export function codeParam(raw: string | undefined): string {
  const code = normalizeCode(raw ?? '');
  if (!code) throw new ApiError(400, 'INVALID_CODE', 'server.api.invalidCode');
  return code;
}

export const stoneNotFound = () => new ApiError(404, 'STONE_NOT_FOUND', 'server.api.stoneNotFound');
