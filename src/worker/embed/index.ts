import { Hono } from 'hono';
import { normalizeCode } from '../../shared/code';
import { intlTag, isLocale } from '../../shared/i18n/locale';
import { getStoneView } from '../api/stones/view-queries';
import { getDb } from '../db/client';
import type { AppEnv } from '../types';
import { embedCard, embedNotFoundCard } from './card';

/**
 * `/embed/{code}`: the stone's card for other sites' frames. The only address other sites may frame
 * (app.ts reads `framed` from its declaration in endpoints.ts); kept by the edge cache in the stone's scope, so a
 * find renews it. Search engines are told to leave it out: the stone's own page is the one to find.
 */
export const embed = new Hono<AppEnv>().get('/:code', async (c) => {
  // `?lang=` (any of LOCALES): a site that embeds the card may fix its language, whatever its visitors' browsers prefer.
  const chosen = c.req.query('lang');
  const locale = isLocale(chosen) ? chosen : c.get('locale');
  const ctx = { locale, nonce: c.get('nonce'), productName: c.env.PRODUCT_NAME, site: c.env.PUBLIC_SITE_URL.replace(/\/$/, '') };
  const headers = { 'X-Robots-Tag': 'noindex', 'Cache-Control': 'no-cache' };
  // Any spelling of a code names its stone: the card shows the canonical one and links to it.
  const code = normalizeCode(c.req.param('code'));
  const stone = code ? await getStoneView(getDb(c.env.DB), code, { origin: new URL(c.req.url).origin, locale: intlTag[locale] }) : null;
  if (!stone) return c.html(embedNotFoundCard(ctx), 404, headers);
  return c.html(embedCard(ctx, stone), 200, headers);
});
