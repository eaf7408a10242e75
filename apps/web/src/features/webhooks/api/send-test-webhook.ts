import type { WebhookDelivery } from '@equip/domain/webhooks';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { platformApi } from '@/lib/api/clients';
import { endpointPath, webhookKeys } from './query-keys';

/** `POST /api/webhooks/:uuid/test`: a `webhook.test` event to this endpoint. */
export function sendTestWebhook(endpointUuid: string): Promise<WebhookDelivery> {
  return platformApi.post<WebhookDelivery>(`${endpointPath(endpointUuid)}/test`);
}

export function useSendTestWebhook(endpointUuid: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => sendTestWebhook(endpointUuid),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: webhookKeys.deliveries(endpointUuid) }),
  });
}
