import type { Employee, EmployeeListItem, EmployeePage } from '@equip/domain/employees';
import { type QueryClient, queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { platformApi } from '@/lib/api/clients';
import { employeeKeys } from './query-keys';

export function getEmployee(uuid: string, signal?: AbortSignal): Promise<Employee> {
  return platformApi.get<Employee>(`/employees/${encodeURIComponent(uuid)}`, { signal });
}

/** The row a table page already holds (what the table shows of a person, not the whole record). */
export function findEmployeeInLists(queryClient: QueryClient, uuid: string): EmployeeListItem | undefined {
  for (const [, page] of queryClient.getQueriesData<EmployeePage>({ queryKey: employeeKeys.lists() })) {
    const found = page?.items.find((e) => e.uuid === uuid);
    if (found) return found;
  }
  return undefined;
}

export const getEmployeeQueryOptions = (uuid: string) =>
  queryOptions({
    queryKey: employeeKeys.detail(uuid),
    queryFn: ({ signal }): Promise<Employee> => getEmployee(uuid, signal),
  });

/** A person's whole record, from the cache when a screen has loaded it, else from the API. */
export function getEmployeeCached(queryClient: QueryClient, uuid: string): Promise<Employee> {
  return queryClient.fetchQuery(getEmployeeQueryOptions(uuid));
}

export function useEmployee(uuid: string) {
  return useQuery(getEmployeeQueryOptions(uuid));
}

/** What a header shows of a person: the record once loaded, until then the table's row (at once). */
export function useEmployeeSummary(uuid: string): Omit<EmployeeListItem, 'flowDraft'> | undefined {
  const queryClient = useQueryClient();
  const { data } = useEmployee(uuid);
  return data ?? findEmployeeInLists(queryClient, uuid);
}
