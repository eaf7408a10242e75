import type { LogoutRequest } from '@equip/domain/identity';
import { platformApi } from '@/lib/api/clients';

export const LOGOUT_PATH = '/user/shared/auth/logout';

export interface SessionTokens {
  accessToken?: string | undefined;
  refreshToken?: string | undefined;
}

/**
 * Ends the session on the server: the refresh token's session family (sent in the body, as before)
 * and the access token's session (sent as the bearer), so neither works on afterwards. Without a
 * refresh token the request has no body at all. The tokens are passed in because the browser has
 * already forgotten them.
 */
export function logout({ accessToken, refreshToken }: SessionTokens): Promise<void> {
  return platformApi.post<void>(
    LOGOUT_PATH,
    refreshToken ? ({ refreshToken } satisfies LogoutRequest) : undefined,
    {
      ...(accessToken ? { headers: { Authorization: `Bearer ${accessToken}` } } : {}),
    },
  );
}
