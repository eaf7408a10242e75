import type { AssetItemList, CreateAssetBatchInput } from '@equip/domain/assets';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { platformApi } from '@/lib/api/clients';
import { assetKeys } from './query-keys';

/** `POST /api/assets/batch`: items of several definitions, all or none. */
export function createAssets(request: CreateAssetBatchInput): Promise<AssetItemList> {
  return platformApi.post<AssetItemList>('/assets/batch', request);
}

export function useCreateAssets() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createAssets,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: assetKeys.all }),
  });
}
