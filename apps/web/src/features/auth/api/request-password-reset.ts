import type { RequestPasswordResetRequest } from '@equip/domain/identity';
import { platformApi } from '@/lib/api/clients';

export const REQUEST_PASSWORD_RESET_PATH = '/user/shared/auth/unprotected/request-password-reset';

/** Mails a reset link; answers the same whether or not the email is known. */
export function requestPasswordReset(email: string): Promise<void> {
  return platformApi.post<void>(REQUEST_PASSWORD_RESET_PATH, { email } satisfies RequestPasswordResetRequest);
}
