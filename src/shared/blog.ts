/** Reading time is the word count divided by 200 per minute, rounded up. */
export const WORDS_PER_MINUTE = 200;
/** A blog card shows at most this many tags, then "+n". */
export const CARD_TAGS = 3;

const UMLAUTS: Record<string, string> = { ä: 'ae', ö: 'oe', ü: 'ue', ß: 'ss' };

/**
 * The slug derived from a title (or a typed slug, tidied the same way): lowercased, punctuation
 * removed, whitespace to hyphens, repeated hyphens collapsed. German readers expect "Grüße" as "gruesse", so
 * umlauts and ß are spelt out first; other accents lose their marks ("Café" → "cafe").
 */
export function slugify(text: string): string {
  return text
    .toLowerCase()
    .replace(/[äöüß]/g, (c) => UMLAUTS[c] ?? c)
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^a-z0-9\s-]/g, '')
    .trim()
    .replace(/[\s-]+/g, '-')
    .replace(/^-+|-+$/g, '');
}

/** Tags are split on commas, trimmed, empties dropped (and each tag once). */
export function splitTags(text: string): string[] {
  return [
    ...new Set(
      text
        .split(',')
        .map((tag) => tag.trim())
        .filter(Boolean),
    ),
  ];
}

/** Minutes to read an article: its words (HTML tags not counted) / WORDS_PER_MINUTE, rounded up, at least 1. */
export function readingMinutes(content: string): number {
  const words = content
    .replace(/<[^>]*>/g, ' ')
    .split(/\s+/)
    .filter(Boolean).length;
  return Math.max(1, Math.ceil(words / WORDS_PER_MINUTE));
}

/** The author is the part of the author's e-mail before the @, else "Admin". */
export function authorName(email: string | null | undefined): string {
  const local = email?.split('@')[0]?.trim();
  return local || 'Admin';
}

const BLOCK = 'p|h[1-6]|ul|ol|li|blockquote|hr';

/**
 * An article's content shows its line breaks as breaks and its HTML rendered. A line break between
 * block elements is only layout in the source, so only the others become `<br>`. Takes sanitised HTML.
 */
export function withLineBreaks(html: string): string {
  return html
    .replace(/\r\n?/g, '\n')
    .replace(new RegExp(`(<\\/?(?:${BLOCK})\\b[^>]*>)[ \\t]*\\n+\\s*`, 'gi'), '$1')
    .replace(new RegExp(`\\s*\\n+[ \\t]*(<\\/?(?:${BLOCK})\\b)`, 'gi'), '$1')
    .trim()
    .replace(/\n/g, '<br>');
}
