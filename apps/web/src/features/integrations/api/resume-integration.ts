import type { HrIntegration, HrProvider } from '@equip/domain/integrations';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { platformApi } from '@/lib/api/clients';
import { integrationKeys, integrationPath } from './query-keys';

/** `POST /api/integrations/:provider/resume`: takes the integration back from a pause and tests it. */
export function resumeIntegration(provider: HrProvider): Promise<HrIntegration> {
  return platformApi.post<HrIntegration>(`${integrationPath(provider)}/resume`);
}

export function useResumeIntegration() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: resumeIntegration,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: integrationKeys.all }),
  });
}
