import type { HrIntegration, HrProvider } from '@equip/domain/integrations';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { platformApi } from '@/lib/api/clients';
import { integrationKeys, integrationPath } from './query-keys';

/** `POST /api/integrations/:provider/check`: tests the stored credentials again; the answer says how it went. */
export function checkIntegration(provider: HrProvider): Promise<HrIntegration> {
  return platformApi.post<HrIntegration>(`${integrationPath(provider)}/check`);
}

export function useCheckIntegration() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: checkIntegration,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: integrationKeys.all }),
  });
}
