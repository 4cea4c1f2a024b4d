import type { Locale } from '../../shared/i18n/locale';
import { SHARE_IMAGE_HEIGHT, SHARE_IMAGE_WIDTH } from '../../shared/share-image';
import type { StoneView } from '../../shared/types';
import { type TextId, type TextValues, text } from '../lib/i18n';

/**
 * The embeddable card's HTML: a page of its own, without the app's JavaScript (it runs inside other people's pages
 * and must stay light), its few styles inline with the response's nonce. It fills whatever frame it is given: the
 * share image takes the room the text leaves, from 280 to 600 px wide.
 */

const escapeHtml = (value: string) =>
  value.replace(/[&<>"']/g, (ch) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[ch] ?? ch);

const STYLE = [
  '*{box-sizing:border-box}',
  'html,body{margin:0;height:100%}',
  'body{font:15px/1.35 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:#1c1917;background:#fff}',
  'main{display:flex;flex-direction:column;height:100%;min-height:180px;border:1px solid #e7e5e4;border-radius:12px;overflow:hidden;background:#fafaf9}',
  'img{display:block;flex:1 1 0;min-height:0;width:100%;height:auto;object-fit:contain;background:#f5f5f4}',
  '.text{display:flex;flex-direction:column;gap:3px;padding:10px 14px 12px}',
  'h1{margin:0;font-size:17px;line-height:1.25;overflow-wrap:anywhere;display:-webkit-box;-webkit-line-clamp:2;-webkit-box-orient:vertical;overflow:hidden}',
  'p{margin:0}',
  '.facts{color:#57534e;font-variant-numeric:tabular-nums}',
  'a{color:#92400e;font-weight:600;text-underline-offset:2px}',
  'a:focus-visible{outline:2px solid #92400e;outline-offset:2px;border-radius:2px}',
  '.brand{font-size:12px;color:#57534e}',
  '.hidden{position:absolute;width:1px;height:1px;overflow:hidden;clip-path:inset(50%);white-space:nowrap}',
].join('');

interface CardContext {
  locale: Locale;
  nonce: string;
  productName: string;
  /** The site's public address, without a trailing slash. */
  site: string;
}

function page(ctx: CardContext, title: string, body: string): string {
  return `<!DOCTYPE html><html lang="${ctx.locale}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex"><title>${escapeHtml(title)}</title><style nonce="${ctx.nonce}">${STYLE}</style></head><body><main>${body}</main></body></html>`;
}

/** A link out of the frame: a new tab, so the page around the card stays where it is. */
function linkOut(ctx: CardContext, href: string, label: string): string {
  const t = (id: TextId) => escapeHtml(text(ctx.locale, id));
  return `<a href="${escapeHtml(href)}" target="_blank" rel="noopener">${escapeHtml(label)}<span class="hidden"> ${t('server.embed.newTab')}</span></a>`;
}

/** The card of a stone: its share image, title, kilometres and finds, and the way to its page. */
export function embedCard(ctx: CardContext, stone: StoneView): string {
  const t = (id: TextId, values?: TextValues) => escapeHtml(text(ctx.locale, id, values));
  const image = `<img src="${escapeHtml(stone.shareImage)}" width="${SHARE_IMAGE_WIDTH}" height="${SHARE_IMAGE_HEIGHT}" alt="${t('server.embed.image', { title: stone.title })}">`;
  const facts = `${t('server.embed.distance', { distance: stone.formattedDistance })} · ${t('server.embed.finds', { count: stone.findCount })}`;
  return page(
    ctx,
    text(ctx.locale, 'server.embed.pageTitle', { title: stone.title, product: ctx.productName }),
    `${image}<div class="text"><h1>${escapeHtml(stone.title)}</h1><p class="facts">${facts}</p><p>${linkOut(ctx, `${ctx.site}/${stone.code}`, text(ctx.locale, 'server.embed.follow'))}</p><p class="brand">${escapeHtml(ctx.productName)}</p></div>`,
  );
}

/** The card for a code that names no stone (any more): says so, still in the frame, and leads to the site. */
export function embedNotFoundCard(ctx: CardContext): string {
  const t = (id: TextId) => escapeHtml(text(ctx.locale, id));
  return page(
    ctx,
    text(ctx.locale, 'server.embed.notFound.title'),
    `<div class="text"><h1>${t('server.embed.notFound.title')}</h1><p class="facts">${t('server.embed.notFound.text')}</p><p>${linkOut(ctx, `${ctx.site}/`, text(ctx.locale, 'server.embed.notFound.home', { product: ctx.productName }))}</p></div>`,
  );
}
