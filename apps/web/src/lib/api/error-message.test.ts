import { afterEach, describe, expect, it } from 'vitest';
import { activateLocale } from '@/lib/i18n/i18n';
import { describeFailure, errorMessage, failureMessage, retryAfterText } from './error-message';
import { ApiError, HttpError } from './errors';

describe('error messages', () => {
  afterEach(() => activateLocale('en', 'Europe/Berlin'));

  it('says when to retry (times in the organisation’s zone)', () => {
    const now = new Date(Date.UTC(2024, 5, 1, 12, 0, 0)); // 14:00 in Berlin
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

  it('keeps the server’s English words for the catalogue’s error types in English', () => {
    expect(
      errorMessage(
        new ApiError(401, [{ msg: 'Email or password is incorrect', errorType: 'InvalidCredentials' }]),
      ),
    ).toBe('Email or password is incorrect');
    expect(
      errorMessage(
        new ApiError(409, [
          {
            msg: 'ada@example.com is already in use',
            errorType: 'EmailIsUsed',
            value: 'ada@example.com',
          },
        ]),
      ),
    ).toBe('ada@example.com is already in use');
  });

  it('says it in German: the error types of the catalogue, known texts, the fixed sentences', async () => {
    await activateLocale('de', 'Europe/Berlin');
    expect(errorMessage(new TypeError('Failed to fetch'))).toBe(
      'Equip ist nicht erreichbar. Prüfen Sie Ihre Verbindung und versuchen Sie es erneut.',
    );
    expect(errorMessage(new ApiError(500, [{ msg: 'boom' }]))).toBe(
      'Etwas ist schiefgelaufen. Bitte versuchen Sie es erneut.',
    );
    expect(errorMessage(new ApiError(429, [{ msg: 'x' }], 30))).toBe(
      'Zu viele Versuche. Versuchen Sie es in 30 Sekunden erneut.',
    );
    expect(
      errorMessage(
        new ApiError(401, [{ msg: 'Email or password is incorrect', errorType: 'InvalidCredentials' }]),
      ),
    ).toBe('E-Mail-Adresse oder Passwort ist falsch');
    // An error type of SPEC §8 reads the type's words whatever the server wrote …
    expect(errorMessage(new ApiError(401, [{ msg: 'Nope', errorType: 'InvalidMfaCode' }]))).toBe(
      'Der Code ist ungültig',
    );
    // … and the server's known texts keep what they name.
    expect(
      errorMessage(
        new ApiError(409, [
          {
            msg: 'ada@example.com is already in use',
            errorType: 'EmailIsUsed',
          },
        ]),
      ),
    ).toBe('ada@example.com wird bereits verwendet');
    expect(errorMessage(new ApiError(400, [{ msg: 'Required', errorType: 'ZodValidationError' }]))).toBe(
      'Erforderlich',
    );
    // Unknown types and texts: the server's words.
    expect(errorMessage(new ApiError(400, [{ msg: 'Add a phone number first', errorType: 'Other' }]))).toBe(
      'Add a phone number first',
    );
    expect(failureMessage('Speichern fehlgeschlagen', new ApiError(403, []))).toBe(
      'Speichern fehlgeschlagen: Dazu sind Sie nicht berechtigt.',
    );
    const failure = describeFailure<'email'>(
      new ApiError(400, [{ msg: 'Invalid email address', param: 'email', errorType: 'ZodValidationError' }]),
      { field: (entry) => (entry.param === 'email' ? 'email' : undefined) },
    );
    expect(failure.fields.email).toBe('Ungültige E-Mail-Adresse');
  });
});
