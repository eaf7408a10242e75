import type { LoginRequest, LoginResponse } from '@equip/domain/identity';
import { platformApi } from '@/lib/api/clients';
import { sendEncryptedPassword } from '@/lib/api/encrypt-password';

export const LOGIN_PATH = '/user/shared/auth/unprotected/login';

/** Signs in with email and password (sent encrypted). Answers MFA-required or the tokens. */
export function login(input: { email: string; password: string }): Promise<LoginResponse> {
  return sendEncryptedPassword(input.password, (encryptedPassword) =>
    platformApi.post<LoginResponse>(LOGIN_PATH, {
      email: input.email,
      encryptedPassword,
    } satisfies LoginRequest),
  );
}
