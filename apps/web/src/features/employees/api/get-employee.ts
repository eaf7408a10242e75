import type { Employee, EmployeePage } from '@equip/domain/employees';
import { type QueryClient, queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { platformApi } from '@/lib/api/clients';
import { employeeKeys } from './query-keys';

export function getEmployee(uuid: string, signal?: AbortSignal): Promise<Employee> {
  return platformApi.get<Employee>(`/employees/${encodeURIComponent(uuid)}`, { signal });
}

/** The row a table page already holds, so the detail shows at once while it is fetched. */
export function findEmployeeInLists(queryClient: QueryClient, uuid: string): Employee | undefined {
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

export function useEmployee(uuid: string) {
  const queryClient = useQueryClient();
  return useQuery({
    ...getEmployeeQueryOptions(uuid),
    placeholderData: () => findEmployeeInLists(queryClient, uuid),
  });
}
