import xss from 'xss';

// xss is CommonJS: its parts hang off the default export.
const { escapeAttrValue, FilterXSS, friendlyAttrValue } = xss as unknown as typeof import('xss');

/**
 * The HTML a blog article may contain (simple HTML tags): headings, paragraphs, lists, links,
 * emphasis, quotes, code and images, with only the attributes they need. Everything else is removed: a tag that
 * is not listed loses its tag but keeps its text, and the bodies of scripts, styles, frames and the like go
 * entirely. No attribute outside the list survives (no event handlers, no style, no class).
 */
const ALLOWED: Record<string, string[]> = {
  h2: [],
  h3: [],
  h4: [],
  h5: [],
  h6: [],
  p: [],
  br: [],
  hr: [],
  ul: [],
  ol: [],
  li: [],
  a: ['href', 'title'],
  strong: [],
  b: [],
  em: [],
  i: [],
  u: [],
  blockquote: [],
  code: [],
  pre: [],
  img: ['src', 'alt', 'title'],
};

/** The article's title is the page's one `<h1>`: a first-level heading in the content becomes a second-level one. */
const RENAMED: Record<string, string> = { h1: 'h2' };

/** Elements whose content is never text for a reader: removed with everything inside. */
const DROPPED_WITH_CONTENT = [
  'script',
  'style',
  'iframe',
  'frame',
  'frameset',
  'object',
  'embed',
  'applet',
  'noscript',
  'noembed',
  'noframes',
  'template',
  'svg',
  'math',
  'xmp',
  'textarea',
  'title',
  'select',
  'head',
];

/** Where a link may lead elsewhere: the web and e-mail. */
const EXTERNAL_LINK = /^(?:https?:\/\/[^\s]+|mailto:[^\s]+)$/i;
/**
 * A page of this site (`/stein-vorbereiten`). Not `//host` nor `/\host`, which browsers read as another site,
 * and no backslash anywhere (browsers treat it as a slash).
 */
const SITE_PATH = /^\/(?![/\\])[^\s\\]*$/;
/** Where an image may come from: only https (no data:, no http on an https page). */
const IMAGE = /^https:\/\/[^\s]+$/i;

const REL = 'noopener noreferrer';

/** An absolute address with an allowed scheme, normalised by the URL parser; null if it is none. */
function absolute(url: string): string | null {
  try {
    const parsed = new URL(url);
    return ['http:', 'https:', 'mailto:'].includes(parsed.protocol) ? parsed.href : null;
  } catch {
    return null;
  }
}

/**
 * The attribute as it may stay, or '' if it must go. An address is judged as a browser would read it (entities
 * decoded, control characters and spaces gone: `jav&#9;ascript:` is javascript:). A link to another site or an
 * address gets `rel="noopener noreferrer"`: the linked page can neither steer this one nor learn where its
 * reader came from.
 */
function safeAttribute(tag: string, name: string, value: string): string {
  if (name !== 'href' && name !== 'src') return `${name}="${escapeAttrValue(friendlyAttrValue(value))}"`;
  const url = friendlyAttrValue(value).replace(/[\p{Cc}\s]/gu, '');
  if (tag === 'img') {
    const src = IMAGE.test(url) ? absolute(url) : null;
    return src ? `src="${escapeAttrValue(src)}"` : '';
  }
  if (SITE_PATH.test(url)) return `href="${escapeAttrValue(url)}"`;
  const href = EXTERNAL_LINK.test(url) ? absolute(url) : null;
  return href ? `href="${escapeAttrValue(href)}" rel="${REL}"` : '';
}

const filter = new FilterXSS({
  whiteList: ALLOWED,
  stripIgnoreTag: true,
  stripIgnoreTagBody: DROPPED_WITH_CONTENT,
  allowCommentTag: false,
  css: false,
  onTag: (tag, _html, options) => {
    const renamed = RENAMED[tag];
    // Renamed without any of its attributes.
    if (renamed) return options.isClosing ? `</${renamed}>` : `<${renamed}>`;
    return undefined;
  },
  // A link or image whose address was refused keeps no empty attribute behind.
  onTagAttr: (tag, name, value) => (ALLOWED[tag]?.includes(name) ? safeAttribute(tag, name, value) : undefined),
});

/**
 * An article's HTML with only the allowed tags and attributes: run when an article is saved and again when it
 * is read, so an article stored before a rule changed is still held to the current one.
 */
export function sanitizeHtml(html: string): string {
  return filter.process(html.replaceAll('\u0000', ''));
}
