import type { AssetDefinition, CreateAssetDefinitionRequest } from '@equip/domain/assets';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { platformApi } from '@/lib/api/clients';
import { assetKeys } from './query-keys';

/** `POST /api/asset-definitions`: a model the organisation keeps. */
export function createAssetDefinition(request: CreateAssetDefinitionRequest): Promise<AssetDefinition> {
  return platformApi.post<AssetDefinition>('/asset-definitions', request);
}

export function useCreateAssetDefinition() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createAssetDefinition,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: assetKeys.definitions() }),
  });
}
