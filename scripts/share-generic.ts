import { writeFileSync } from 'node:fs';
import { GENERIC_CARD_FILE, renderGeneric } from '../tests/support/share-card';

/**
 * Renders the generic share card (public/share/reisesteine.png: pages without a card of their own, and stones and
 * collections before their first rendering) with the share job's own renderer, in the product's first language
 * and English, with production's name. `npm run share:generic`; tests/unit/share-card.test.ts checks that the
 * committed file is what this makes.
 */
const png = await renderGeneric();
writeFileSync(GENERIC_CARD_FILE, png);
process.stdout.write(`public/share/reisesteine.png: ${png.length} bytes\n`);
