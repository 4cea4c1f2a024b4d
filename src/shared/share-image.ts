/*
 * Share images (og:image): 1200 × 630 PNGs the queue job renders and stores in R2. Each rendered image's address
 * names its version (a hash of what it shows), so a changed journey is a new address that messengers fetch anew.
 * An address answers only while what it shows stands (a hidden find or a deleted photo erases it: worker/share/
 * erase.ts), so caches revalidate it. Before the first rendering a page points at the generic image.
 */

export const SHARE_IMAGE_WIDTH = 1200;
export const SHARE_IMAGE_HEIGHT = 630;

/** The generic card: the site's own, for a stone or collection not rendered yet and for every other page. */
export const GENERIC_SHARE_IMAGE_PATH = '/share/reisesteine.png';

/** A stone's share image at its current version, or the generic card before the first rendering. */
export const stoneShareImagePath = (code: string, version: string | null) =>
  version ? `/share/stone/${code}/${version}.png` : GENERIC_SHARE_IMAGE_PATH;

/** A collection's share image, as a stone's. */
export const collectionShareImagePath = (id: string, version: string | null) =>
  version ? `/share/collection/${id}/${version}.png` : GENERIC_SHARE_IMAGE_PATH;
