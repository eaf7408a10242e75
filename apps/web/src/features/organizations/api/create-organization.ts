import type { AdminOrganization, CreateOrganizationRequest } from '@equip/domain/organizations';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { platformApi } from '@/lib/api/clients';
import { ORGANIZATIONS_PATH, organizationsQueryKey, switcherQueryKey } from './get-organizations';

/**
 * Creates an organisation with its first IT owner, whom the server mails a link to set their password.
 * An email in use anywhere answers 409 `EmailIsUsed` at `owner.email`.
 */
export function createOrganization(input: CreateOrganizationRequest): Promise<AdminOrganization> {
  return platformApi.post<AdminOrganization>(ORGANIZATIONS_PATH, input);
}

export function useCreateOrganization() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createOrganization,
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: organizationsQueryKey });
      await queryClient.invalidateQueries({ queryKey: switcherQueryKey });
    },
  });
}
