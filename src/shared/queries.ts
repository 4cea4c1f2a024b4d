import type { ApiAnswer, ApiPath } from './api-table';

/**
 * A read a screen needs: its key in the read cache (client/lib/query.ts) and the API path that answers it. The Worker fills the same
 * key before the first byte (by calling that path inside the Worker), the browser fetches the path later:
 * both hold exactly the API's answer. `T` is the type of that answer.
 */
export interface QuerySpec<T> {
  key: readonly unknown[];
  path: string;
  /** A 404 is an answer ("there is none"), stored as null, not a failure. */
  nullOn404?: boolean;
  /** Phantom: the type of the answer, for the screens that read it. */
  readonly __data?: T;
}

/** Articles on a page of the blog list (`GET /api/blog` answers this many unless asked for another number). */
export const BLOG_PAGE_SIZE = 12;

/**
 * A read of the route `P` (shared/api-routes.ts lists every address and its answer): the answer, or `Missing` (null)
 * where a 404 is an answer. These addresses are written here, not built there: they are in every page's first
 * JavaScript, which that module would grow.
 */
type Read<P extends ApiPath, Missing = never> = QuerySpec<ApiAnswer<P, 'GET'> | Missing>;

/** The data type a query spec carries. */
export type QueryData<Q> = Q extends QuerySpec<infer T> ? T : never;

export const queries = {
  statistics: (): Read<'/api/statistics'> => ({ key: ['statistics'], path: '/api/statistics' }),
  /** The public API described (the developer page's). */
  openApi: (): Read<'/api/openapi.json'> => ({ key: ['openapi'], path: '/api/openapi.json' }),
  stone: (code: string): Read<'/api/stones/:code', null> => ({
    key: ['stone', code],
    path: `/api/stones/${encodeURIComponent(code)}`,
    nullOn404: true,
  }),
  /** One public find of a stone, any of them (the stone's view embeds only the newest): the report page's. */
  stoneFind: (code: string, findId: string): Read<'/api/stones/:code/finds/:findId', null> => ({
    key: ['find', code, findId],
    path: `/api/stones/${encodeURIComponent(code)}/finds/${encodeURIComponent(findId)}`,
    nullOn404: true,
  }),
  /** The owner's view behind a secret link (no Authorization header: the owner's side, decision record 006). */
  ownerStone: (ownerToken: string): Read<'/api/admin/stones/owner/:ownerToken', null> => ({
    key: ['owner-stone', ownerToken],
    path: `/api/admin/stones/${encodeURIComponent(ownerToken)}`,
    nullOn404: true,
  }),
  /** A memorial collection's public view: its stones, their journeys and totals. */
  collection: (id: string): Read<'/api/collections/:id', null> => ({
    key: ['collection', id],
    path: `/api/collections/${encodeURIComponent(id)}`,
    nullOn404: true,
  }),
  /** The collection's owner view behind its secret link. */
  ownerCollection: (ownerToken: string): Read<'/api/admin/collections/:ownerToken', null> => ({
    key: ['owner-collection', ownerToken],
    path: `/api/admin/collections/${encodeURIComponent(ownerToken)}`,
    nullOn404: true,
  }),
  /** A page of the blog's published articles, newest first (page 1 is the newest BLOG_PAGE_SIZE). */
  blogPosts: (page = 1): Read<'/api/blog'> => ({
    key: ['blog', 'posts', page],
    path: `/api/blog?page=${page}&pageSize=${BLOG_PAGE_SIZE}`,
  }),
  blogPost: (slug: string): Read<'/api/blog/:slug', null> => ({
    key: ['blog', 'post', slug],
    path: `/api/blog/${encodeURIComponent(slug)}`,
    nullOn404: true,
  }),
};
