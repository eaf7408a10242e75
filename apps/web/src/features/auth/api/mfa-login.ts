import type { AuthTokens, OrganizationOnboardingStep } from '@equip/domain/identity';
import { platformApi } from '@/lib/api/clients';

export const MFA_LOGIN_PATH = '/user/shared/auth/mfa/login';

export type LoggedIn = AuthTokens & { onboardingStep: OrganizationOnboardingStep };

/** Completes a sign-in with the second factor (a 6-digit code, or a recovery code for authenticator users). */
export function mfaLogin(input: { mfaToken: string; code: string }): Promise<LoggedIn> {
  return platformApi.post<LoggedIn>(MFA_LOGIN_PATH, { mfaToken: input.mfaToken, code: input.code.trim() });
}
