import { ConfirmAuthenticatorRequest, type RecoveryCodes } from '@equip/domain/identity';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { platformApi } from '@/lib/api/clients';
import { currentUserQueryKey } from '@/lib/session';

export const AUTHENTICATOR_CONFIRM_PATH = '/user/shared/auth/mfa/authenticator/confirm';

/** The request's schema, with the form's wording: six digits, spaces around them ignored. */
export const ConfirmAuthenticatorInput = ConfirmAuthenticatorRequest.extend({
  code: z
    .string()
    .trim()
    .regex(/^\d{6}$/, 'Enter the 6-digit code from the app'),
});
export type ConfirmAuthenticatorInput = z.infer<typeof ConfirmAuthenticatorInput>;

/** Confirms the app with a code; answers the ten recovery codes (shown once). */
export function confirmAuthenticator(input: ConfirmAuthenticatorInput): Promise<RecoveryCodes> {
  return platformApi.post<RecoveryCodes>(AUTHENTICATOR_CONFIRM_PATH, {
    code: input.code.trim(),
  } satisfies ConfirmAuthenticatorRequest);
}

export function useConfirmAuthenticator() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: confirmAuthenticator,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: currentUserQueryKey }),
  });
}
