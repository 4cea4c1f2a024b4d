import { Hono } from 'hono';
import { ApiError } from '../../lib/errors';
import type { AppEnv } from '../../types';

/**
 * The operator's routes under `/api/admin/stones` (Bearer token; decision record 006 routes every request with
 * an Authorization header here, never to the owner's routes). Operator login arrives with the operator admin:
 * until then no token is valid, so every request here is refused.
 */
export const operatorStones = new Hono<AppEnv>().all('*', () => {
  throw new ApiError(401, 'UNAUTHORIZED', 'api.unauthorized');
});
