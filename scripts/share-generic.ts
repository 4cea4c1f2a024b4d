import { readFileSync, writeFileSync } from 'node:fs';
import { parse as parseToml } from 'smol-toml';
import { renderGenericCard } from '../src/worker/share/render/card';
import { nodeCardAssets } from './share-assets';

/**
 * Renders the generic share card (public/share/reisesteine.png: pages without a card of their own, and stones and
 * collections before their first rendering) with the share job's own renderer, in the product's first language
 * and with production's name and address. `npm run share:generic`; tests/unit/share-card.test.ts checks that the
 * committed file is what this makes.
 */
export function genericCardWords() {
  const config = parseToml(readFileSync(new URL('../wrangler.toml', import.meta.url), 'utf8')) as {
    env: { production: { vars: { PRODUCT_NAME: string; PUBLIC_SITE_URL: string } } };
  };
  const vars = config.env.production.vars;
  const texts = JSON.parse(readFileSync(new URL('../src/shared/i18n/de.json', import.meta.url), 'utf8')) as Record<string, string>;
  return { productName: vars.PRODUCT_NAME, tagline: texts['app.tagline'] ?? '', host: new URL(vars.PUBLIC_SITE_URL).host };
}

export const GENERIC_CARD_FILE = new URL('../public/share/reisesteine.png', import.meta.url);

export const renderGeneric = () => renderGenericCard(genericCardWords(), nodeCardAssets());

if (import.meta.url === `file://${process.argv[1]}`) {
  const png = await renderGeneric();
  writeFileSync(GENERIC_CARD_FILE, png);
  process.stdout.write(`public/share/reisesteine.png: ${png.length} bytes\n`);
}
