import type { AdminOrganizationPage } from '@equip/domain/organizations';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { platformApi } from '@/lib/api/clients';
import type { ListPageParams } from '@/lib/list-state/list-page';
import { retryUnlessClientError } from '@/lib/session';

export const ORGANIZATIONS_PATH = '/admin/organizations';
/** Invalidating it refreshes every page of the list. */
export const organizationsQueryKey = ['admin', 'organizations'] as const;
/** The organisation switcher's list of organisations to act for (app/layout): refreshed with this one. */
export const switcherQueryKey = ['organizations'] as const;
export const ORGANIZATIONS_PAGE_SIZE = 25;

/** One page of the installation's organisations, with their people and devices, as the server filters and sorts it. */
export function getOrganizations(
  params: ListPageParams,
  signal?: AbortSignal,
): Promise<AdminOrganizationPage> {
  return platformApi.get<AdminOrganizationPage>(ORGANIZATIONS_PATH, {
    query: { ...params.filter, skip: params.skip, take: params.take },
    signal,
  });
}

export const getOrganizationsQueryOptions = (params: ListPageParams) =>
  queryOptions({
    queryKey: [...organizationsQueryKey, 'list', params],
    queryFn: ({ signal }) => getOrganizations(params, signal),
    retry: (failures, error: Error) => retryUnlessClientError(failures, error),
    // While the next page or filter loads, the table keeps showing the previous rows.
    placeholderData: keepPreviousData,
  });
