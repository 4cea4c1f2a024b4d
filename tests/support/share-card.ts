import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { parse as parseToml } from 'smol-toml';
import { type CardAssets, renderGenericCard } from '../../src/worker/share/render/card';
import { landRings } from '../../src/worker/share/render/land';
import type { Font } from '../../src/worker/share/render/text';

/**
 * The share card's fonts and land outline read from the Worker's own files in Node (the unit tests, the generic
 * card's script): the same bytes the Worker carries as Data modules (src/worker/share/render/assets.ts).
 */
export function nodeCardAssets(): CardAssets {
  // Node takes the package's CommonJS build (the Worker its ES module, src/worker/share/render/assets.ts).
  const { parse } = createRequire(import.meta.url)('opentype.js') as { parse: (data: ArrayBuffer) => Font };
  const file = (path: string) => {
    const bytes = readFileSync(join(import.meta.dirname, `../../${path}`));
    return bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer;
  };
  const font = (name: string) => parse(file(`src/worker/share/fonts/noto-sans-${name}.bin`));
  const extended = font('latin-ext-400');
  return {
    regular: [font('latin-400'), extended, font('greek-400'), font('cyrillic-400')],
    bold: [font('latin-700'), extended, font('greek-700'), font('cyrillic-700')],
    land: landRings(JSON.parse(readFileSync(join(import.meta.dirname, '../../node_modules/world-atlas/land-110m.json'), 'utf8'))),
  };
}

/** The generic card's words: the product's name, its tagline in German and in English. */
export function genericCardWords() {
  const config = parseToml(readFileSync(join(import.meta.dirname, '../../wrangler.toml'), 'utf8')) as {
    env: { production: { vars: { PRODUCT_NAME: string } } };
  };
  const texts = (lang: string) =>
    JSON.parse(readFileSync(join(import.meta.dirname, `../../src/shared/i18n/${lang}.json`), 'utf8')) as Record<string, string>;
  return {
    productName: config.env.production.vars.PRODUCT_NAME,
    tagline: texts('de')['core.app.tagline'] ?? '',
    taglineEnglish: texts('en')['core.app.tagline'] ?? '',
  };
}

/** Where the generic card is committed (served as a static file). */
export const GENERIC_CARD_FILE = join(import.meta.dirname, '../../public/share/reisesteine.png');

export const renderGeneric = () => renderGenericCard(genericCardWords(), nodeCardAssets());
