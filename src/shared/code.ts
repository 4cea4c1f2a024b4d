/** A stone code: nine uppercase hexadecimal characters in three groups, e.g. `ABC-123-DEF`. */
export const CODE_PATTERN = /^[0-9A-F]{3}-[0-9A-F]{3}-[0-9A-F]{3}$/;
/** Length of a formatted code including the two hyphens. */
export const CODE_MAX_LENGTH = 11;

/** True for a complete code in canonical form. */
export function isValidCode(code: string): boolean {
  return CODE_PATTERN.test(code);
}

/**
 * The canonical code for what a person or a link supplied, or null when it is not a code.
 * Accepts any case and nine hex characters without hyphens.
 */
export function normalizeCode(input: string): string | null {
  const trimmed = input.trim().toUpperCase();
  if (/^[0-9A-F]{9}$/.test(trimmed)) return `${trimmed.slice(0, 3)}-${trimmed.slice(3, 6)}-${trimmed.slice(6)}`;
  return CODE_PATTERN.test(trimmed) ? trimmed : null;
}

/** A new random code (server side uses it with a uniqueness retry). */
export function randomCode(random: (bytes: Uint8Array) => Uint8Array): string {
  const bytes = random(new Uint8Array(5));
  const hex = Array.from(bytes, (b) => b.toString(16).padStart(2, '0'))
    .join('')
    .slice(0, 9)
    .toUpperCase();
  return `${hex.slice(0, 3)}-${hex.slice(3, 6)}-${hex.slice(6, 9)}`;
}
