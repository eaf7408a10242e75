import type { MdmProvider } from '@equip/domain/mdm';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { platformApi } from '@/lib/api/clients';
import { connectionPath, mdmServerKeys } from './query-keys';

/** `DELETE /api/mdm-connections/:provider`: disconnects the server. */
export function deleteMdmConnection(provider: MdmProvider): Promise<void> {
  return platformApi.delete<void>(connectionPath(provider));
}

export function useDeleteMdmConnection() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteMdmConnection,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: mdmServerKeys.all }),
  });
}
