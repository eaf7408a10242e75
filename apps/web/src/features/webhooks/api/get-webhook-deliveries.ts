import type { WebhookDeliveryPage } from '@equip/domain/webhooks';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { platformApi } from '@/lib/api/clients';
import { endpointPath, webhookKeys } from './query-keys';

export const DELIVERIES_PAGE_SIZE = 10;

export function getWebhookDeliveries(
  endpointUuid: string,
  skip: number,
  signal?: AbortSignal,
): Promise<WebhookDeliveryPage> {
  return platformApi.get<WebhookDeliveryPage>(
    `${endpointPath(endpointUuid)}/deliveries?skip=${skip}&take=${DELIVERIES_PAGE_SIZE}`,
    { signal },
  );
}

export const getWebhookDeliveriesQueryOptions = (endpointUuid: string, skip: number) =>
  queryOptions({
    queryKey: webhookKeys.deliveryPage(endpointUuid, skip),
    queryFn: ({ signal }) => getWebhookDeliveries(endpointUuid, skip, signal),
    placeholderData: keepPreviousData,
  });

/**
 * A page of an endpoint's deliveries, newest first. While some are still pending or retrying the page
 * is read again every few seconds, so their outcome shows without a reload.
 */
export function useWebhookDeliveries(endpointUuid: string, skip: number) {
  return useQuery({
    ...getWebhookDeliveriesQueryOptions(endpointUuid, skip),
    refetchInterval: (query) =>
      query.state.data?.items.some((d) => d.status === 'pending' || d.status === 'retrying') ? 3000 : false,
  });
}
