import { z } from 'zod';
import { IsoDateTime, Uuid } from './common.ts';
import { EMAIL_MAX_LENGTH, EMPLOYEE_STATUSES, ROLES, USER_SOURCES, USER_TYPES } from './identity-rules.ts';
import { Locale } from './locale.ts';

export const UserType = z.enum(USER_TYPES);
export type UserType = z.infer<typeof UserType>;
export const Role = z.enum(ROLES);
export type Role = z.infer<typeof Role>;
export const UserSource = z.enum(USER_SOURCES);
export type UserSource = z.infer<typeof UserSource>;
export const EmployeeStatus = z.enum(EMPLOYEE_STATUSES);
export type EmployeeStatus = z.infer<typeof EmployeeStatus>;
export const MfaMethod = z.enum(['sms-code', 'email-code', 'authenticator']);
export type MfaMethod = z.infer<typeof MfaMethod>;
export const OrganizationOnboardingStep = z.enum(['registerDevices', 'createBundle', 'finished']);
export type OrganizationOnboardingStep = z.infer<typeof OrganizationOnboardingStep>;

export const Email = z.email().max(EMAIL_MAX_LENGTH);
/** Minimum 8 characters; at least 64 allowed (NIST 800-63B). */
export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 256;
export const Password = z.string().min(PASSWORD_MIN_LENGTH).max(PASSWORD_MAX_LENGTH);

/** The token's identity: identifier plus the organisation it treats (SPEC §3). */
export const UserIdentity = z.object({
  identifier: Uuid,
  treats: z.object({ organization_uuid: Uuid }),
});
export type UserIdentity = z.infer<typeof UserIdentity>;

export const CurrentUser = UserIdentity.extend({
  accountUuid: Uuid,
  organizationUuid: Uuid,
  role: Role,
  email: Email,
  firstName: z.string(),
  lastName: z.string(),
  organizationName: z.string(),
  organizationIcon: z.string().nullable(),
  mfaMethods: z.array(MfaMethod),
  /** The language the person chose; null follows the browser. */
  locale: Locale.nullable(),
  /** The organisation's time zone: dates and times are shown in it. */
  timeZone: z.string(),
});
export type CurrentUser = z.infer<typeof CurrentUser>;

export const AuthTokens = z.object({ accessToken: z.string(), refreshToken: z.string() });
export type AuthTokens = z.infer<typeof AuthTokens>;

export const LoginFormState = z.object({
  email: z.string(),
  password: z.string(),
  showMfaForm: z.boolean(),
  tokenExpireTimestamp: z.number().nullable(),
});
export type LoginFormState = z.infer<typeof LoginFormState>;

/** The browser never sends a plain password: it sends it RSA-OAEP-256 encrypted (standard base64). */
export const EncryptedPassword = z.string().min(1, 'Password is required');

export const LoginRequest = z.object({ email: Email, encryptedPassword: EncryptedPassword });
export type LoginRequest = z.infer<typeof LoginRequest>;

export const MfaRequiredResponse = z.object({ mfaMethod: MfaMethod, mfaToken: z.string() });
export const LoggedInResponse = AuthTokens.extend({ onboardingStep: OrganizationOnboardingStep });
export type LoggedInResponse = z.infer<typeof LoggedInResponse>;
/** Either MFA is required (a method is present) or the user is logged in (an onboarding step is present). */
export const LoginResponse = z.union([MfaRequiredResponse, LoggedInResponse]);
export type LoginResponse = z.infer<typeof LoginResponse>;

export const MfaLoginRequest = z.object({
  mfaToken: z.string().min(1),
  code: z.string().min(1).max(64),
  method: MfaMethod.optional(),
});
export type MfaLoginRequest = z.infer<typeof MfaLoginRequest>;
export const OtpGenerateRequest = z.object({ mfaToken: z.string().min(1), method: MfaMethod.optional() });
export type OtpGenerateRequest = z.infer<typeof OtpGenerateRequest>;
export const SetPasswordRequest = z.object({
  encryptedPassword: EncryptedPassword,
  invitationToken: z.string().min(1),
});
export type SetPasswordRequest = z.infer<typeof SetPasswordRequest>;
export const RequestPasswordResetRequest = z.object({ email: Email });
export type RequestPasswordResetRequest = z.infer<typeof RequestPasswordResetRequest>;
export const ResetPasswordRequest = z.object({
  token: z.string().min(1),
  encryptedPassword: z.string({ error: 'Password is required' }).min(1, 'Password is required'),
});
export type ResetPasswordRequest = z.infer<typeof ResetPasswordRequest>;
export const RefreshRequest = z.object({ refreshToken: z.string({ error: 'Required' }).min(1, 'Required') });
export type RefreshRequest = z.infer<typeof RefreshRequest>;
export const RefreshResponse = z.object({ accessToken: z.string(), refreshToken: z.string().optional() });
export type RefreshResponse = z.infer<typeof RefreshResponse>;
export const SsoStartRequest = z.object({ email: Email, redirect: z.string().optional() });
export type SsoStartRequest = z.infer<typeof SsoStartRequest>;
/**
 * Where single sign-on continues, or `null` when this email does not sign in with it: the same answer
 * for unknown emails as for accounts without single sign-on, so it tells a stranger nothing.
 */
