import { platformApi } from '@/lib/api/clients';

export const SSO_START_PATH = '/user/shared/auth/unprotected/sso/start';

/** Starts single sign-on; the browser then goes to the identity provider. */
export function startSso(input: { email: string; redirect?: string }): Promise<{ authorizationUrl: string }> {
  return platformApi.post<{ authorizationUrl: string }>(SSO_START_PATH, input);
}
