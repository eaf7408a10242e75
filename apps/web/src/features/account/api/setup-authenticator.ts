import type { AuthenticatorSetup, Reauthentication } from '@equip/domain/identity';
import { useMutation } from '@tanstack/react-query';
import { platformApi } from '@/lib/api/clients';
import { type IdentityProof, withProof } from './reauthentication';

export const AUTHENTICATOR_SETUP_PATH = '/user/shared/auth/mfa/authenticator/setup';

/**
 * Starts enrolment: a new secret, active only once a code from the app confirms it. Needs the password
 * or a current code (403 `ReauthenticationRequired` otherwise).
 */
export function setupAuthenticator(proof: Reauthentication): Promise<AuthenticatorSetup> {
  return platformApi.post<AuthenticatorSetup>(AUTHENTICATOR_SETUP_PATH, proof);
}

export function useSetupAuthenticator() {
  return useMutation({
    mutationFn: (proof: IdentityProof) => withProof(proof, setupAuthenticator),
  });
}
