import type { MdmProvider } from '@equip/domain/mdm';
import type { MdmConnection } from '@equip/domain/mdm-connections';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { platformApi } from '@/lib/api/clients';
import { connectionPath, mdmServerKeys } from './query-keys';

/** `POST /api/mdm-connections/:provider/check`: tests the stored connection; the answer says how it went. */
export function checkMdmConnection(provider: MdmProvider): Promise<MdmConnection> {
  return platformApi.post<MdmConnection>(`${connectionPath(provider)}/check`);
}

export function useCheckMdmConnection() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: checkMdmConnection,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: mdmServerKeys.all }),
  });
}
