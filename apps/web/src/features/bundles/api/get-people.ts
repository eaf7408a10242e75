import type { DepartmentPeople } from '@equip/domain/bundle-installs';
import type { EmployeePage } from '@equip/domain/employees';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { bundleApi, platformApi } from '@/lib/api/clients';
import { bundleKeys } from './query-keys';

/** `GET /api/employees`: the first people matching a search, for the wizard's employees step. */
export function getPeople(search: string, signal?: AbortSignal): Promise<EmployeePage> {
  return platformApi.get<EmployeePage>('/employees', {
    query: { textSearchQuery: search, skip: 0, take: 50 },
    signal,
  });
}

export function usePeople(search: string) {
  return useQuery(
    queryOptions({
      queryKey: bundleKeys.people(search),
      queryFn: ({ signal }) => getPeople(search, signal),
      placeholderData: keepPreviousData,
    }),
  );
}

/**
 * `GET /bundle-api/people?department=`: everyone whose department is this one (as the bundle suggestions
 * read it): the wizard assigns a whole department through the same assign route.
 */
export async function getDepartmentPeople(department: string, signal?: AbortSignal) {
  const page = await bundleApi.get<DepartmentPeople>('/people', {
    query: { department: department.trim() },
    signal,
  });
  return page.items;
}
