import type { WebhookEndpointWithSecret } from '@equip/domain/webhooks';
import { useMutation } from '@tanstack/react-query';
import { platformApi } from '@/lib/api/clients';
import { endpointPath } from './query-keys';

/** `POST /api/webhooks/:uuid/secret`: a new signing secret (the old one stops at once), shown this once. */
export function rotateWebhookSecret(uuid: string): Promise<WebhookEndpointWithSecret> {
  return platformApi.post<WebhookEndpointWithSecret>(`${endpointPath(uuid)}/secret`);
}

export function useRotateWebhookSecret() {
  return useMutation({ mutationFn: rotateWebhookSecret });
}
