import type { CreateWebhookEndpointRequest, WebhookEndpointWithSecret } from '@equip/domain/webhooks';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { platformApi } from '@/lib/api/clients';
import { webhookKeys } from './query-keys';

/** `POST /api/webhooks`: the answer holds the signing secret, this once. */
export function createWebhook(input: CreateWebhookEndpointRequest): Promise<WebhookEndpointWithSecret> {
  return platformApi.post<WebhookEndpointWithSecret>('/webhooks', input);
}

export function useCreateWebhook() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createWebhook,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: webhookKeys.endpoints() }),
  });
}
