import type { ResetPasswordRequest } from '@equip/domain/identity';
import { platformApi } from '@/lib/api/clients';
import { encryptWithServerKey } from '@/lib/api/encrypt-password';

export const RESET_PASSWORD_PATH = '/user/shared/auth/unprotected/reset-password';

/** Sets a new password with the token from the reset link. */
export async function resetPassword(input: { token: string; password: string }): Promise<void> {
  const encryptedPassword = await encryptWithServerKey(input.password);
  await platformApi.post<void>(RESET_PASSWORD_PATH, {
    token: input.token,
    encryptedPassword,
  } satisfies ResetPasswordRequest);
}
