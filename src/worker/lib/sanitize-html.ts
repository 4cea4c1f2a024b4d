import xss from 'xss';

// xss is CommonJS: its parts hang off the default export.
const { escapeAttrValue, FilterXSS, friendlyAttrValue } = xss as unknown as typeof import('xss');

/**
 * The HTML a blog article may contain (spec §2 "simple HTML tags"): headings, paragraphs, lists, links,
 * emphasis, quotes and images, with only the attributes they need. Everything else is removed: a tag that is
 * not listed loses its tag but keeps its text, and the bodies of scripts, styles, frames and the like go
 * entirely. No attribute outside the list survives (no event handlers, no style, no class).
 */
const ALLOWED: Record<string, string[]> = {
  h2: [],
  h3: [],
  h4: [],
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
  img: ['src', 'alt', 'title'],
};

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

/** Where a link may lead: the web and e-mail. */
const LINK = /^(?:https?:\/\/[^\s]+|mailto:[^\s]+)$/i;
/** Where an image may come from: only https (no data:, no http on an https page). */
const IMAGE = /^https:\/\/[^\s]+$/i;

/** The attribute's value as a browser would read it (entities decoded, invisible characters gone), if it is allowed. */
function safeValue(tag: string, name: string, value: string): string {
  if (name === 'href' || name === 'src') {
    // Browsers ignore control characters and spaces in a URL (`jav&#9;ascript:` is javascript:): so do we.
    const url = friendlyAttrValue(value).replace(/[\p{Cc}\s]/gu, '');
    const allowed = tag === 'img' ? IMAGE : LINK;
    if (!allowed.test(url)) return '';
    try {
      const parsed = new URL(url);
      if (!['http:', 'https:', 'mailto:'].includes(parsed.protocol)) return '';
      return escapeAttrValue(parsed.href);
    } catch {
      return '';
    }
  }
  return escapeAttrValue(friendlyAttrValue(value));
}

const filter = new FilterXSS({
  whiteList: ALLOWED,
  stripIgnoreTag: true,
  stripIgnoreTagBody: DROPPED_WITH_CONTENT,
  allowCommentTag: false,
  css: false,
  safeAttrValue: safeValue,
  // A link or image whose address was refused keeps no empty attribute behind.
  onTagAttr: (tag, name, value) => {
    if (!ALLOWED[tag]?.includes(name)) return undefined;
    const safe = safeValue(tag, name, value);
    return safe ? `${name}="${safe}"` : '';
  },
});

/**
 * An article's HTML with only the allowed tags and attributes: run when an article is saved and again when it
 * is read, so an article stored before a rule changed is still held to the current one. Links get
 * `rel="noopener noreferrer"` (a linked page can neither steer this one nor learn where its reader came from).
 */
export function sanitizeHtml(html: string): string {
  return filter
    .process(html.replaceAll('\u0000', ''))
    .replace(/<a\b([^>]*)>/gi, (_, attributes: string) => `<a${attributes.replace(/\s+rel="[^"]*"/g, '')} rel="noopener noreferrer">`);
}
