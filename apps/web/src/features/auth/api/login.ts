import { ErrorType } from '@equip/domain/errors';
import type { LoginResponse } from '@equip/domain/identity';
import { platformApi } from '@/lib/api/clients';
import { ApiError } from '@/lib/api/errors';
import { encryptWithServerKey, forgetPasswordPublicKey } from './encrypt-password';

export const LOGIN_PATH = '/user/shared/auth/unprotected/login';

/** Signs in with email and password (sent encrypted). Answers MFA-required or the tokens. */
export async function login(input: { email: string; password: string }): Promise<LoginResponse> {
  const encryptedPassword = await encryptWithServerKey(input.password);
  try {
    return await platformApi.post<LoginResponse>(LOGIN_PATH, { email: input.email, encryptedPassword });
  } catch (error) {
    if (error instanceof ApiError && error.errorType === ErrorType.FailedToEncryptPassword) {
      forgetPasswordPublicKey();
    }
    throw error;
  }
}
