import { platformApi } from '@/lib/api/clients';

export const LOGOUT_PATH = '/user/shared/auth/logout';

/** Revokes the session family of the refresh token on the server. */
export function logout(refreshToken: string | undefined): Promise<void> {
  return platformApi.post<void>(LOGOUT_PATH, refreshToken ? { refreshToken } : {});
}
