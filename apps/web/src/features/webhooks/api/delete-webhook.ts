import { useMutation, useQueryClient } from '@tanstack/react-query';
import { platformApi } from '@/lib/api/clients';
import { endpointPath, webhookKeys } from './query-keys';

/** `DELETE /api/webhooks/:uuid`: the endpoint and its deliveries. */
export function deleteWebhook(uuid: string): Promise<void> {
  return platformApi.delete<void>(endpointPath(uuid));
}

export function useDeleteWebhook() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteWebhook,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: webhookKeys.all }),
  });
}
