import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { CardAssets } from '../src/worker/share/render/card';
import { landRings } from '../src/worker/share/render/land';
import type { Font } from '../src/worker/share/render/text';

/**
 * The share card's fonts and land outline read from the Worker's own files in Node (the generic card's script, the
 * unit tests): the same bytes the Worker carries as Data modules (src/worker/share/render/assets.ts).
 */
export function nodeCardAssets(): CardAssets {
  // Node takes the package's CommonJS build (the Worker its ES module, src/worker/share/render/assets.ts).
  const { parse } = createRequire(import.meta.url)('opentype.js') as { parse: (data: ArrayBuffer) => Font };
  const file = (path: string) => {
    const bytes = readFileSync(new URL(`../${path}`, import.meta.url));
    return bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength);
  };
  const font = (name: string) => parse(file(`src/worker/share/fonts/noto-sans-${name}.bin`));
  const extended = font('latin-ext-400');
  return {
    regular: [font('latin-400'), extended, font('greek-400'), font('cyrillic-400')],
    bold: [font('latin-700'), extended, font('greek-700'), font('cyrillic-700')],
    land: landRings(JSON.parse(readFileSync(new URL('../node_modules/world-atlas/land-110m.json', import.meta.url), 'utf8'))),
  };
}
