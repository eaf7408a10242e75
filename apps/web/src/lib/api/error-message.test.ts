import { describe, expect, it } from 'vitest';
import { errorMessage, retryAfterText } from './error-message';
import { ApiError, HttpError } from './errors';

describe('error messages', () => {
  it('says when to retry', () => {
    const now = new Date(2024, 5, 1, 14, 0, 0);
    expect(retryAfterText(1, now)).toBe('in 1 second');
    expect(retryAfterText(45, now)).toBe('in 45 seconds');
    expect(retryAfterText(300, now)).toMatch(/^in 5 minutes \(at (14.05|0?2.05\s?PM)\)$/);
    expect(retryAfterText(2 * 3600, now)).toMatch(/^in 2 hours \(at (16.00|0?4.00\s?PM)\)$/);
  });

  it('turns errors into sentences', () => {
    expect(errorMessage(new TypeError('Failed to fetch'))).toMatch(/couldn’t reach Equip/);
    expect(errorMessage(new ApiError(429, [{ msg: 'x' }], 30))).toBe(
      'Too many attempts. Try again in 30 seconds.',
    );
    expect(errorMessage(new ApiError(400, [{ msg: 'Add a phone number first' }]))).toBe(
      'Add a phone number first',
    );
    expect(errorMessage(new ApiError(500, [{ msg: 'boom' }]), 'Fallback')).toBe('Fallback');
    expect(errorMessage(new HttpError(502, 'Bad gateway'), 'Fallback')).toBe('Fallback');
  });
});
