import { ErrorType } from '@equip/domain/errors';
import { Email } from '@equip/domain/identity';
import { errorMessage } from '@/lib/api/error-message';
import { ApiError } from '@/lib/api/errors';

/** Client-side check of an email field; undefined when it is fine. */
export function emailProblem(value: string): string | undefined {
  if (!value.trim()) return 'Enter your email address';
  if (!Email.safeParse(value.trim()).success) return 'Enter a valid email address, like name@company.com';
  return undefined;
}

/** What to tell the person when the email-and-password step fails. */
export function loginErrorMessage(error: unknown): string {
  if (error instanceof ApiError && error.errorType === ErrorType.InvalidCredentials) {
    return 'The email or password is incorrect. Check them and try again.';
  }
  if (error instanceof ApiError && error.status === 429) {
    return errorMessage(error).replace('Too many attempts.', 'Too many sign-in attempts.');
  }
  return errorMessage(error, 'Signing in did not work. Please try again.');
}

/** Friendly messages for the single sign-on errors of SPEC §8 (`?ssoError=` or a failed start). */
export const SSO_ERROR_MESSAGES: Record<string, { title: string; text: string }> = {
  [ErrorType.SSOAuthenticationErrorUnknownEmail]: {
    title: 'No Equip account uses this email',
    text: 'Check that you signed in with your work account, or ask your IT team to invite you.',
  },
  [ErrorType.SSOAuthenticationErrorUserSoftDeleted]: {
    title: 'This account has been removed',
    text: 'Your organisation removed this account from Equip. If you think this is a mistake, contact your IT team.',
  },
  [ErrorType.SSOAuthenticationErrorUnknown]: {
    title: 'Single sign-on didn’t work',
    text: 'Try again, or sign in with your email and password.',
  },
};

export function ssoErrorMessage(errorType: string | null | undefined): { title: string; text: string } {
  return (
    (errorType && SSO_ERROR_MESSAGES[errorType]) ||
    SSO_ERROR_MESSAGES[ErrorType.SSOAuthenticationErrorUnknown]!
  );
}

/** What to show when starting single sign-on fails. */
export function ssoStartErrorMessage(error: unknown): { title?: string; text: string } {
  if (error instanceof ApiError && error.errorType && SSO_ERROR_MESSAGES[error.errorType]) {
    const known = SSO_ERROR_MESSAGES[error.errorType]!;
    // For the generic type the server says what is wrong ("not set up for this organisation").
    if (error.errorType === ErrorType.SSOAuthenticationErrorUnknown) {
      return { title: known.title, text: error.message || known.text };
    }
    return known;
  }
  return { text: errorMessage(error, 'Single sign-on could not be started. Please try again.') };
}
