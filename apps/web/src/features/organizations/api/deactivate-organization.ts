import type { AdminOrganization } from '@equip/domain/organizations';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { platformApi } from '@/lib/api/clients';
import { ORGANIZATIONS_PATH, organizationsQueryKey } from './get-organizations';

/**
 * Deactivates an organisation (its people's sessions end and they cannot sign in) or, with `false`,
 * reactivates it. The server answers 409 when it already is what was asked.
 */
export function setOrganizationActive(input: { uuid: string; active: boolean }): Promise<AdminOrganization> {
  const action = input.active ? 'reactivate' : 'deactivate';
  return platformApi.post<AdminOrganization>(
    `${ORGANIZATIONS_PATH}/${encodeURIComponent(input.uuid)}/${action}`,
  );
}

export function useSetOrganizationActive() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setOrganizationActive,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: organizationsQueryKey }),
  });
}
