import { MfaMethod } from '@equip/domain/identity';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { platformApi } from '@/lib/api/clients';
import { currentUserQueryKey } from '@/lib/session';

export const MFA_METHOD_PATH = '/user/shared/auth/mfa/method';

/** The second factor to use; null turns it off. Anything but the authenticator removes the app. */
export const SetMfaMethodInput = z.object({ method: MfaMethod.nullable() });
export type SetMfaMethodInput = z.infer<typeof SetMfaMethodInput>;

export function setMfaMethod(input: SetMfaMethodInput): Promise<void> {
  return platformApi.put<void>(MFA_METHOD_PATH, input);
}

export function useSetMfaMethod() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setMfaMethod,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: currentUserQueryKey }),
  });
}
