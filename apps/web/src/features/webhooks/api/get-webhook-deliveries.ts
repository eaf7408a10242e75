import type { WebhookDeliveryPage } from '@equip/domain/webhooks';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { platformApi } from '@/lib/api/clients';
import type { ListPageParams } from '@/lib/list-state/list-page';
import { endpointPath, webhookKeys } from './query-keys';

export const DELIVERIES_PAGE_SIZE = 10;

/** One page of an endpoint's deliveries, filtered and sorted by the server (newest first by default). */
export function getWebhookDeliveries(
  endpointUuid: string,
  params: ListPageParams,
  signal?: AbortSignal,
): Promise<WebhookDeliveryPage> {
  return platformApi.get<WebhookDeliveryPage>(`${endpointPath(endpointUuid)}/deliveries`, {
    query: { ...params.filter, skip: params.skip, take: params.take },
    signal,
  });
}

/**
 * A page of an endpoint's deliveries. While some are still pending or retrying the page is read again
 * every few seconds, so their outcome shows without a reload.
 */
export const getWebhookDeliveriesQueryOptions = (endpointUuid: string, params: ListPageParams) =>
  queryOptions({
    queryKey: webhookKeys.deliveryPage(endpointUuid, params),
    queryFn: ({ signal }) => getWebhookDeliveries(endpointUuid, params, signal),
    placeholderData: keepPreviousData,
    refetchInterval: (query) =>
      query.state.data?.items.some((d) => d.status === 'pending' || d.status === 'retrying') ? 3000 : false,
  });
