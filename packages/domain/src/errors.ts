import { z } from 'zod';

/** Where a bad value was found (SPEC §3 "API error payload"). */
export const ErrorLocation = z.enum(['body', 'header', 'query', 'params']);
export type ErrorLocation = z.infer<typeof ErrorLocation>;

/** One entry of the spec's error payload. */
export const ApiErrorEntry = z.object({
  msg: z.string(),
  location: ErrorLocation.optional(),
  param: z.string().optional(),
  value: z.unknown().optional(),
  errorCode: z.number().int().optional(),
  errorType: z.string().optional(),
  path: z.array(z.union([z.string(), z.number()])).optional(),
});
export type ApiErrorEntry = z.infer<typeof ApiErrorEntry>;

/** Every error the APIs answer has this shape: `{ errors: [...] }`. */
export const ApiErrorPayload = z.object({ errors: z.array(ApiErrorEntry).min(1) });
export type ApiErrorPayload = z.infer<typeof ApiErrorPayload>;

/**
 * The error catalogue (SPEC §8). `errorType` carries one of these names; `errorCode` the HTTP status.
 * Generic types (NotFound, Forbidden, …) cover what the spec leaves unnamed.
 */
export const ErrorType = {
  ZodValidationError: 'ZodValidationError',
  Unauthorized: 'Unauthorized',
  Forbidden: 'Forbidden',
  NotFound: 'NotFound',
  Conflict: 'Conflict',
  PayloadTooLarge: 'PayloadTooLarge',
  TooManyRequests: 'TooManyRequests',
  InternalError: 'InternalError',
  ServiceUnavailable: 'ServiceUnavailable',
  // identity
  InvalidCredentials: 'InvalidCredentials',
  MfaRequired: 'MfaRequired',
  InvalidMfaCode: 'InvalidMfaCode',
  InvalidToken: 'InvalidToken',
  EmailIsUsed: 'EmailIsUsed',
  PasswordIsRequired: 'PasswordIsRequired',
  FailedToEncryptPassword: 'FailedToEncryptPassword',
  SSOAuthenticationErrorUnknownEmail: 'SSOAuthenticationErrorUnknownEmail',
  SSOAuthenticationErrorUserSoftDeleted: 'SSOAuthenticationErrorUserSoftDeleted',
  SSOAuthenticationErrorUnknown: 'SSOAuthenticationErrorUnknown',
  // employee CSV
  EmailIsDuplicated: 'EmailIsDuplicated',
  EmailInUse: 'EmailInUse',
  FileHeadersNotValid: 'FileHeadersNotValid',
  UnknownError: 'UnknownError',
  // asset CSV
  AccountWithEmailDoesNotExist: 'AccountWithEmailDoesNotExist',
  AccountWithNameDoesNotExist: 'AccountWithNameDoesNotExist',
  FileHeadersInvalid: 'FileHeadersInvalid',
  FileHeadersMissing: 'FileHeadersMissing',
  FailedToCreateError: 'FailedToCreateError',
  // workspaces
  GroupKind: 'GroupKind',
  GroupSetting_DynamicMembership: 'GroupSetting_DynamicMembership',
} as const;
export type ErrorType = (typeof ErrorType)[keyof typeof ErrorType];

/** Fixed user-facing messages named by the spec (SPEC §5, §8). */
export const Messages = {
  passwordRequired: 'Password is required',
  failedToEncryptPassword: 'Failed to encrypt password',
  required: 'Required',
  codeRequiredForReset: 'code is required if any device has triggerReset: true',
  requestTimeout: (ms: number) => `Request timeout after ${ms} milliseconds`,
} as const;

/** True when a value is shaped like the spec's error payload (used by the clients to unwrap bodies). */
export function isApiErrorPayload(value: unknown): value is ApiErrorPayload {
  return ApiErrorPayload.safeParse(value).success;
}
