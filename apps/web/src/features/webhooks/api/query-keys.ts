import type { ListPageParams } from '@/lib/list-state/list-page';

/** Query keys of the webhooks area; invalidating `webhookKeys.all` refreshes endpoints and deliveries. */
export const webhookKeys = {
  all: ['webhooks'] as const,
  endpoints: () => [...webhookKeys.all, 'endpoints'] as const,
  deliveries: (endpointUuid: string) => [...webhookKeys.all, 'deliveries', endpointUuid] as const,
  deliveryPage: (endpointUuid: string, params: ListPageParams) =>
    [...webhookKeys.deliveries(endpointUuid), params] as const,
};

export const endpointPath = (uuid: string) => `/webhooks/${encodeURIComponent(uuid)}`;
