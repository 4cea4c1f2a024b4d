import { useSyncExternalStore } from 'react';
import { logoutAddress } from '../../../shared/api-routes';
import type { Address, ApiAnswer, ApiMethod, ApiPath } from '../../../shared/api-table';
import { type ApiInit, ApiRequestError, api, apiResponse } from '../../lib/api';
import { localStore, subscribeToStorage } from '../../lib/browser-storage';

/** The operator's token lives in the browser's storage under this key; logging out clears it. */
export const OPERATOR_TOKEN_KEY = 'adminToken';

/** Where an operator whose session ended is sent: the login form, with a word on why. */
export const SESSION_EXPIRED_PATH = '/admin?session=expired';

const listeners = new Set<() => void>();

export function readOperatorToken(): string | null {
  return localStore()?.getItem(OPERATOR_TOKEN_KEY) || null;
}

function changed() {
  for (const listener of listeners) listener();
}

export function storeOperatorToken(token: string): void {
  localStore()?.setItem(OPERATOR_TOKEN_KEY, token);
  changed();
}

export function clearOperatorToken(): void {
  localStore()?.removeItem(OPERATOR_TOKEN_KEY);
  changed();
}

/**
 * Logging out: the server refuses the token from now on (`POST /api/admin/logout`), and this browser forgets it at
 * once, whether or not that call arrives (offline, or the token already ended). `keepalive` lets the call finish
 * when the page is left right after.
 */
export async function logOutOperator(): Promise<void> {
  const token = readOperatorToken();
  clearOperatorToken();
  if (!token) return;
  try {
    await apiResponse(logoutAddress(), { method: 'POST', headers: { Authorization: `Bearer ${token}` }, keepalive: true });
  } catch {
    // Forgotten here already; the token still ends when it expires.
  }
}

// A logout in another tab ends this one's session too.
const subscribe = (listener: () => void) => subscribeToStorage([OPERATOR_TOKEN_KEY], listeners, listener);

/**
 * The stored operator token, re-read when it changes. `undefined` while the page is rendered on the server and
 * hydrated (the server cannot know it), so the page shows neither the login nor the table until it knows.
 */
export function useOperatorToken(): string | null | undefined {
  return useSyncExternalStore(subscribe, readOperatorToken, () => undefined);
}

interface OperatorInit<M extends ApiMethod> extends Pick<ApiInit<M>, 'method' | 'json'> {
  /**
   * How the token is sent: `bearer` (`Authorization: Bearer …`, the stone routes) or `raw` (the bare token, as
   * the blog admin sends it).
   */
  auth?: 'bearer' | 'raw';
}

/**
 * A call made as the operator: the stored token goes along in the Authorization header. Without a token, or when
 * the server no longer takes it (expired or revoked: 401), back to the login form with a message, not a broken table.
 */
async function asOperator<T>(auth: OperatorInit<ApiMethod>['auth'], call: (headers: Record<string, string>) => Promise<T>): Promise<T> {
  const token = readOperatorToken();
  if (!token) {
    window.location.assign(SESSION_EXPIRED_PATH);
    throw new ApiRequestError(401, '', 'Unauthorized');
  }
  try {
    return await call({ Authorization: auth === 'raw' ? token : `Bearer ${token}` });
  } catch (error) {
    if (error instanceof ApiRequestError && error.status === 401) {
      clearOperatorToken();
      window.location.assign(SESSION_EXPIRED_PATH);
    }
    throw error;
  }
}

/** An operator call: JSON in and out, non-2xx → ApiRequestError ("status: body"). */
export function operatorApi<P extends ApiPath, M extends ApiMethod = 'GET'>(
  address: Address<P>,
  { auth, ...init }: OperatorInit<M> = {},
): Promise<ApiAnswer<P, M>> {
  return asOperator(auth, (headers) => api(address, { ...init, headers }));
}

/** One page of an operator list, with what its headers say. */
export interface OperatorPage<T> {
  items: T[];
  /** What the server counted (`X-Total-Count`); more than that when `capped` (`X-Total-Count-Capped`). */
  total: number;
  capped: boolean;
  /** Where the older page starts (`X-Next-Cursor`, sent back as `after`) and the newer one (`X-Prev-Cursor`, as `before`). */
  next: string | null;
  prev: string | null;
}

/** The item of a list an address answers. */
type ItemOf<P extends ApiPath> = ApiAnswer<P, 'GET'> extends (infer T)[] ? T : never;

/** A paged operator list: its items, the total the server counted and the cursors of the pages around it. */
export function operatorList<P extends ApiPath>(address: Address<P>): Promise<OperatorPage<ItemOf<P>>> {
  return asOperator('bearer', async (headers) => {
    const response = await apiResponse(address, { headers });
    const items: ItemOf<P>[] = await response.json();
    return {
      items,
      total: Number(response.headers.get('X-Total-Count') ?? items.length),
      capped: response.headers.get('X-Total-Count-Capped') === 'true',
      next: response.headers.get('X-Next-Cursor'),
      prev: response.headers.get('X-Prev-Cursor'),
    };
  });
}
