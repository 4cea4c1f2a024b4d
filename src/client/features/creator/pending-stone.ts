import { ownerPhotosAddress } from '../../../shared/api-routes';
import type { Features } from '../../../shared/pricing';
import { api } from '../../lib/api';

/**
 * A paid stone between the creator and its creation after payment: the photos stay in memory (files
 * cannot be kept in session storage), the stone's data and features in session storage; the owner token from
 * the order waits there too until the success page has shown it.
 */
export interface PendingStone {
  stoneData: { creatorEmail: string; title: string; story: string };
  features: Features;
}

const STONE_KEY = 'pending-stone';
const OWNER_KEY = 'pending-owner-token';
const UPGRADE_KEY = 'pending-upgrade';
let photos: File[] = [];

export function keepPendingStone(stone: PendingStone, files: File[]): void {
  photos = files;
  sessionStorage.setItem(STONE_KEY, JSON.stringify(stone));
}

export function pendingPhotos(): File[] {
  return photos;
}

export function keepOwnerToken(token: string): void {
  sessionStorage.setItem(OWNER_KEY, token);
}

export function pendingOwnerToken(): string | null {
  return sessionStorage.getItem(OWNER_KEY);
}

/** After the stone exists: nothing of the order stays behind in the tab. */
export function clearPendingStone(): void {
  photos = [];
  sessionStorage.removeItem(STONE_KEY);
  sessionStorage.removeItem(OWNER_KEY);
  sessionStorage.removeItem(UPGRADE_KEY);
}

/** An owner buying a feature for an existing stone: its owner token waits here while they pay. */
export function keepUpgrade(ownerToken: string): void {
  sessionStorage.setItem(UPGRADE_KEY, ownerToken);
}

export function pendingUpgrade(): string | null {
  return sessionStorage.getItem(UPGRADE_KEY);
}

/** The owner token of a stone created in this tab, for its success page (kept until the tab closes). */
export function rememberOwnerToken(code: string, token: string): void {
  sessionStorage.setItem(`owner-token:${code}`, token);
}

export function ownerTokenOf(code: string): string | null {
  return sessionStorage.getItem(`owner-token:${code}`);
}

/**
 * The stone exists: its owner token is remembered for its success page, the photos kept in memory go up with
 * that token, and the order's data leaves the tab. Answers false when photos were meant to go up and did not.
 */
export async function completePendingStone(code: string): Promise<boolean> {
  const token = pendingOwnerToken();
  const files = pendingPhotos();
  let uploaded = true;
  if (token) {
    rememberOwnerToken(code, token);
    if (files.length) {
      const form = new FormData();
      for (const file of files) form.append('photo', file);
      try {
        await api(ownerPhotosAddress(token), { method: 'POST', body: form });
      } catch {
        uploaded = false;
      }
    }
  }
  clearPendingStone();
  return uploaded;
}
