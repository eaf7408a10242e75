import { useMutation, useQueryClient } from '@tanstack/react-query';
import { platformApi } from '@/lib/api/clients';
import { PROVIDER_ADMINS_PATH, providerAdminsQueryKey } from './get-provider-admins';

/**
 * Disables a provider admin: they can no longer sign in and their sessions end. The server refuses
 * (409) yourself and the last provider admin.
 */
export function disableProviderAdmin(uuid: string): Promise<void> {
  return platformApi.delete<void>(`${PROVIDER_ADMINS_PATH}/${encodeURIComponent(uuid)}`);
}

export function useDisableProviderAdmin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: disableProviderAdmin,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: providerAdminsQueryKey }),
  });
}
