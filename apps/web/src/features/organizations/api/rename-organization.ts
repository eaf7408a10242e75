import type { AdminOrganization, RenameOrganizationRequest } from '@equip/domain/organizations';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { platformApi } from '@/lib/api/clients';
import { ORGANIZATIONS_PATH, organizationsQueryKey, switcherQueryKey } from './get-organizations';

export function renameOrganization(input: { uuid: string; name: string }): Promise<AdminOrganization> {
  return platformApi.patch<AdminOrganization>(`${ORGANIZATIONS_PATH}/${encodeURIComponent(input.uuid)}`, {
    name: input.name,
  } satisfies RenameOrganizationRequest);
}

export function useRenameOrganization() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: renameOrganization,
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: organizationsQueryKey });
      await queryClient.invalidateQueries({ queryKey: switcherQueryKey });
    },
  });
}
