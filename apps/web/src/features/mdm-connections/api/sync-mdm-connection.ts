import type { MdmProvider } from '@equip/domain/mdm';
import type { MdmConnection } from '@equip/domain/mdm-connections';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { platformApi } from '@/lib/api/clients';
import { connectionPath, mdmServerKeys } from './query-keys';

/**
 * `POST /api/mdm-connections/:provider/sync` ("Sync now", decision 025): asks for the connection's
 * inventory sync; the answer (202) is the connection with its sync asked for, and the list polls until
 * the sync has finished.
 */
export function syncMdmConnection(provider: MdmProvider): Promise<MdmConnection> {
  return platformApi.post<MdmConnection>(`${connectionPath(provider)}/sync`);
}

export function useSyncMdmConnection() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: syncMdmConnection,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: mdmServerKeys.all }),
  });
}
