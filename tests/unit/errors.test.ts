import { describe, expect, it } from 'vitest';
import { ApiError, apiErrorIn } from '../../src/worker/lib/errors';

describe('apiErrorIn', () => {
  const unavailable = new ApiError(503, 'DATABASE_UNAVAILABLE', 'server.api.databaseUnavailable');

  it('finds an ApiError itself or as the cause of a wrapping error', () => {
    expect(apiErrorIn(unavailable)).toBe(unavailable);
    expect(apiErrorIn(new Error('Failed query: update "stones" …', { cause: unavailable }))).toBe(unavailable);
  });

  it('finds none in other errors, or in anything that is not an error', () => {
    expect(apiErrorIn(new Error('D1_ERROR: UNIQUE constraint failed', { cause: new Error('inner') }))).toBeNull();
    expect(apiErrorIn('DATABASE_UNAVAILABLE')).toBeNull();
    expect(apiErrorIn(undefined)).toBeNull();
  });
});
