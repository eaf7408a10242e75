import type { OtpGenerateRequest } from '@equip/domain/identity';
import { platformApi } from '@/lib/api/clients';

export const GENERATE_OTP_PATH = '/user/shared/auth/unprotected/otp/generate';

/** Sends the emailed or texted sign-in code again. */
export function generateOtp(mfaToken: string): Promise<void> {
  return platformApi.post<void>(GENERATE_OTP_PATH, { mfaToken } satisfies OtpGenerateRequest);
}
