import type { WebhookDelivery } from '@equip/domain/webhooks';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { platformApi } from '@/lib/api/clients';
import { endpointPath, webhookKeys } from './query-keys';

/** `POST /api/webhooks/:uuid/deliveries/:deliveryUuid/redeliver`: again now, same webhook-id. */
export function redeliverWebhook(endpointUuid: string, deliveryUuid: string): Promise<WebhookDelivery> {
  return platformApi.post<WebhookDelivery>(
    `${endpointPath(endpointUuid)}/deliveries/${encodeURIComponent(deliveryUuid)}/redeliver`,
  );
}

export function useRedeliverWebhook(endpointUuid: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (deliveryUuid: string) => redeliverWebhook(endpointUuid, deliveryUuid),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: webhookKeys.deliveries(endpointUuid) }),
  });
}
