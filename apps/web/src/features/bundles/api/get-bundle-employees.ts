import type { BundleEmployeePage } from '@equip/domain/bundles';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { bundleApi } from '@/lib/api/clients';
import type { ListPageParams } from '@/lib/list-state/list-page';
import { bundleKeys } from './query-keys';

export const BUNDLE_EMPLOYEES_PAGE_SIZE = 50;

/** `GET /bundle-api/bundles/:uuid/employees`: a page of the bundle's people. */
export function getBundleEmployees(
  uuid: string,
  params: ListPageParams,
  signal?: AbortSignal,
): Promise<BundleEmployeePage> {
  return bundleApi.get<BundleEmployeePage>(`/bundles/${encodeURIComponent(uuid)}/employees`, {
    query: { ...params.filter, skip: params.skip, take: params.take },
    signal,
  });
}

export const getBundleEmployeesQueryOptions = (uuid: string) => (params: ListPageParams) =>
  queryOptions({
    queryKey: bundleKeys.employees(uuid, params),
    queryFn: ({ signal }) => getBundleEmployees(uuid, params, signal),
    placeholderData: keepPreviousData,
  });
