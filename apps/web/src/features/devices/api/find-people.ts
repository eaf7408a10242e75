import type { EmployeePage } from '@equip/domain/employees';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { platformApi } from '@/lib/api/clients';
import { deviceKeys } from './query-keys';

/** The first people whose name or email matches `search`: whom a device can be assigned to. */
export function findPeople(search: string, signal?: AbortSignal): Promise<EmployeePage> {
  const textSearchQuery = search.trim() || undefined;
  return platformApi.get<EmployeePage>('/employees', {
    query: { textSearchQuery, sortingKey: 'name', sortingDirection: 'asc', skip: 0, take: 8 },
    signal,
  });
}

export function usePeopleSearch(search: string) {
  return useQuery(
    queryOptions({
      queryKey: deviceKeys.people(search.trim()),
      queryFn: ({ signal }) => findPeople(search, signal),
      select: (page) => page.items,
      placeholderData: keepPreviousData,
    }),
  );
}
