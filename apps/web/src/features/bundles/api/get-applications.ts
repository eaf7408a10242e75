import type { ApplicationPage } from '@equip/domain/bundles';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { bundleApi } from '@/lib/api/clients';
import { bundleKeys } from './query-keys';

/**
 * `GET /bundle-api/applications`: the application catalog by name (tens of applications, so one page of
 * 500 holds it; the wizard searches it in place).
 */
export function getApplications(signal?: AbortSignal): Promise<ApplicationPage> {
  return bundleApi.get<ApplicationPage>('/applications', {
    query: { sortingKey: 'name', sortingDirection: 'asc', skip: 0, take: 500 },
    signal,
  });
}

export function useApplications() {
  return useQuery(
    queryOptions({ queryKey: bundleKeys.catalog(), queryFn: ({ signal }) => getApplications(signal) }),
  );
}
