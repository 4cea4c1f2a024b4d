/**
 * Characters XML 1.0 does not allow (controls other than tab and line breaks, U+FFFE/F, lone surrogates: with the
 * `u` flag a pair is one code point and does not match).
 */
const NOT_XML = /[^\P{Cc}\t\n\r]|[\uFFFE\uFFFF]|[\uD800-\uDFFF]/gu;

/**
 * Text for an XML document (the sitemap, the blog's feed, a journey's GPX): what XML does not allow left out, so a
 * parser never refuses the file, and markup characters escaped.
 */
export function escapeXml(text: string): string {
  return text
    .replace(NOT_XML, '')
    .replace(/[<>&'"]/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', "'": '&apos;', '"': '&quot;' })[c] ?? c);
}
