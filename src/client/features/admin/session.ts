import { useSyncExternalStore } from 'react';
import { ApiRequestError } from '../../lib/api';
import { localStore, subscribeToStorage } from '../../lib/browser-storage';

/** Spec §4: the operator's token lives in the browser's storage under this key; logging out clears it. */
export const ADMIN_TOKEN_KEY = 'adminToken';

/** Where an operator whose session ended is sent: the login form, with a word on why. */
export const SESSION_EXPIRED_PATH = '/admin?session=expired';

const listeners = new Set<() => void>();

export function readAdminToken(): string | null {
  return localStore()?.getItem(ADMIN_TOKEN_KEY) || null;
}

function changed() {
  for (const listener of listeners) listener();
}

export function storeAdminToken(token: string): void {
  localStore()?.setItem(ADMIN_TOKEN_KEY, token);
  changed();
}

export function clearAdminToken(): void {
  localStore()?.removeItem(ADMIN_TOKEN_KEY);
  changed();
}

/**
 * Logging out: the server refuses the token from now on (`POST /api/admin/logout`), and this browser forgets it at
 * once, whether or not that call arrives (offline, or the token already ended). `keepalive` lets the call finish
 * when the page is left right after.
 */
export async function logOutOperator(): Promise<void> {
  const token = readAdminToken();
  clearAdminToken();
  if (!token) return;
  try {
    await fetch('/api/admin/logout', { method: 'POST', headers: { Authorization: `Bearer ${token}` }, keepalive: true });
  } catch {
    // Forgotten here already; the token still ends when it expires.
  }
}

// A logout in another tab ends this one's session too.
const subscribe = (listener: () => void) => subscribeToStorage([ADMIN_TOKEN_KEY], listeners, listener);

/**
 * The stored operator token, re-read when it changes. `undefined` while the page is rendered on the server and
 * hydrated (the server cannot know it), so the page shows neither the login nor the table until it knows.
 */
export function useAdminToken(): string | null | undefined {
  return useSyncExternalStore(subscribe, readAdminToken, () => undefined);
}

interface AdminInit {
  method?: string;
  json?: unknown;
  /**
   * How the token is sent: `bearer` (`Authorization: Bearer …`, the stone routes) or `raw` (the bare token, as
   * the blog admin sends it, spec §6).
   */
  auth?: 'bearer' | 'raw';
}

async function adminFetch(path: string, init: AdminInit): Promise<Response> {
  const token = readAdminToken();
  if (!token) {
    window.location.assign(SESSION_EXPIRED_PATH);
    throw new ApiRequestError(401, '', 'Unauthorized');
  }
  const headers: Record<string, string> = {
    Accept: 'application/json',
    Authorization: init.auth === 'raw' ? token : `Bearer ${token}`,
  };
  if (init.json !== undefined) headers['Content-Type'] = 'application/json';
  const response = await fetch(path, {
    method: init.method ?? 'GET',
    credentials: 'include',
    headers,
    body: init.json === undefined ? undefined : JSON.stringify(init.json),
  });
  if (response.status === 401) {
    // Expired or revoked: back to the login form with a message, not a broken table.
    clearAdminToken();
    window.location.assign(SESSION_EXPIRED_PATH);
  }
  if (!response.ok) throw new ApiRequestError(response.status, await response.text(), response.statusText);
  return response;
}

/** An operator call: the stored token sent along, JSON in and out, non-2xx → ApiRequestError (spec §8). */
export async function adminApi<T>(path: string, init: AdminInit = {}): Promise<T> {
  return (await (await adminFetch(path, init)).json()) as T;
}

/** A paged operator list: its items and the total the server counted (`X-Total-Count`). */
export async function adminList<T>(path: string): Promise<{ items: T[]; total: number }> {
  const response = await adminFetch(path, {});
  const items = (await response.json()) as T[];
  return { items, total: Number(response.headers.get('X-Total-Count') ?? items.length) };
}
