import { useMutation } from '@tanstack/react-query';
import { platformApi } from '@/lib/api/clients';

export interface AuthenticatorSetup {
  secret: string;
  otpauthUrl: string;
  /** A PNG of the otpauth URL as a data: URL. */
  qrCodeDataUrl: string;
}

export const AUTHENTICATOR_SETUP_PATH = '/user/shared/auth/mfa/authenticator/setup';

/** Starts enrolment: a new secret, active only once a code from the app confirms it. */
export function setupAuthenticator(): Promise<AuthenticatorSetup> {
  return platformApi.post<AuthenticatorSetup>(AUTHENTICATOR_SETUP_PATH);
}

export function useSetupAuthenticator() {
  return useMutation({ mutationFn: setupAuthenticator });
}
