/**
 * The identity constants and rules the browser needs before its sign-in form can be used, kept free of
 * zod so that the sign-in page loads none (issue 9). `identity.ts` builds its schemas on them. It
 * imports nothing of `identity.ts`, so the two make no cycle (`isMfaRequired` narrows any login answer).
 */

export const ROLES = ['regular', 'equip-admin', 'it-owner'] as const;
/** The values of a person's type, source and status (`identity.ts` builds its enums on them). */
export const USER_TYPES = ['regularUser', 'lightUser', 'unmanagedUser'] as const;
export const USER_SOURCES = ['hris', 'equip'] as const;
export const EMPLOYEE_STATUSES = ['ACTIVE', 'INACTIVE', 'OFFBOARDING', 'ONBOARDING', 'LEAVE'] as const;

/** Cookie names holding the tokens; both expire after about one year (SPEC §9). */
export const ACCESS_TOKEN_COOKIE = 'equip_access_token';
export const REFRESH_TOKEN_COOKIE = 'equip_refresh_token';
export const AUTH_COOKIE_MAX_AGE_MS = 31536e6;

export const EMAIL_MAX_LENGTH = 254;
/** zod's email pattern (`z.email()`), which `Email` checks with; `identity-rules.test.ts` keeps them one. */
export const EMAIL_PATTERN =
  /^(?:[A-Za-z0-9_'+-]+\.)*[A-Za-z0-9_'+-]*[A-Za-z0-9_+-]@(?:[A-Za-z0-9][A-Za-z0-9-]*\.)+[A-Za-z]{2,}$/;

/** Whether `Email` accepts the value, without loading zod (the sign-in form checks as you submit). */
export function isEmail(value: string): boolean {
  return value.length <= EMAIL_MAX_LENGTH && EMAIL_PATTERN.test(value);
}

/** Either MFA is required (a method is present) or the user is logged in (an onboarding step is present). */
export function isMfaRequired<Response extends object>(
  r: Response,
): r is Extract<Response, { mfaMethod: unknown }> {
  return 'mfaMethod' in r;
}
