import { parse } from 'opentype.js/dist/opentype.mjs';
import land from 'world-atlas/land-110m.json';
import cyrillic from '../fonts/noto-sans-cyrillic-400.bin';
import cyrillicBold from '../fonts/noto-sans-cyrillic-700.bin';
import greek from '../fonts/noto-sans-greek-400.bin';
import greekBold from '../fonts/noto-sans-greek-700.bin';
import latin from '../fonts/noto-sans-latin-400.bin';
import latinBold from '../fonts/noto-sans-latin-700.bin';
import latinExtended from '../fonts/noto-sans-latin-ext-400.bin';
import type { CardAssets } from './card';
import { landRings } from './land';

/*
 * The card's fonts and land outline inside the Worker: Noto Sans (SIL Open Font License, @fontsource/noto-sans) as
 * Data modules (`.bin`, copies of the package's WOFF files that tests/unit/share-fonts.test.ts keeps equal), the
 * land as JSON. Loaded only by the share job (a dynamic import), parsed once per isolate. Latin Extended comes in
 * one weight: a title's bold falls back to its regular for those letters (82 KB saved of the Worker's budget).
 */

let parsed: CardAssets | null = null;

export function cardAssets(): CardAssets {
  if (!parsed) {
    const font = (data: ArrayBuffer) => parse(data);
    const extended = font(latinExtended);
    parsed = {
      regular: [font(latin), extended, font(greek), font(cyrillic)],
      bold: [font(latinBold), extended, font(greekBold), font(cyrillicBold)],
      land: landRings(land),
    };
  }
  return parsed;
}
