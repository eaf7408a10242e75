import type { EmployeePage, EmployeeTableView } from '@equip/domain/employees';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { QueryValue } from '@/lib/api/api-client';
import { platformApi } from '@/lib/api/clients';
import type { EmployeeSorting, FiltersByView } from '../employees-table-slice';
import { employeeKeys } from './query-keys';

export const EMPLOYEES_PAGE_SIZE = 50;

/** The filters of `GET /api/employees` (view, the view's filters, sorting), without paging. */
export type EmployeeFilterQuery = Record<string, QueryValue>;

export interface EmployeeListParams {
  filter: EmployeeFilterQuery;
  skip: number;
  take: number;
}

/** The list query of a view's state: empty filters are left out, booleans only when on. */
export function toFilterQuery<V extends EmployeeTableView>(
  view: V,
  filters: FiltersByView[V],
  sorting: EmployeeSorting,
): EmployeeFilterQuery {
  const query: EmployeeFilterQuery = { view };
  const text = filters.textSearchQuery.trim();
  if (text) query.textSearchQuery = text;
  if ('userType' in filters) {
    if (filters.userType.length) query.userType = filters.userType;
    if (filters.employeeStatus.length) query.employeeStatus = filters.employeeStatus;
    if (filters.userSources.length) query.userSources = filters.userSources;
    if (filters.onlyWithoutAssignedBundle) query.onlyWithoutAssignedBundle = 'true';
    if (filters.withInactiveUsers) query.withInactiveUsers = 'true';
  }
  if (sorting.key && sorting.direction) {
    query.sortingKey = sorting.key;
    query.sortingDirection = sorting.direction;
  }
  return query;
}

export function getEmployees(params: EmployeeListParams, signal?: AbortSignal): Promise<EmployeePage> {
  return platformApi.get<EmployeePage>('/employees', {
    query: { ...params.filter, skip: params.skip, take: params.take },
    signal,
  });
}

export const getEmployeesQueryOptions = (params: EmployeeListParams) =>
  queryOptions({
    queryKey: employeeKeys.list(params),
    queryFn: ({ signal }) => getEmployees(params, signal),
    // While the next page or filter loads, the table keeps showing the previous rows.
    placeholderData: keepPreviousData,
  });

export function useEmployees(params: EmployeeListParams) {
  return useQuery(getEmployeesQueryOptions(params));
}

/** The uuids of every employee a filter matches (for bulk actions on "all matching"), 500 at a time. */
export async function getMatchingEmployeeIds(
  filter: EmployeeFilterQuery,
  onProgress?: (loaded: number, total: number) => void,
  signal?: AbortSignal,
): Promise<string[]> {
  const take = 500;
  const ids: string[] = [];
  for (let skip = 0; ; skip += take) {
    const page = await getEmployees({ filter, skip, take }, signal);
    ids.push(...page.items.map((e) => e.uuid));
    onProgress?.(ids.length, page.total);
    if (page.items.length < take || ids.length >= page.total) return ids;
  }
}
