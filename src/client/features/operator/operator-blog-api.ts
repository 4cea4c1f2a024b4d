import type { Address, ApiAnswer, ApiMethod, ApiPath } from '../../../shared/api-table';
import { operatorApi } from './session';

/** The blog admin's list in the query cache; every change refreshes it. */
export const OPERATOR_BLOG_KEY = ['operator', 'blog'];

/** The blog admin sends the token as the Authorization header without "Bearer". */
export function operatorBlogApi<P extends ApiPath, M extends ApiMethod = 'GET'>(
  address: Address<P>,
  init: { method?: M; json?: unknown } = {},
): Promise<ApiAnswer<P, M>> {
  return operatorApi(address, { ...init, auth: 'raw' });
}
