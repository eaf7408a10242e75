import type { AssetItem, UpdateAssetRequest } from '@equip/domain/assets';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { platformApi } from '@/lib/api/clients';
import { assetKeys } from './query-keys';

/** `PATCH /api/assets/:uuid`: the fields given (serial number, notes, properties, an unassigned item's status). */
export function updateAsset(uuid: string, changes: UpdateAssetRequest): Promise<AssetItem> {
  return platformApi.patch<AssetItem>(`/assets/${encodeURIComponent(uuid)}`, changes);
}

export function useUpdateAsset(uuid: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (changes: UpdateAssetRequest) => updateAsset(uuid, changes),
    onSuccess: (item) => {
      queryClient.setQueryData(assetKeys.detail(uuid), item);
      return queryClient.invalidateQueries({ queryKey: assetKeys.all });
    },
  });
}
