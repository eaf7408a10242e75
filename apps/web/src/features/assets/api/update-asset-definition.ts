import type { AssetDefinition, UpdateAssetDefinitionRequest } from '@equip/domain/assets';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { platformApi } from '@/lib/api/clients';
import { assetKeys } from './query-keys';

/** `PATCH /api/asset-definitions/:uuid`: the fields given. */
export function updateAssetDefinition(
  uuid: string,
  changes: UpdateAssetDefinitionRequest,
): Promise<AssetDefinition> {
  return platformApi.patch<AssetDefinition>(`/asset-definitions/${encodeURIComponent(uuid)}`, changes);
}

/** `DELETE /api/asset-definitions/:uuid`: the definition and its items. */
export function deleteAssetDefinition(uuid: string): Promise<void> {
  return platformApi.delete<void>(`/asset-definitions/${encodeURIComponent(uuid)}`);
}

/** A definition's name and kind show on every item: the whole area is refreshed. */
export function useUpdateAssetDefinition(uuid: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (changes: UpdateAssetDefinitionRequest) => updateAssetDefinition(uuid, changes),
    onSuccess: (definition) => {
      queryClient.setQueryData(assetKeys.definition(uuid), definition);
      return queryClient.invalidateQueries({ queryKey: assetKeys.all });
    },
  });
}

export function useDeleteAssetDefinition(uuid: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => deleteAssetDefinition(uuid),
    onSuccess: () => {
      queryClient.removeQueries({ queryKey: assetKeys.definition(uuid) });
      return queryClient.invalidateQueries({ queryKey: assetKeys.all });
    },
  });
}
