import type { MfaMethod, SetMfaMethodRequest } from '@equip/domain/identity';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { platformApi } from '@/lib/api/clients';
import { currentUserQueryKey } from '@/lib/session';
import { type IdentityProof, withProof } from './reauthentication';

export const MFA_METHOD_PATH = '/user/shared/auth/mfa/method';

/**
 * The second factor to use; null turns it off. Anything but the authenticator removes the app. Needs
 * the password or a current code (403 `ReauthenticationRequired` otherwise).
 */
export function setMfaMethod(input: SetMfaMethodRequest): Promise<void> {
  return platformApi.put<void>(MFA_METHOD_PATH, input);
}

export interface ChangeMfaMethodInput {
  method: MfaMethod | null;
  proof: IdentityProof;
}

export function useSetMfaMethod() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ method, proof }: ChangeMfaMethodInput) =>
      withProof(proof, (reauthentication) => setMfaMethod({ method, ...reauthentication })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: currentUserQueryKey }),
  });
}
