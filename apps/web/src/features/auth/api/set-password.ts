import type { LoggedInResponse, SetPasswordRequest } from '@equip/domain/identity';
import { platformApi } from '@/lib/api/clients';
import { encryptWithServerKey } from '@/lib/api/encrypt-password';

export const SET_PASSWORD_PATH = '/user/owner/auth/unprotected/set-password';

/** Accepts an invitation: sets the password and signs the person in. */
export async function setPassword(input: {
  invitationToken: string;
  password: string;
}): Promise<LoggedInResponse> {
  const encryptedPassword = await encryptWithServerKey(input.password);
  return platformApi.post<LoggedInResponse>(SET_PASSWORD_PATH, {
    invitationToken: input.invitationToken,
    encryptedPassword,
  } satisfies SetPasswordRequest);
}
