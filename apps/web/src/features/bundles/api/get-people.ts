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
