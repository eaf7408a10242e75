import type { BulkAssetsResult, BulkDeleteAssetsRequest } from '@equip/domain/assets';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { platformApi } from '@/lib/api/clients';
import { assetKeys } from './query-keys';

/** `POST /api/assets/bulk-delete`: these items (all or none). */
export function deleteAssets(request: BulkDeleteAssetsRequest): Promise<BulkAssetsResult> {
  return platformApi.post<BulkAssetsResult>('/assets/bulk-delete', request);
}

export function useDeleteAssets() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteAssets,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: assetKeys.all }),
  });
}
