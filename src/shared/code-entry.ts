import { CODE_MAX_LENGTH, normalizeCode } from './code';

// How people enter a code (typing, scanning): the find dialog's and the owner-link form's helpers, which a page's
// first JavaScript does not need (code.ts, which the router needs, stays small).

/**
 * Letters a code painted on a weathered stone is misread as, and the hex digit each stands for: a typed O is 0,
 * I and L are 1, S is 5. No code contains them, so reading them this way never turns one code into another.
 */
const LOOKALIKES: Record<string, string> = { O: '0', I: '1', L: '1', S: '5' };

/** Uppercase, with the look-alike letters read as the digits they stand for (before anything else is filtered). */
export function readLookalikes(raw: string): string {
  return raw.toUpperCase().replace(/[OILS]/g, (letter) => LOOKALIKES[letter] ?? letter);
}

/** Whether `raw` holds a look-alike letter that the entry field reads as a digit. */
export function hasLookalikes(raw: string): boolean {
  return /[OILS]/i.test(raw);
}

/**
 * What the code-entry field shows for raw typing: look-alike letters read as digits, then hex only, uppercase,
 * hyphens after 3 and 6, at most 11.
 */
export function formatCodeInput(raw: string): string {
  const hex = readLookalikes(raw)
    .replace(/[^0-9A-F]/g, '')
    .slice(0, 9);
  const groups = hex.match(/.{1,3}/g) ?? [];
  return groups.join('-').slice(0, CODE_MAX_LENGTH);
}

/**
 * formatCodeInput for an edit of the entry field, keeping the caret where the person was typing: after as many
 * code characters as stood before it in the raw text. A caret that followed a separator (a typed or kept hyphen,
 * a filtered character) also stays behind the hyphen that follows those characters.
 */
export function formatCodeEdit(raw: string, caret: number): { value: string; caret: number } {
  const value = formatCodeInput(raw);
  const before = raw.slice(0, Math.max(0, caret));
  const hexBefore = readLookalikes(before).replace(/[^0-9A-F]/g, '').length;
  let position = 0;
  for (let seen = 0; position < value.length && seen < hexBefore; position++) {
    if (value[position] !== '-') seen++;
  }
  const afterSeparator = before.length > 0 && !/[0-9A-F]$/.test(readLookalikes(before));
  if (afterSeparator && value[position] === '-') position++;
  return { value, caret: position };
}

/**
 * The code inside text read from a QR code: a URL whose path holds `/stone/{code}` or `/{code}`, or the raw text.
 */
export function codeFromScan(text: string): string | null {
  const raw = text.trim();
  const stonePath = raw.match(/\/stone\/([0-9a-fA-F-]{9,11})(?:[/?#]|$)/);
  if (stonePath?.[1]) return normalizeCode(stonePath[1]);
  const lastSegment = raw.match(/\/([0-9a-fA-F-]{9,11})\/?(?:[?#].*)?$/);
  if (lastSegment?.[1]) return normalizeCode(lastSegment[1]);
  return normalizeCode(raw);
}
