import type { ProviderAdmin, ProviderAdminList } from '@equip/domain/provider-admins';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { platformApi } from '@/lib/api/clients';
import { retryUnlessClientError } from '@/lib/session';

export const PROVIDER_ADMINS_PATH = '/admin/provider-admins';
export const providerAdminsQueryKey = ['admin', 'provider-admins'] as const;

/** The installation's provider admins (role equip-admin), as the server sorts them (by name). */
export async function getProviderAdmins(signal?: AbortSignal): Promise<ProviderAdmin[]> {
  const { items } = await platformApi.get<ProviderAdminList>(PROVIDER_ADMINS_PATH, { signal });
  return items;
}

export function providerAdminsQueryOptions() {
  return queryOptions({
    queryKey: providerAdminsQueryKey,
    queryFn: ({ signal }) => getProviderAdmins(signal),
    retry: retryUnlessClientError,
  });
}

export function useProviderAdmins() {
  return useQuery(providerAdminsQueryOptions());
}
