import { adminApi } from './session';

/** The blog admin's list in the query cache; every change refreshes it. */
export const BLOG_ADMIN_KEY = ['admin', 'blog'];

/** The blog admin sends the token as the Authorization header without "Bearer". */
export function blogAdminApi<T>(path: string, init: { method?: string; json?: unknown } = {}): Promise<T> {
  return adminApi<T>(path, { ...init, auth: 'raw' });
}
