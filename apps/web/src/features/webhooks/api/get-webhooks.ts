import type { WebhookEndpointList } from '@equip/domain/webhooks';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { platformApi } from '@/lib/api/clients';
import { webhookKeys } from './query-keys';

export function getWebhooks(signal?: AbortSignal): Promise<WebhookEndpointList> {
  return platformApi.get<WebhookEndpointList>('/webhooks', { signal });
}

export const getWebhooksQueryOptions = () =>
  queryOptions({
    queryKey: webhookKeys.endpoints(),
    queryFn: ({ signal }) => getWebhooks(signal),
    select: (data) => data.items,
  });

/** The organisation's endpoints (never their secrets). */
export function useWebhooks() {
  return useQuery(getWebhooksQueryOptions());
}
