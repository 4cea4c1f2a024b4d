/**
 * A memorial collection's public id: 10 characters of an alphabet without look-alikes (no 0/o, 1/l/i), about
 * 49 bits, drawn again on the rare collision. The id is public (the collection's address); its owner link is a
 * separate token.
 */
export const COLLECTION_ID_ALPHABET = '23456789abcdefghjkmnpqrstuvwxyz';
export const COLLECTION_ID_LENGTH = 10;
export const COLLECTION_ID_PATTERN = /^[2-9a-hjkmnp-z]{10}$/;

/** The canonical spelling of a collection id (lowercase), or null when the text cannot be one. */
export function normalizeCollectionId(raw: string): string | null {
  const id = raw.trim().toLowerCase();
  return COLLECTION_ID_PATTERN.test(id) ? id : null;
}

export function randomCollectionId(random: (bytes: Uint8Array) => Uint8Array): string {
  const bytes = random(new Uint8Array(COLLECTION_ID_LENGTH * 2));
  let id = '';
  // Rejection sampling: 248 = 8 × 31 keeps every letter equally likely.
  for (const byte of bytes) {
    if (byte >= 248) continue;
    id += COLLECTION_ID_ALPHABET[byte % COLLECTION_ID_ALPHABET.length];
    if (id.length === COLLECTION_ID_LENGTH) return id;
  }
  return id.length === COLLECTION_ID_LENGTH ? id : randomCollectionId(random);
}

/** The collection's page (the `collection` screen's path). */
export const collectionPath = (id: string) => `/sammlung/${id}`;
