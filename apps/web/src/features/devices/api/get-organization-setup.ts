import type { OrganizationSetup } from '@equip/domain/identity';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { platformApi } from '@/lib/api/clients';
import { retryUnlessClientError } from '@/lib/session';

export const ORGANIZATION_SETUP_PATH = '/organization/setup';
export const organizationSetupQueryKey = ['organization', 'setup'] as const;

/** The organisation's setup progress: registration skipped per platform, the test device's start. */
export function getOrganizationSetup(signal?: AbortSignal): Promise<OrganizationSetup> {
  return platformApi.get<OrganizationSetup>(ORGANIZATION_SETUP_PATH, { signal });
}

export function organizationSetupQueryOptions() {
  return queryOptions({
    queryKey: organizationSetupQueryKey,
    queryFn: ({ signal }) => getOrganizationSetup(signal),
    retry: retryUnlessClientError,
  });
}

export function useOrganizationSetup() {
  return useQuery(organizationSetupQueryOptions());
}
