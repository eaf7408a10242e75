import type { SsoStartRequest, SsoStartResponse } from '@equip/domain/identity';
import { platformApi } from '@/lib/api/clients';

export const SSO_START_PATH = '/user/shared/auth/unprotected/sso/start';

/**
 * Starts single sign-on. Answers where the browser goes next, or `authorizationUrl: null` when this
 * email does not sign in with single sign-on (the same for an unknown email): then the password is asked.
 */
export function startSso(input: SsoStartRequest): Promise<SsoStartResponse> {
  return platformApi.post<SsoStartResponse>(SSO_START_PATH, input);
}
