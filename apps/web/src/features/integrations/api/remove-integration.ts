import type { HrProvider } from '@equip/domain/integrations';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { platformApi } from '@/lib/api/clients';
import { integrationKeys, integrationPath } from './query-keys';

/** `DELETE /api/integrations/:provider`: removes the integration and its stored credentials. */
export function removeIntegration(provider: HrProvider): Promise<void> {
  return platformApi.delete<void>(integrationPath(provider));
}

export function useRemoveIntegration() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: removeIntegration,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: integrationKeys.all }),
  });
}
