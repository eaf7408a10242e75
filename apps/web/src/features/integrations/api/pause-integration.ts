import type { HrIntegration, HrProvider } from '@equip/domain/integrations';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { platformApi } from '@/lib/api/clients';
import { integrationKeys, integrationPath } from './query-keys';

/** `POST /api/integrations/:provider/pause`: pauses the integration (INACTIVE): no checks, no syncs. */
export function pauseIntegration(provider: HrProvider): Promise<HrIntegration> {
  return platformApi.post<HrIntegration>(`${integrationPath(provider)}/pause`);
}

export function usePauseIntegration() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: pauseIntegration,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: integrationKeys.all }),
  });
}
