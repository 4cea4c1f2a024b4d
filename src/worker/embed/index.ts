import { Hono } from 'hono';
import { normalizeCode } from '../../shared/code';
import { intlTag, type Locale } from '../../shared/i18n/locale';
import { getStoneView } from '../api/stones/queries';
import { getDb } from '../db/client';
import type { AppEnv } from '../types';
import { embedCard, embedNotFoundCard } from './card';

/** `?lang=de|en`: a site that embeds the card may fix its language, whatever its visitors' browsers prefer. */
const chosenLocale = (value: string | undefined): Locale | null => (value === 'de' || value === 'en' ? value : null);

/**
 * `/embed/{code}`: the stone's card for other sites' frames (issue 22). The only address other sites may frame
 * (app.ts reads `framed` from its declaration in endpoints.ts); kept by the edge cache in the stone's scope, so a
 * find renews it. Search engines are told to leave it out: the stone's own page is the one to find.
 */
export const embed = new Hono<AppEnv>().get('/:code', async (c) => {
  const locale = chosenLocale(c.req.query('lang')) ?? c.get('locale');
  const ctx = { locale, nonce: c.get('nonce'), productName: c.env.PRODUCT_NAME, site: c.env.PUBLIC_SITE_URL.replace(/\/$/, '') };
  const headers = { 'X-Robots-Tag': 'noindex', 'Cache-Control': 'no-cache' };
  // Any spelling of a code names its stone: the card shows the canonical one and links to it.
  const code = normalizeCode(c.req.param('code'));
  const stone = code ? await getStoneView(getDb(c.env.DB), code, { origin: new URL(c.req.url).origin, locale: intlTag[locale] }) : null;
  if (!stone) return c.html(embedNotFoundCard(ctx), 404, headers);
  return c.html(embedCard(ctx, stone), 200, headers);
});
