import { describe, expect, it } from 'vitest';
import { formatGermanDate } from '../../src/shared/dates';

describe('formatGermanDate', () => {
  it('writes day.month.year with leading zeros', () => {
    expect(formatGermanDate('2026-03-05T10:00:00.000Z')).toBe('05.03.2026');
  });
  it('uses German time, so a find just before midnight UTC counts for the next day in Germany', () => {
    expect(formatGermanDate('2026-11-21T23:30:00.000Z')).toBe('22.11.2026');
    expect(formatGermanDate(Date.UTC(2026, 6, 31, 22, 30))).toBe('01.08.2026');
  });
});