export const SsoStartResponse = z.object({ authorizationUrl: z.url().nullable() });
export type SsoStartResponse = z.infer<typeof SsoStartResponse>;

export const LogoutRequest = z.object({ refreshToken: z.string().optional() });
export type LogoutRequest = z.infer<typeof LogoutRequest>;

/** What the identity provider sends back to the redirect URI (OpenID Connect, RFC 6749 §4.1.2). */
/** Equip's authorize step: the state `sso/start` put in its URL. */
export const SsoAuthorizeQuery = z.object({ state: z.string().min(1).max(200) });
export type SsoAuthorizeQuery = z.infer<typeof SsoAuthorizeQuery>;

export const SsoCallbackQuery = z
  .object({
    code: z.string().optional(),
    state: z.string().optional(),
    iss: z.string().optional(),
    error: z.string().optional(),
    error_description: z.string().optional(),
  })
  .loose();

/**
 * Proof that the person at the keyboard owns the account, for changes a borrowed access token must not
 * make (second factor off or new): the password, encrypted as at login, or a current authenticator or
 * recovery code.
 */
export const Reauthentication = z.object({
  encryptedPassword: z.string().min(1).optional(),
  code: z.string().min(1).max(64).optional(),
});
export type Reauthentication = z.infer<typeof Reauthentication>;
export const SetMfaMethodRequest = Reauthentication.extend({ method: MfaMethod.nullable() });

export const VerifyEmailRequest = z.object({ code: z.string().min(1) });
export type VerifyEmailRequest = z.infer<typeof VerifyEmailRequest>;
/** A new authenticator secret, as text, otpauth URL and QR code (PNG data URL). */
export const AuthenticatorSetup = z.object({
  secret: z.string(),
  otpauthUrl: z.string(),
  qrCodeDataUrl: z.string(),
});
export type AuthenticatorSetup = z.infer<typeof AuthenticatorSetup>;
export const ConfirmAuthenticatorRequest = z.object({ code: z.string().min(6).max(6) });
export type ConfirmAuthenticatorRequest = z.infer<typeof ConfirmAuthenticatorRequest>;
export const RecoveryCodes = z.object({ recoveryCodes: z.array(z.string()) });
export type RecoveryCodes = z.infer<typeof RecoveryCodes>;
/** A provider admin acts for another organisation; the previous session's refresh token ends it. */
export const ActAsRequest = z.object({ organizationUuid: Uuid, refreshToken: z.string().optional() });
export type ActAsRequest = z.infer<typeof ActAsRequest>;
export const InviteRequest = z.object({ userUuid: Uuid });
export type InviteRequest = z.infer<typeof InviteRequest>;
export type SetMfaMethodRequest = z.infer<typeof SetMfaMethodRequest>;

/** Public key the browser encrypts passwords with (RSA-OAEP-256 JWK). */
export const PasswordPublicKey = z.object({
  kty: z.literal('RSA'),
  n: z.string(),
  e: z.string(),
  alg: z.literal('RSA-OAEP-256'),
  kid: z.string(),
  use: z.literal('enc'),
});
export type PasswordPublicKey = z.infer<typeof PasswordPublicKey>;

export const Organization = z.object({
  uuid: Uuid,
  name: z.string().min(1).max(200),
  icon: z.string().nullable(),
  createdAt: IsoDateTime,
});
export type Organization = z.infer<typeof Organization>;

/** Organisation setup progress (SPEC §3 "Organization setup"). */
export const OrganizationSetup = z.object({
  startedAt: IsoDateTime.nullable(),
  windowsRegistrationSkipped: z.boolean(),
  macRegistrationSkipped: z.boolean(),
  iosRegistrationSkipped: z.boolean(),
  testDeviceRegistrationStartedAt: IsoDateTime.nullable(),
  setupCompletedAt: IsoDateTime.nullable(),
});
export type OrganizationSetup = z.infer<typeof OrganizationSetup>;
