import { platformApi } from '@/lib/api/clients';

export const SEND_VERIFICATION_PATH = '/user/shared/auth/send-verification';

/** Mails the signed-in person a new link that confirms their email address. */
export function sendVerification(): Promise<void> {
  return platformApi.post<void>(SEND_VERIFICATION_PATH);
}
