/**
 * The words of a stone's title, as the operator's search finds them (decision record 030, "The operator's table at
 * size"). The same rules exist twice: here for a search's words, and as SQL (worker/db/title-words.ts) for the
 * index the database keeps of every title; tests hold the two to the same words. So the rules are code points and
 * ranges that SQL can test, never a Unicode property:
 *
 * - a word is a run of characters that are not separators; the separators are every ASCII character but letters and
 *   digits, the Latin-1 signs (U+0080–U+00BF, × and ÷), general punctuation and spaces (U+2000–U+206F), currency
 *   signs, arrows, symbols and dingbats (U+2190–U+2BFF), CJK punctuation, variation selectors and emoji;
 * - combining marks (U+0300–U+036F) are dropped;
 * - A–Z, Greek and Cyrillic capitals are lower-cased; the Latin-1 and Latin Extended-A letters fold to ASCII, German
 *   as German spells without umlauts (ä → ae, ö → oe, ü → ue, ß → ss), the others to their base letter (é → e);
 * - every other character is kept as it is.
 */

/** The code point ranges (inclusive) that separate words. */
export const SEPARATOR_RANGES: ReadonlyArray<readonly [number, number]> = [
  [0x00, 0x2f],
  [0x3a, 0x40],
  [0x5b, 0x60],
  [0x7b, 0xbf],
  [0xd7, 0xd7],
  [0xf7, 0xf7],
  [0x2000, 0x206f],
  [0x20a0, 0x20cf],
  [0x2190, 0x2bff],
  [0x3000, 0x303f],
  [0xfe00, 0xfe0f],
  [0x1f000, 0x1faff],
];

/** Combining marks: dropped, so a letter written with one reads as its base letter. */
export const DROPPED_RANGE = [0x300, 0x36f] as const;

/** Capitals lower-cased by adding an offset: A–Z, Greek Α–Ω, Cyrillic А–Я and Ѐ–Џ. */
export const CASE_RANGES: ReadonlyArray<readonly [number, number, number]> = [
  [0x41, 0x5a, 0x20],
  [0x391, 0x3a9, 0x20],
  [0x410, 0x42f, 0x20],
  [0x400, 0x40f, 0x50],
];

/** What each Latin-1 and Latin Extended-A letter folds to, grouped by its folded form. */
const FOLD_GROUPS: Record<string, string> = {
  a: 'ÀÁÂÃÅàáâãåĀāĂăĄą',
  ae: 'ÄÆäæ',
  c: 'ÇçĆćĈĉĊċČč',
  d: 'ÐðĎďĐđ',
  e: 'ÈÉÊËèéêëĒēĔĕĖėĘęĚě',
  g: 'ĜĝĞğĠġĢģ',
  h: 'ĤĥĦħ',
  i: 'ÌÍÎÏìíîïĨĩĪīĬĭĮįİı',
  ij: 'Ĳĳ',
  j: 'Ĵĵ',
  k: 'Ķķĸ',
  l: 'ĹĺĻļĽľĿŀŁł',
  n: 'ÑñŃńŅņŇňŉŊŋ',
  o: 'ÒÓÔÕØòóôõøŌōŎŏŐő',
  oe: 'ÖöŒœ',
  r: 'ŔŕŖŗŘř',
  s: 'ŚśŜŝŞşŠšſ',
  ss: 'ßẞ',
  t: 'ŢţŤťŦŧ',
  th: 'Þþ',
  u: 'ÙÚÛùúûŨũŪūŬŭŮůŰűŲų',
  ue: 'Üü',
  w: 'Ŵŵ',
  y: 'ÝýÿŶŷŸ',
  z: 'ŹźŻżŽž',
};

/** Code point → its folded form. */
export const FOLDS: ReadonlyMap<number, string> = new Map(
  Object.entries(FOLD_GROUPS).flatMap(([folded, letters]) => [...letters].map((letter) => [letter.codePointAt(0) ?? 0, folded] as const)),
);

const within = (cp: number, [from, to]: readonly [number, number, ...number[]]) => cp >= from && cp <= to;

/** A character's part of a word: '' when dropped, null when it separates words. */
function foldCodePoint(cp: number): string | null {
  if (SEPARATOR_RANGES.some((range) => within(cp, range))) return null;
  if (within(cp, DROPPED_RANGE)) return '';
  const cased = CASE_RANGES.find((range) => within(cp, range));
  if (cased) return String.fromCodePoint(cp + cased[2]);
  return FOLDS.get(cp) ?? String.fromCodePoint(cp);
}

/** The distinct words of a text, in the order they first appear. */
export function titleWords(text: string): string[] {
  const words = new Set<string>();
  let word = '';
  for (const char of `${text} `) {
    const part = foldCodePoint(char.codePointAt(0) ?? 0);
    if (part !== null) word += part;
    else if (word) {
      words.add(word);
      word = '';
    }
  }
  return [...words];
}

/** The most words a title search takes (each is one condition of the search's statements). */
export const MAX_SEARCH_WORDS = 8;

/**
 * The words a title search must find, each as the start of one of a title's words: a word that starts another of
 * the search's words says nothing more and is left out ("reise reisestein" is "reisestein"). Longest first.
 */
export function searchWords(q: string): string[] {
  const words = titleWords(q).sort((a, b) => b.length - a.length || (a < b ? -1 : 1));
  return words.filter((word, i) => !words.slice(0, i).some((longer) => longer.startsWith(word)));
}
