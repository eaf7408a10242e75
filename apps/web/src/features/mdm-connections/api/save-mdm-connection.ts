import type { MdmProvider } from '@equip/domain/mdm';
import type { MdmConnection, SaveMdmConnectionRequest } from '@equip/domain/mdm-connections';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { platformApi } from '@/lib/api/clients';
import { connectionPath, mdmServerKeys } from './query-keys';

/**
 * `PUT /api/mdm-connections/:provider`: connects the server, or replaces its address and token. The
 * server tests them first and answers 422 (nothing saved) when the server refuses or cannot be reached.
 */
export function saveMdmConnection(
  provider: MdmProvider,
  input: SaveMdmConnectionRequest,
): Promise<MdmConnection> {
  return platformApi.put<MdmConnection>(connectionPath(provider), input);
}

export function useSaveMdmConnection() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ provider, input }: { provider: MdmProvider; input: SaveMdmConnectionRequest }) =>
      saveMdmConnection(provider, input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: mdmServerKeys.all }),
  });
}
