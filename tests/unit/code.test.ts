import { describe, expect, it } from 'vitest';
import { CODE_MAX_LENGTH, isValidCode, normalizeCode, randomCode } from '../../src/shared/code';
import { codeFromScan, formatCodeEdit, formatCodeInput } from '../../src/shared/code-entry';

describe('code entry formatting', () => {
  it.each([
    ['abc', 'ABC'],
    ['abc1', 'ABC-1'],
    ['abc123def', 'ABC-123-DEF'],
    ['ab-c1 23/de f', 'ABC-123-DEF'],
    ['xyz', ''],
    ['GHJKMN', ''],
    ['abc123def456', 'ABC-123-DEF'],
    ['ABC-123-', 'ABC-123'],
  ])('turns typed %j into %j', (typed, shown) => {
    expect(formatCodeInput(typed)).toBe(shown);
  });

  it.each([
    ['OIL-5S0', '011-550'],
    ['abo-ilo-sde', 'AB0-110-5DE'],
    ['0ff-ice-b0x', '0FF-1CE-B0'],
  ])('reads the look-alike letters of %j as digits before filtering: %j', (typed, shown) => {
    expect(formatCodeInput(typed)).toBe(shown);
  });

  it('never produces more than 11 characters', () => {
    expect(formatCodeInput('f'.repeat(50))).toHaveLength(CODE_MAX_LENGTH);
  });
});

describe('caret while editing a code', () => {
  // `|` marks the caret: in the raw field text after an edit, and where it belongs once reformatted.
  const at = (text: string) => ({ text: text.replace('|', ''), caret: text.indexOf('|') });
  it.each([
    ['typing in the middle of a group', 'ABC-9|123', 'ABC-9|12-3'],
    ['typing before a hyphen', 'ABC9|-123', 'ABC-9|12-3'],
    ['typing at the start', '7|ABC-123', '7|AB-C12-3'],
    ['typing at the end', 'ABC-123D|', 'ABC-123-D|'],
    ['typing lowercase in the middle', 'ABC-1f|23', 'ABC-1F|2-3'],
    ['a filtered character after a hyphen', 'ABC-x|123', 'ABC-|123'],
    ['a filtered character inside a group', 'AB?|C-123', 'AB|C-123'],
    ['typing a hyphen before a hyphen', 'ABC-|-123', 'ABC-|123'],
    ['typing a hyphen at the end', 'ABC-|', 'ABC|'],
    ['backspace after a hyphen', 'ABC-|12-3', 'ABC-|123'],
    ['backspace over a hyphen', 'ABC|123', 'ABC|-123'],
    ['backspace at the end', 'ABC-|', 'ABC|'],
    ['emptying the field', '|', '|'],
    ['pasting a code in the middle', 'A1B2C3|', 'A1B-2C3|'],
    ['typing into a full code', 'ABC-9|123-DEF', 'ABC-9|12-3DE'],
    ['typing at the end of a full code', 'ABC-123-DEF0|', 'ABC-123-DEF|'],
    ['typing a look-alike O in the middle', 'ABC-1O|23', 'ABC-10|2-3'],
    ['typing a look-alike l after a hyphen', 'ABC-l|', 'ABC-1|'],
  ])('%s: %j becomes %j', (_what, raw, shown) => {
    const before = at(raw);
    const after = at(shown);
    expect(formatCodeEdit(before.text, before.caret)).toEqual({ value: after.text, caret: after.caret });
  });

  it('formats like the plain entry formatting', () => {
    for (const typed of ['ab-c1 23/de f', 'xyz', 'abc123def456', 'ABC-123-']) {
      expect(formatCodeEdit(typed, typed.length).value).toBe(formatCodeInput(typed));
    }
  });
});

describe('code validation', () => {
  it('accepts three groups of three uppercase hex characters', () => {
    expect(isValidCode('ABC-123-DEF')).toBe(true);
  });

  it.each(['abc-123-def', 'ABC123DEF', 'ABC-123-DE', 'ABG-123-DEF', ' ABC-123-DEF', 'ABC-123-DEF-'])('refuses %j', (code) => {
    expect(isValidCode(code)).toBe(false);
  });

  it('normalises any case and a code without hyphens', () => {
    expect(normalizeCode('abc-123-def')).toBe('ABC-123-DEF');
    expect(normalizeCode(' abc123def ')).toBe('ABC-123-DEF');
    expect(normalizeCode('abc-123')).toBeNull();
    expect(normalizeCode('abc--123-def')).toBeNull();
  });
});

describe('scanned QR text', () => {
  it.each([
    ['https://reisesteine.de/stone/ABC-123-DEF', 'ABC-123-DEF'],
    ['https://reisesteine.de/stone/abc123def?utm=x', 'ABC-123-DEF'],
    ['https://reisesteine.de/ABC-123-DEF', 'ABC-123-DEF'],
    ['abc123def', 'ABC-123-DEF'],
    ['ABC-123-DEF', 'ABC-123-DEF'],
  ])('reads the code from %j', (text, code) => {
    expect(codeFromScan(text)).toBe(code);
  });

  it.each(['https://example.org/', 'hello world', 'ABC-123'])('finds no code in %j', (text) => {
    expect(codeFromScan(text)).toBeNull();
  });
});

describe('random codes', () => {
  it('are valid codes built from the random bytes', () => {
    const code = randomCode((bytes) => bytes.fill(0xab));
    expect(code).toBe('ABA-BAB-ABA');
    expect(isValidCode(randomCode((bytes) => crypto.getRandomValues(bytes)))).toBe(true);
  });
});
