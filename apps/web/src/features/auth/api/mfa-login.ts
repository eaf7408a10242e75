import type { LoggedInResponse, MfaLoginRequest } from '@equip/domain/identity';
import { platformApi } from '@/lib/api/clients';

export const MFA_LOGIN_PATH = '/user/shared/auth/mfa/login';

/** Completes a sign-in with the second factor (a 6-digit code, or a recovery code for authenticator users). */
export function mfaLogin(input: MfaLoginRequest): Promise<LoggedInResponse> {
  return platformApi.post<LoggedInResponse>(MFA_LOGIN_PATH, {
    mfaToken: input.mfaToken,
    code: input.code.trim(),
  } satisfies MfaLoginRequest);
}
