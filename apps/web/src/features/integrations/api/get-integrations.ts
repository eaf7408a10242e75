import type { HrIntegrationList } from '@equip/domain/integrations';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { platformApi } from '@/lib/api/clients';
import { integrationKeys } from './query-keys';

export function getIntegrations(signal?: AbortSignal): Promise<HrIntegrationList> {
  return platformApi.get<HrIntegrationList>('/integrations', { signal });
}

export const getIntegrationsQueryOptions = () =>
  queryOptions({
    queryKey: integrationKeys.list(),
    queryFn: ({ signal }) => getIntegrations(signal),
    select: (data) => data.items,
  });

/** The organisation's HR integrations (never their credentials). */
export function useIntegrations() {
  return useQuery(getIntegrationsQueryOptions());
}
