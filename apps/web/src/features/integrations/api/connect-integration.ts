import type { ConnectIntegrationRequest, HrIntegration, HrProvider } from '@equip/domain/integrations';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { platformApi } from '@/lib/api/clients';
import { integrationKeys, integrationPath } from './query-keys';

/**
 * `PUT /api/integrations/:provider`: connects the HR system, or replaces its credentials. The server
 * tests them first and answers 422 (nothing saved) when the HR system refuses them or cannot be reached.
 */
export function connectIntegration(
  provider: HrProvider,
  input: ConnectIntegrationRequest,
): Promise<HrIntegration> {
  return platformApi.put<HrIntegration>(integrationPath(provider), input);
}

export function useConnectIntegration() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ provider, input }: { provider: HrProvider; input: ConnectIntegrationRequest }) =>
      connectIntegration(provider, input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: integrationKeys.all }),
  });
}
