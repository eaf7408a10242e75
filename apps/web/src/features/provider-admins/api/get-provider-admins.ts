import type { ProviderAdminPage } from '@equip/domain/provider-admins';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { platformApi } from '@/lib/api/clients';
import type { ListPageParams } from '@/lib/list-state/list-page';
import { retryUnlessClientError } from '@/lib/session';

export const PROVIDER_ADMINS_PATH = '/admin/provider-admins';
/** Invalidating it refreshes every page of the list. */
export const providerAdminsQueryKey = ['admin', 'provider-admins'] as const;
export const PROVIDER_ADMINS_PAGE_SIZE = 25;

/** One page of the installation's provider admins (role equip-admin), as the server filters and sorts it. */
export function getProviderAdmins(params: ListPageParams, signal?: AbortSignal): Promise<ProviderAdminPage> {
  return platformApi.get<ProviderAdminPage>(PROVIDER_ADMINS_PATH, {
    query: { ...params.filter, skip: params.skip, take: params.take },
    signal,
  });
}

export const getProviderAdminsQueryOptions = (params: ListPageParams) =>
  queryOptions({
    queryKey: [...providerAdminsQueryKey, 'list', params],
    queryFn: ({ signal }) => getProviderAdmins(params, signal),
    retry: (failures, error: Error) => retryUnlessClientError(failures, error),
    // While the next page or filter loads, the table keeps showing the previous rows.
    placeholderData: keepPreviousData,
  });
