import type { UpdateOrganizationSetup } from '@equip/domain/device-registration';
import type { OrganizationSetup } from '@equip/domain/identity';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { platformApi } from '@/lib/api/clients';
import { ORGANIZATION_SETUP_PATH, organizationSetupQueryKey } from './get-organization-setup';

/** `PATCH /api/organization/setup`: skip a platform's registration, or start a test device's. */
export function updateOrganizationSetup(change: UpdateOrganizationSetup): Promise<OrganizationSetup> {
  return platformApi.patch<OrganizationSetup>(ORGANIZATION_SETUP_PATH, change);
}

export function useUpdateOrganizationSetup() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateOrganizationSetup,
    onSuccess: (setup) => queryClient.setQueryData(organizationSetupQueryKey, setup),
  });
}
