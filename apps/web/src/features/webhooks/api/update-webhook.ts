import type { UpdateWebhookEndpointRequest, WebhookEndpoint } from '@equip/domain/webhooks';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { platformApi } from '@/lib/api/clients';
import { endpointPath, webhookKeys } from './query-keys';

/** `PATCH /api/webhooks/:uuid`: URL, description, event types, enabled. */
export function updateWebhook(uuid: string, input: UpdateWebhookEndpointRequest): Promise<WebhookEndpoint> {
  return platformApi.patch<WebhookEndpoint>(endpointPath(uuid), input);
}

export function useUpdateWebhook() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ uuid, input }: { uuid: string; input: UpdateWebhookEndpointRequest }) =>
      updateWebhook(uuid, input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: webhookKeys.endpoints() }),
  });
}
