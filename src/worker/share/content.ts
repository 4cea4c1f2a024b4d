/*
 * What a share card shows, and its version: a hash of exactly that. The version names the image's address
 * (shared/share-image.ts), so a card whose content did not change keeps its address and is not rendered again,
 * and one whose journey changed gets a new address that messengers fetch anew.
 */

/** Raised when the drawing changes, so every card is drawn anew with its next change. */
export const RENDERER_VERSION = 1;

/** Positions are shown at the precision the public page shows them; finer differences change nothing on the card. */
const round = (value: number) => Math.round(value * 1e4) / 1e4;

export const roundJourney = (journey: ReadonlyArray<readonly [number, number]>): Array<[number, number]> =>
  journey.map(([lat, lon]) => [round(lat), round(lon)]);

interface CardFrame {
  productName: string;
  /** The site's address as the card prints it (its host). */
  host: string;
}

export interface StoneCard extends CardFrame {
  title: string;
  code: string;
  /** Already formatted in the owner's language: "1.116,4 km", "12 Funde". */
  distance: string;
  finds: string;
  /** Counted public finds with a position, in order, [latitude, longitude]. */
  journey: Array<[number, number]>;
  /** The R2 key of the premium stone's first photo, or null. */
  photo: string | null;
  /** Once the stone reached its goal, formatted in the owner's language: "Ziel erreicht: Italien" (absent before). */
  goal?: string;
}

export interface CollectionCard extends CardFrame {
  title: string;
  dedication: string | null;
  /** Formatted in the creator's language: "5 Steine", "1.116,4 km", "40 Funde". */
  stones: string;
  distance: string;
  finds: string;
  /** Each stone's journey, in the collection page's order (its colour follows from it). */
  journeys: Array<Array<[number, number]>>;
}

/** 16 hex digits (64 bits) of SHA-256 over the content: unique per content, short in an address. */
export async function cardVersion(card: StoneCard | CollectionCard): Promise<string> {
  const bytes = new TextEncoder().encode(JSON.stringify([RENDERER_VERSION, card]));
  const digest = new Uint8Array(await crypto.subtle.digest('SHA-256', bytes));
  return [...digest.slice(0, 8)].map((b) => b.toString(16).padStart(2, '0')).join('');
}

/** A version as the serving route accepts it. */
export const VERSION_FILE = /^([0-9a-f]{16})\.png$/;
