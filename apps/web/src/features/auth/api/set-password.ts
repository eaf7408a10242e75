import { platformApi } from '@/lib/api/clients';
import { encryptWithServerKey } from './encrypt-password';
import type { LoggedIn } from './mfa-login';

export const SET_PASSWORD_PATH = '/user/owner/auth/unprotected/set-password';

/** Accepts an invitation: sets the password and signs the person in. */
export async function setPassword(input: { invitationToken: string; password: string }): Promise<LoggedIn> {
  const encryptedPassword = await encryptWithServerKey(input.password);
  return platformApi.post<LoggedIn>(SET_PASSWORD_PATH, {
    invitationToken: input.invitationToken,
    encryptedPassword,
  });
}
