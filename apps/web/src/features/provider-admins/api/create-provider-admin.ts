import { CreateProviderAdminRequest, type ProviderAdmin } from '@equip/domain/provider-admins';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { platformApi } from '@/lib/api/clients';
import { PROVIDER_ADMINS_PATH, providerAdminsQueryKey } from './get-provider-admins';

/** The form and the request share the API's schema (email, first and last name). */
export const createProviderAdminInputSchema = CreateProviderAdminRequest;
export type CreateProviderAdminInput = CreateProviderAdminRequest;

/**
 * Adds a provider admin; the server mails them a link to set their password. A taken email answers
 * 409 `EmailIsUsed` at `email`.
 */
export function createProviderAdmin(input: CreateProviderAdminInput): Promise<ProviderAdmin> {
  return platformApi.post<ProviderAdmin>(PROVIDER_ADMINS_PATH, input);
}

export function useCreateProviderAdmin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createProviderAdmin,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: providerAdminsQueryKey }),
  });
}
