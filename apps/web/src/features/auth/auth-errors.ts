import { ErrorType } from '@equip/domain/error-catalogue';
import { isEmail } from '@equip/domain/identity-rules';
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { describeFailure, retryAfterText } from '@/lib/api/error-message';
import { ApiError } from '@/lib/api/errors';
import { i18n } from '@/lib/i18n/i18n';

/** Client-side check of an email field; undefined when it is fine. */
export function emailProblem(value: string): string | undefined {
  if (!value.trim()) return i18n._(msg`Enter your email address`);
  if (!isEmail(value.trim())) return i18n._(msg`Enter a valid email address, like name@company.com`);
  return undefined;
}

/** What to tell the person when the email-and-password step fails. */
export function loginErrorMessage(error: unknown): string {
  const failure = describeFailure(error, {
    fallback: i18n._(msg`Signing in did not work. Please try again.`),
    messages: {
      [ErrorType.InvalidCredentials]: i18n._(
        msg`The email or password is incorrect. Check them and try again.`,
      ),
      // Said only after the right password (docs/decisions/019).
      [ErrorType.OrganizationDeactivated]: i18n._(
        msg`Your organisation has been deactivated in Equip. Ask your provider to reactivate it.`,
      ),
    },
  });
  if (failure.kind !== 'rate-limited') return failure.message;
  const seconds = error instanceof ApiError ? error.retryAfterSeconds : undefined;
  if (seconds === undefined)
    return i18n._(msg`Too many sign-in attempts. Please wait a while and try again.`);
  const when = retryAfterText(seconds);
  return i18n._(msg`Too many sign-in attempts. Try again ${when}.`);
}

/**
 * Friendly messages for the single sign-on errors of SPEC §8, which the SSO callback hands to the login
 * as `?ssoError=` once the identity provider has said who the person is (so they tell a stranger nothing).
 */
export const SSO_ERROR_MESSAGES: Record<string, { title: MessageDescriptor; text: MessageDescriptor }> = {
  [ErrorType.SSOAuthenticationErrorUnknownEmail]: {
    title: msg`No Equip account uses this email`,
    text: msg`Check that you signed in with your work account, or ask your IT team to invite you.`,
  },
  [ErrorType.SSOAuthenticationErrorUserSoftDeleted]: {
    title: msg`This account has been removed`,
    text: msg`Your organisation removed this account from Equip. If you think this is a mistake, contact your IT team.`,
  },
  [ErrorType.SSOAuthenticationErrorUnknown]: {
    title: msg`Single sign-on didn’t work`,
    text: msg`Try again, or sign in with your email and password.`,
  },
};

export function ssoErrorMessage(errorType: string | null | undefined): { title: string; text: string } {
  const known =
    (errorType && SSO_ERROR_MESSAGES[errorType]) ||
    SSO_ERROR_MESSAGES[ErrorType.SSOAuthenticationErrorUnknown]!;
  return { title: i18n._(known.title), text: i18n._(known.text) };
}

/** Shown on the password form when `sso/start` answers that the email does not use single sign-on. */
export const PASSWORD_INSTEAD_OF_SSO_NOTICE = msg`This email signs in with a password. Enter it below.`;

/**
 * What to show when starting single sign-on fails. An email without single sign-on is no failure (the
 * start answers `authorizationUrl: null`); what is left is an organisation whose single sign-on cannot
 * be used right now, where the server says why ("The identity provider could not be reached").
 */
export function ssoStartErrorMessage(error: unknown): { title?: string; text: string } {
  const failure = describeFailure(error, {
    fallback: i18n._(msg`Single sign-on could not be started. Please try again.`),
  });
  if (failure.errorType === ErrorType.SSOAuthenticationErrorUnknown) {
    const known = ssoErrorMessage(ErrorType.SSOAuthenticationErrorUnknown);
    return { title: known.title, text: failure.message || known.text };
  }
  return { text: failure.message };
}
