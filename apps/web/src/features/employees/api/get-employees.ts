import type { EmployeePage } from '@equip/domain/employees';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { QueryValue } from '@/lib/api/api-client';
import { platformApi } from '@/lib/api/clients';
import type { ListPageParams } from '@/lib/list-state/list-page';
import { employeeKeys } from './query-keys';

export const EMPLOYEES_PAGE_SIZE = 50;

/**
 * The filters of `GET /api/employees` (view, the view's filters, sorting), without paging: a view's
 * `employeesTableList.toQuery`.
 */
export type EmployeeFilterQuery = Record<string, QueryValue>;

export function getEmployees(params: ListPageParams, signal?: AbortSignal): Promise<EmployeePage> {
  return platformApi.get<EmployeePage>('/employees', {
    query: { ...params.filter, skip: params.skip, take: params.take },
    signal,
  });
}

export const getEmployeesQueryOptions = (params: ListPageParams) =>
  queryOptions({
    queryKey: employeeKeys.list(params),
    queryFn: ({ signal }) => getEmployees(params, signal),
    // While the next page or filter loads, the table keeps showing the previous rows.
    placeholderData: keepPreviousData,
  });

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
