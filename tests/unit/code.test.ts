import { describe, expect, it } from 'vitest';
import { CODE_MAX_LENGTH, codeFromScan, formatCodeInput, isValidCode, normalizeCode, randomCode } from '../../src/shared/code';

describe('code entry formatting', () => {
  it.each([
    ['abc', 'ABC'],
    ['abc1', 'ABC-1'],
    ['abc123def', 'ABC-123-DEF'],
    ['ab-c1 23/de f', 'ABC-123-DEF'],
    ['xyz', ''],
    ['GHIJKL', ''],
    ['abc123def456', 'ABC-123-DEF'],
    ['ABC-123-', 'ABC-123'],
  ])('turns typed %j into %j', (typed, shown) => {
    expect(formatCodeInput(typed)).toBe(shown);
  });

  it('never produces more than 11 characters', () => {
    expect(formatCodeInput('f'.repeat(50))).toHaveLength(CODE_MAX_LENGTH);
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
