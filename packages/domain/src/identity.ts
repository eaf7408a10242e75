import { z } from 'zod';
import { IsoDateTime, Uuid } from './common.ts';

export const UserType = z.enum(['regularUser', 'lightUser', 'unmanagedUser']);
export type UserType = z.infer<typeof UserType>;
export const Role = z.enum(['regular', 'equip-admin', 'it-owner']);
export type Role = z.infer<typeof Role>;
export const UserSource = z.enum(['hris', 'equip']);
export type UserSource = z.infer<typeof UserSource>;
export const EmployeeStatus = z.enum(['ACTIVE', 'INACTIVE', 'OFFBOARDING', 'ONBOARDING', 'LEAVE']);
export type EmployeeStatus = z.infer<typeof EmployeeStatus>;
export const MfaMethod = z.enum(['sms-code', 'email-code', 'authenticator']);
export type MfaMethod = z.infer<typeof MfaMethod>;
export const OrganizationOnboardingStep = z.enum(['registerDevices', 'createBundle', 'finished']);
export type OrganizationOnboardingStep = z.infer<typeof OrganizationOnboardingStep>;

export const Email = z.email().max(254);
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
});
export type CurrentUser = z.infer<typeof CurrentUser>;

export const AuthTokens = z.object({ accessToken: z.string(), refreshToken: z.string() });
export type AuthTokens = z.infer<typeof AuthTokens>;

/** Cookie names holding the tokens; both expire after about one year (SPEC §9). */
export const ACCESS_TOKEN_COOKIE = 'equip_access_token';
export const REFRESH_TOKEN_COOKIE = 'equip_refresh_token';
export const AUTH_COOKIE_MAX_AGE_MS = 31536e6;

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
/** Either MFA is required (a method is present) or the user is logged in (an onboarding step is present). */
export const LoginResponse = z.union([MfaRequiredResponse, LoggedInResponse]);
export type LoginResponse = z.infer<typeof LoginResponse>;
export function isMfaRequired(r: LoginResponse): r is z.infer<typeof MfaRequiredResponse> {
  return 'mfaMethod' in r;
}

export const MfaLoginRequest = z.object({
  mfaToken: z.string().min(1),
  code: z.string().min(1).max(64),
  method: MfaMethod.optional(),
});
export const OtpGenerateRequest = z.object({ mfaToken: z.string().min(1), method: MfaMethod.optional() });
export const SetPasswordRequest = z.object({
  encryptedPassword: EncryptedPassword,
  invitationToken: z.string().min(1),
});
export const RequestPasswordResetRequest = z.object({ email: Email });
export const ResetPasswordRequest = z.object({
  token: z.string().min(1),
  encryptedPassword: z.string({ error: 'Password is required' }).min(1, 'Password is required'),
});
export const RefreshRequest = z.object({ refreshToken: z.string({ error: 'Required' }).min(1, 'Required') });
export const RefreshResponse = z.object({ accessToken: z.string(), refreshToken: z.string().optional() });
export type RefreshResponse = z.infer<typeof RefreshResponse>;
export const SsoStartRequest = z.object({ email: Email, redirect: z.string().optional() });

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
