import type { EmployeePage } from '@equip/domain/employees';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { platformApi } from '@/lib/api/clients';
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

/** How many people of one department the wizard adds at most in one go (the list's largest page). */
export const DEPARTMENT_PEOPLE_LIMIT = 500;

/**
 * The people of a department (`GET /api/employees` searched by its name, then those whose department is
 * that name, case aside): the wizard assigns a whole department through the same assign route.
 */
export async function getDepartmentPeople(department: string, signal?: AbortSignal) {
  const wanted = department.trim().toLocaleLowerCase();
  const page = await platformApi.get<EmployeePage>('/employees', {
    query: { textSearchQuery: department.trim(), skip: 0, take: DEPARTMENT_PEOPLE_LIMIT },
    signal,
  });
  return page.items.filter((person) => person.department?.trim().toLocaleLowerCase() === wanted);
}
