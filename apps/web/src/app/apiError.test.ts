import { describe, expect, it } from 'vitest';
import { ApiError, isClientError, isRefusal } from './apiError';

describe('isRefusal: a read whose Retry cannot help', () => {
  it('is a 401 or a 403, nothing else', () => {
    expect(isRefusal(new ApiError('Sign in', 401, 'UNAUTHORIZED'))).toBe(true);
    expect(isRefusal(new ApiError('Your staff role does not allow this.', 403, 'FORBIDDEN'))).toBe(true);
    expect(isRefusal(new ApiError('Not found', 404, 'NOT_FOUND'))).toBe(false);
    expect(isRefusal(new ApiError('Busy', 503, 'UNAVAILABLE'))).toBe(false);
    expect(isRefusal(new Error('Failed to fetch'))).toBe(false);
    expect(isRefusal(undefined)).toBe(false);
  });

  it('is narrower than a client error (a 404 may be retried by the person, not by asking again)', () => {
    expect(isClientError(new ApiError('Not found', 404, 'NOT_FOUND'))).toBe(true);
    expect(isClientError(new ApiError('Busy', 503, 'UNAVAILABLE'))).toBe(false);
  });
});
