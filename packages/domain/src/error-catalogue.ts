/**
 * The error catalogue (SPEC §8) and the spec's fixed messages, kept free of zod so that the browser's
 * sign-in page, which names some of them, loads none (issue 9). `errors.ts` re-exports them.
 *
 * `errorType` carries one of these names; `errorCode` the HTTP status. Generic types (NotFound,
 * Forbidden, …) cover what the spec leaves unnamed.
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
  ReauthenticationRequired: 'ReauthenticationRequired',
  EmailIsUsed: 'EmailIsUsed',
  PasswordIsRequired: 'PasswordIsRequired',
  FailedToEncryptPassword: 'FailedToEncryptPassword',
  SSOAuthenticationErrorUnknownEmail: 'SSOAuthenticationErrorUnknownEmail',
  SSOAuthenticationErrorUserSoftDeleted: 'SSOAuthenticationErrorUserSoftDeleted',
  SSOAuthenticationErrorUnknown: 'SSOAuthenticationErrorUnknown',
  /** The person's organisation was deactivated by a provider admin: nobody of it signs in. */
  OrganizationDeactivated: 'OrganizationDeactivated',
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
  // MDM connections (decision 015): the server refused or could not be tested; no client for it yet
  MdmConnectionFailed: 'MdmConnectionFailed',
  MdmProviderUnsupported: 'MdmProviderUnsupported',
  // HR integrations (decision 029): the HR system refused or could not be tested; no client for it
  IntegrationFailed: 'IntegrationFailed',
  HrProviderUnsupported: 'HrProviderUnsupported',
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
