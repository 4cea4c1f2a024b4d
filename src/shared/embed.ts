/**
 * A stone's embeddable card (`GET /embed/{code}`): a small page other sites may show in a frame, with the
 * stone's title, kilometres, finds and share image. The owner page offers the snippet that embeds it.
 */

/** The card's address under the site. */
export const embedPath = (code: string) => `/embed/${code}`;

/**
 * The frame's size the snippet suggests: the share image (1200 × 630) at 400 px wide is 210 px high, and the text
 * below it (title, kilometres and finds, the link) fits in the rest. The card fits any frame from 280 to 600 px wide.
 */
export const EMBED_WIDTH = 400;
export const EMBED_HEIGHT = 340;

const attribute = (value: string) =>
  value.replace(/[&<>"]/g, (ch) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[ch] ?? ch);

/**
 * The `<iframe>` an owner copies onto their website: lazily loaded, without a border, never wider than its column.
 * `title` names the frame for screen readers.
 */
export function embedSnippet(siteUrl: string, code: string, title: string): string {
  const src = `${siteUrl.replace(/\/$/, '')}${embedPath(code)}`;
  return `<iframe src="${attribute(src)}" width="${EMBED_WIDTH}" height="${EMBED_HEIGHT}" title="${attribute(title)}" loading="lazy" style="border:0;max-width:100%"></iframe>`;
}
