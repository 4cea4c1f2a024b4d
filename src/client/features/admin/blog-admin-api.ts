import type { Address, ApiAnswer, ApiMethod, ApiPath } from '../../../shared/api-routes';
import { adminApi } from './session';

/** The blog admin's list in the query cache; every change refreshes it. */
export const BLOG_ADMIN_KEY = ['admin', 'blog'];

/** The blog admin sends the token as the Authorization header without "Bearer". */
export function blogAdminApi<P extends ApiPath, M extends ApiMethod = 'GET'>(
  address: Address<P>,
  init: { method?: M; json?: unknown } = {},
): Promise<ApiAnswer<P, M>> {
  return adminApi(address, { ...init, auth: 'raw' });
}
