import { getPath } from 'hono/utils/url';

/** The prefix the API gives both the stone owner's calls and the operator's: the token decides whose route it is. */
export const ADMIN_STONES = '/api/admin/stones';

export type AdminSide = 'owner' | 'operator';

/** Where each side's routes are mounted in the app's router (never a public address: see routingPath). */
export const sideMount = <S extends AdminSide>(side: S) => `${ADMIN_STONES}/${side}` as const;

/**
 * The path the router matches (Hono's `getPath`, its documented hook for routing on a header). Under the
 * shared prefix the side is decided first and by one rule (decision record 006): a request with an
 * Authorization header is the operator's, any other the owner's. Its routing path gets the side inserted after
 * the prefix, so a request can only ever match the routes of its own side; one that spells a side into its
 * address gets it inserted anyway (`/api/admin/stones/operator/x` without a header routes as
 * `/api/admin/stones/owner/operator/x`, which is no route).
 */
export function routingPath(request: Request): string {
  const path = getPath(request);
  if (underCollections(path)) {
    // The same rule for a collection's owner link: a request with an Authorization header is the operator's, and
    // the operator has no route there (the path it gets matches none; operatorOnly asks for a login first).
    return request.headers.has('authorization') ? `${OPERATOR_COLLECTIONS}${path.slice(ADMIN_COLLECTIONS.length)}` : path;
  }
  if (path !== ADMIN_STONES && !path.startsWith(`${ADMIN_STONES}/`)) return path;
  const side: AdminSide = request.headers.has('authorization') ? 'operator' : 'owner';
  return `${sideMount(side)}${path.slice(ADMIN_STONES.length)}`;
}

/** A route of the app's route table as a client addresses it: its public path and, under the prefix, its side. */
export function publicRoute(routePath: string): { path: string; side?: AdminSide } {
  for (const side of ['owner', 'operator'] as const) {
    const mount = sideMount(side);
    if (routePath === mount || routePath.startsWith(`${mount}/`)) return { path: `${ADMIN_STONES}${routePath.slice(mount.length)}`, side };
  }
  return { path: routePath };
}

/**
 * A memorial collection's owner link (`/api/admin/collections/{ownerToken}`): like a stone's, the owner holds a
 * token in the path and sends no Authorization header.
 */
export const ADMIN_COLLECTIONS = '/api/admin/collections';

/** Where a request under ADMIN_COLLECTIONS with an Authorization header is routed: no route answers there. */
const OPERATOR_COLLECTIONS = '/api/admin/operator-collections';

const underCollections = (path: string) => path === ADMIN_COLLECTIONS || path.startsWith(`${ADMIN_COLLECTIONS}/`);

/** The one public write under `/api/admin`: logging in. */
export const ADMIN_LOGIN = '/api/admin/login';

/**
 * Whether a routing path (see routingPath) is the operator's: everything under `/api/admin` is, except the login,
 * the owner's side of the stones prefix and a collection's owner link (without an Authorization header). The app puts the operator check in front of all of them at once,
 * so a new operator route cannot forget it.
 */
export function operatorOnly(path: string): boolean {
  if (!path.startsWith('/api/admin/') || path === ADMIN_LOGIN || underCollections(path)) return false;
  const owner = sideMount('owner');
  return path !== owner && !path.startsWith(`${owner}/`);
}
