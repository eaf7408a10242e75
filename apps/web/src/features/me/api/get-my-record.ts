import type { Employee } from '@equip/domain/employees';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { platformApi } from '@/lib/api/clients';
import { retryUnlessClientError } from '@/lib/session';

/** The person's own employee record (regular users may read only themselves). */
export function getMyRecord(accountUuid: string, signal?: AbortSignal): Promise<Employee> {
  return platformApi.get<Employee>(`/employees/${encodeURIComponent(accountUuid)}`, { signal });
}

export function myRecordQueryOptions(accountUuid: string) {
  return queryOptions({
    queryKey: ['me', 'record', accountUuid],
    queryFn: ({ signal }) => getMyRecord(accountUuid, signal),
    retry: retryUnlessClientError,
  });
}

export function useMyRecord(accountUuid: string) {
  return useQuery(myRecordQueryOptions(accountUuid));
}
